import Interaction

/// A length or position on a screen, written as a design file writes it: `safe.top + 44`,
/// `min(180, safe.width - 192)`, `cancel.bottom + 12`. It leans on guides — the whole screen, its safe area, or a
/// control declared earlier — so one file lays out every device, orientation and window, as Auto Layout does.
public indirect enum LayoutExpression: Sendable, Hashable {
    case number(Double)
    /// An edge or size of a guide: `screen`, `safe` or a control's id.
    case guide(String, Anchor)
    case sum(LayoutExpression, LayoutExpression)
    case difference(LayoutExpression, LayoutExpression)
    case product(LayoutExpression, LayoutExpression)
    case quotient(LayoutExpression, LayoutExpression)
    case minimum(LayoutExpression, LayoutExpression)
    case maximum(LayoutExpression, LayoutExpression)

    /// What of a guide an expression reads. Leading and trailing are left and right: a right-to-left layout
    /// is the left-to-right one mirrored.
    public enum Anchor: String, Sendable, Hashable, CaseIterable {
        case leading, trailing, top, bottom, width, height
        case centerX = "center_x", centerY = "center_y"

        public func value(of r: Rect) -> Double {
            switch self {
            case .leading: r.minX
            case .trailing: r.maxX
            case .top: r.minY
            case .bottom: r.maxY
            case .width: r.width
            case .height: r.height
            case .centerX: r.center.x
            case .centerY: r.center.y
            }
        }
    }

    /// The value with the guides' rectangles `guides` (by name).
    public func value(_ guides: [String: Rect]) -> Double {
        switch self {
        case .number(let v): v
        case .guide(let name, let anchor): anchor.value(of: guides[name]!)
        case .sum(let a, let b): a.value(guides) + b.value(guides)
        case .difference(let a, let b): a.value(guides) - b.value(guides)
        case .product(let a, let b): a.value(guides) * b.value(guides)
        case .quotient(let a, let b): a.value(guides) / b.value(guides)
        case .minimum(let a, let b): min(a.value(guides), b.value(guides))
        case .maximum(let a, let b): max(a.value(guides), b.value(guides))
        }
    }

    /// The guides it reads.
    public var guides: Set<String> {
        switch self {
        case .number: []
        case .guide(let name, _): [name]
        case .sum(let a, let b), .difference(let a, let b), .product(let a, let b), .quotient(let a, let b),
            .minimum(let a, let b), .maximum(let a, let b):
            a.guides.union(b.guides)
        }
    }
}

/// Something wrong in an expression: what, and at which character (0-based) of its text.
public struct LayoutExpressionError: Error, Sendable, Hashable {
    public var offset: Int
    public var message: String
}

extension LayoutExpression {
    /// The longest expression and the deepest nesting a design file may write (the parser and the evaluator
    /// recurse; no layout needs more).
    public static let maximumLength = 200, maximumDepth = 16

    /// Reads `text`: numbers, `guide.anchor`, `+ - * /`, parentheses, `min(a, b)`, `max(a, b)`.
    public static func parse(_ text: String) throws(LayoutExpressionError) -> LayoutExpression {
        guard text.count <= maximumLength else {
            throw LayoutExpressionError(offset: maximumLength, message: "longer than \(maximumLength) characters")
        }
        var p = Parser(Array(text))
        let e = try p.sum()
        p.skipSpaces()
        guard p.at >= p.chars.count else {
            throw LayoutExpressionError(offset: p.at, message: "unexpected '\(p.chars[p.at])'")
        }
        return e
    }

    private struct Parser {
        let chars: [Character]
        var at = 0, depth = 0
        init(_ chars: [Character]) { self.chars = chars }

        mutating func skipSpaces() { while at < chars.count, chars[at] == " " { at += 1 } }

        mutating func take(_ c: Character) -> Bool {
            skipSpaces()
            guard at < chars.count, chars[at] == c else { return false }
            at += 1
            return true
        }

        mutating func sum() throws(LayoutExpressionError) -> LayoutExpression {
            var e = try product()
            while true {
                if take("+") { e = .sum(e, try product()) } else if take("-") { e = .difference(e, try product()) }
                else { return e }
            }
        }

        mutating func product() throws(LayoutExpressionError) -> LayoutExpression {
            var e = try factor()
            while true {
                if take("*") { e = .product(e, try factor()) } else if take("/") { e = .quotient(e, try factor()) }
                else { return e }
            }
        }

        mutating func factor() throws(LayoutExpressionError) -> LayoutExpression {
            skipSpaces()
            let start = at
            depth += 1
            defer { depth -= 1 }
            guard depth <= LayoutExpression.maximumDepth else {
                throw LayoutExpressionError(offset: at, message: "nested deeper than \(LayoutExpression.maximumDepth)")
            }
            if take("(") {
                let e = try sum()
                guard take(")") else { throw LayoutExpressionError(offset: at, message: "expected ')'") }
                return e
            }
            if take("-") { return .difference(.number(0), try factor()) }
            while at < chars.count, chars[at].isLetter || chars[at].isNumber || "._-".contains(chars[at]) {
                // A '-' continues a name (`log-in.bottom`) but not a number (`44-8`).
                if chars[at] == "-", at == start || chars[start].isNumber { break }
                at += 1
            }
            let word = String(chars[start..<at])
            guard !word.isEmpty else {
                throw LayoutExpressionError(
                    offset: start, message: "expected a number, a guide (screen.top, safe.width, <id>.bottom), "
                        + "min(…) or max(…)")
            }
            if let v = Double(word) { return .number(v) }
            if word == "min" || word == "max" {
                guard take("(") else { throw LayoutExpressionError(offset: at, message: "expected '(' after \(word)") }
                let a = try sum()
                guard take(",") else {
                    throw LayoutExpressionError(offset: at, message: "expected ',' in \(word)(a, b)")
                }
                let b = try sum()
                guard take(")") else { throw LayoutExpressionError(offset: at, message: "expected ')'") }
                return word == "min" ? .minimum(a, b) : .maximum(a, b)
            }
            guard let dot = word.lastIndex(of: "."),
                let anchor = Anchor(rawValue: String(word[word.index(after: dot)...]))
            else {
                let anchors = Anchor.allCases.map(\.rawValue).joined(separator: ", ")
                let hint = word.contains("-") ? "; put spaces around a '-' that subtracts" : ""
                throw LayoutExpressionError(
                    offset: start, message: "'\(word)' is not a number or a guide's anchor (\(anchors))\(hint)")
            }
            return .guide(String(word[..<dot]), anchor)
        }
    }
}
