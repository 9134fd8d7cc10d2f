/// A problem with a results database, naming the file and what to do.
public struct StoreError: Error, Sendable, CustomStringConvertible {
    public var path: String
    public var message: String
    /// A failure of the machine (disk full, I/O error) rather than of the input.
    public var isInternal: Bool
    /// The disk filled up: reported like every other command's disk-full failure.
    public var isDiskFull: Bool
    public init(path: String, message: String, isInternal: Bool = false, isDiskFull: Bool = false) {
        self.path = path; self.message = message; self.isInternal = isInternal || isDiskFull;
        self.isDiskFull = isDiskFull
    }
    public var description: String { "\(path): \(message)" }
}
