import Foundation

/// A report as a sequence of blocks, rendered both as HTML and as Markdown so
/// the two never drift apart. All user-supplied text is escaped on output.
public struct ReportDocument: Sendable {
    public enum Block: Sendable {
        case heading(level: Int, text: String)
        case paragraph(String)
        case bullets([String])
        /// A table; `links[r][c]`, where given and not nil, makes that cell a link.
        case table(header: [String], rows: [[String]], links: [[String?]] = [])
        /// An image file beside the report, with alt text and a caption; `links`
        /// are the figure's data and script files.
        case figure(file: String, caption: String, links: [String])
        case code(String)
        /// A paragraph that is one link, e.g. to another report.
        case link(text: String, href: String)
        /// The blocks up to the matching `.foldEnd` are folded away under `summary` (`<details>`):
        /// the long analysis a reader opens when the one-screen answer is not enough.
        case foldStart(summary: String)
        case foldEnd
    }

    public var title: String
    public var blocks: [Block] = []

    public init(title: String) { self.title = title }

    public mutating func add(_ block: Block) { blocks.append(block) }

    public var markdown: String {
        var out = "# \(markdownEscape(title))\n\n"
        for block in blocks {
            switch block {
            case .heading(let level, let text):
                out += String(repeating: "#", count: level) + " \(markdownEscape(text))\n\n"
            case .paragraph(let text):
                out += markdownEscape(text) + "\n\n"
            case .bullets(let items):
                out += items.map { "- " + markdownEscape($0) }.joined(separator: "\n") + "\n\n"
            case .table(let header, let rows, let links):
                out += "| " + header.map(markdownCell).joined(separator: " | ") + " |\n"
                out += "|" + header.map { _ in "---|" }.joined() + "\n"
                for (r, row) in rows.enumerated() {
                    let cells = row.enumerated().map { c, text in
                        cellLink(links, r, c).map { "[\(markdownCell(text))](\($0))" } ?? markdownCell(text)
                    }
                    out += "| " + cells.joined(separator: " | ") + " |\n"
                }
                out += "\n"
            case .figure(let file, let caption, let links):
                out += "![\(markdownEscape(caption))](\(file))\n\n*\(markdownEscape(caption))* "
                out += links.map { "[\($0)](\($0))" }.joined(separator: " · ") + "\n\n"
            case .code(let text):
                let fence = Self.codeFence(for: text)
                out += "\(fence)\n\(text)\n\(fence)\n\n"
            case .link(let text, let href):
                out += "[\(markdownEscape(text))](\(href))\n\n"
            case .foldStart(let summary):
                out += "<details><summary>\(htmlEscape(summary))</summary>\n\n"
            case .foldEnd:
                out += "</details>\n\n"
            }
        }
        return out
    }

    /// A backtick fence longer than any run of backticks in `text` (at least three), so no line
    /// of the text — a spec's description starting with ``` — can close the block (CommonMark §4.5).
    static func codeFence(for text: String) -> String {
        var longest = 0, run = 0
        for c in text.unicodeScalars {
            run = c == "`" ? run + 1 : 0
            longest = max(longest, run)
        }
        return String(repeating: "`", count: max(3, longest + 1))
    }

    public var html: String {
        var out = """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(htmlEscape(title))</title>
            <style>
            body { font: 15px/1.5 system-ui, sans-serif; max-width: 1000px; margin: 2em auto; padding: 0 1em; \
            color: #1d1d1f; }
            table { border-collapse: collapse; margin: 1em 0; font-variant-numeric: tabular-nums; display: block; \
            overflow-x: auto; max-width: 100%; }
            th, td { border: 1px solid #d2d2d7; padding: 4px 8px; text-align: left; }
            th { background: #f5f5f7; }
            figure { margin: 1.5em 0; } figure img { max-width: 100%; border: 1px solid #eee; }
            figcaption { color: #555; font-size: 13px; } pre { background: #f5f5f7; padding: 1em; overflow-x: auto; }
            </style></head><body>
            <h1>\(htmlEscape(title))</h1>

            """
        for block in blocks {
            switch block {
            case .heading(let level, let text):
                out += "<h\(level)>\(htmlEscape(text))</h\(level)>\n"
            case .paragraph(let text):
                out += "<p>\(htmlEscape(text))</p>\n"
            case .bullets(let items):
                out += "<ul>\n" + items.map { "<li>\(htmlEscape($0))</li>" }.joined(separator: "\n") + "\n</ul>\n"
            case .table(let header, let rows, let links):
                out += "<table>\n<tr>" + header.map { "<th>\(htmlEscape($0))</th>" }.joined() + "</tr>\n"
                for (r, row) in rows.enumerated() {
                    let cells = row.enumerated().map { c, text in
                        cellLink(links, r, c).map { "<a href=\"\(htmlEscape($0))\">\(htmlEscape(text))</a>" }
                            ?? htmlEscape(text)
                    }
                    out += "<tr>" + cells.map { "<td>\($0)</td>" }.joined() + "</tr>\n"
                }
                out += "</table>\n"
            case .figure(let file, let caption, let links):
                out += "<figure><img src=\"\(htmlEscape(file))\" alt=\"\(htmlEscape(caption))\">"
                out += "<figcaption>\(htmlEscape(caption)) "
                out += links.map { "<a href=\"\(htmlEscape($0))\">\(htmlEscape($0))</a>" }.joined(separator: " · ")
                out += "</figcaption></figure>\n"
            case .code(let text):
                out += "<pre>\(htmlEscape(text))</pre>\n"
            case .link(let text, let href):
                out += "<p><a href=\"\(htmlEscape(href))\">\(htmlEscape(text))</a></p>\n"
            case .foldStart(let summary):
                out += "<details><summary>\(htmlEscape(summary))</summary>\n"
            case .foldEnd:
                out += "</details>\n"
            }
        }
        return out + "</body></html>\n"
    }
}

/// Escapes text for HTML element content and attribute values.
public func htmlEscape(_ s: String) -> String {
    var out = ""
    out.reserveCapacity(s.count)
    for c in s {
        switch c {
        case "&": out += "&amp;"
        case "<": out += "&lt;"
        case ">": out += "&gt;"
        case "\"": out += "&quot;"
        case "'": out += "&#39;"
        default: out.append(c)
        }
    }
    return out
}

/// Escapes Markdown's inline markup characters.
func markdownEscape(_ s: String) -> String {
    var out = ""
    for c in s {
        if "\\`*_[]<>#|".contains(c) { out.append("\\") }
        out.append(c)
    }
    return out
}

/// The link of a table's cell at row `r`, column `c`, if it has one.
private func cellLink(_ links: [[String?]], _ r: Int, _ c: Int) -> String? {
    r < links.count && c < links[r].count ? links[r][c] : nil
}

private func markdownCell(_ s: String) -> String {
    markdownEscape(s).replacingOccurrences(of: "\n", with: " ")
}
