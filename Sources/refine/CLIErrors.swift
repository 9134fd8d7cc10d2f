import ArgumentParser
import Designs
import Foundation
import Harness
import ImageEngine
import Reports

/// Exit codes shared by every command (documented in `refine --help`).
enum ExitCodes {
    static let checkFailed: Int32 = 1
    static let invalidInput: Int32 = 2
    static let internalError: Int32 = 3
    static let interrupted: Int32 = 130
}

/// Runs a command body, turning known errors into one clear line on standard
/// error and the documented exit code.
func reportingErrors(_ body: () throws -> Void) throws {
    do {
        try body()
    } catch let e as ExitCode {
        throw e
    } catch let e as SpecError {
        fail("\(e)", ExitCodes.invalidInput)
    } catch let e as StoreError {
        report(e)
    } catch let e as InputError {
        fail("\(e)", ExitCodes.invalidInput)
    } catch let e as OutputFolderError {
        fail("\(e)", ExitCodes.invalidInput)
    } catch let e as ReportError {
        // A report's problems name the file and what to do (no run, a bad baseline, gnuplot missing).
        fail("\(e)", ExitCodes.invalidInput)
    } catch let e as InputFileError {
        fail("\(e)", ExitCodes.invalidInput)
    } catch let e as RunInterrupted {
        fail("\(e)", ExitCodes.interrupted)
    } catch let e as DiskFullError {
        fail("\(e)", ExitCodes.internalError)
    } catch {
        // The same sentence for a full disk whichever command and library hit it.
        if DiskFullError.matches(error) {
            fail("no space left on the device; free some space and run the command again", ExitCodes.internalError)
        }
        if let e = RunStore.explain(error, path: "the database") { report(e) }
        fail("internal error: \(error)", ExitCodes.internalError)
    }
}

private func report(_ e: StoreError) -> Never {
    if e.isDiskFull { fail("\(e)", ExitCodes.internalError) }
    fail(
        e.isInternal ? "internal error: \(e)" : "\(e)", e.isInternal ? ExitCodes.internalError : ExitCodes.invalidInput)
}

/// Prints what `Leftovers.clean` did, one line each, on standard error.
/// A line for the person at the terminal that no script reads: on stderr, so `--json` stays JSON.
func notice(_ line: String) {
    FileHandle.standardError.write(Data("refine: \(line)\n".utf8))
}

func announce(_ cleaned: [Leftovers.Cleaned]) {
    for c in cleaned { FileHandle.standardError.write(Data("refine: \(c)\n".utf8)) }
}

private func fail(_ message: String, _ code: Int32) -> Never {
    FileHandle.standardError.write(Data("refine: error: \(message)\n".utf8))
    Foundation.exit(code)
}

/// A bad flag value or file, worded for the user.
struct InputError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// Prints `value` as pretty, key-sorted JSON on standard output.
func printJSON<T: Encodable>(_ value: T) throws {
    print(String(decoding: try JSONFiles.encoded(value), as: UTF8.self))
}
