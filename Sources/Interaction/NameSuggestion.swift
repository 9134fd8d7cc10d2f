/// Suggestions for mistyped names (designs, devices, parameters): every error
/// about an unknown name offers the nearest valid one.

/// The candidate closest to `name` by edit distance, if it is plausibly a typo.
public func nearestName(to name: String, in candidates: [String]) -> String? {
    let scored = candidates.map { ($0, editDistance(name.lowercased(), $0.lowercased())) }
    guard let best = scored.min(by: { $0.1 < $1.1 || ($0.1 == $1.1 && $0.0 < $1.0) }) else { return nil }
    return best.1 <= max(3, name.count / 2) ? best.0 : nil
}

/// Levenshtein distance between two strings.
public func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a), b = Array(b)
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var prev = Array(0...b.count)
    var cur = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
        cur[0] = i
        for j in 1...b.count {
            cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
        }
        swap(&prev, &cur)
    }
    return prev[b.count]
}
