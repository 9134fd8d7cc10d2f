extension LabImage {
    /// CIEDE2000 per pixel against `other` (same size), for comparisons by region.
    public func deltaE2000Map(to other: LabImage) -> [Float] {
        precondition(width == other.width && height == other.height, "deltaE2000Map: sizes differ")
        return zip(pixels, other.pixels).map { $0 == $1 ? 0 : Self.deltaE2000($0, $1) }
    }
}
