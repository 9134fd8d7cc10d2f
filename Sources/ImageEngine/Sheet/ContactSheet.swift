/// A labelled grid of one photo under several adjustments, e.g. every effect of
/// the catalog: what an effects browser shows, and what a person looks at to
/// judge the renders.
public enum ContactSheet {
    /// One cell: a label and the adjustments to render.
    public struct Cell: Sendable {
        public var label: String
        public var adjustments: Adjustments
        public init(label: String, adjustments: Adjustments) { self.label = label; self.adjustments = adjustments }
    }

    /// The original plus the 24 catalog effects, one family per row.
    public static func effectCells(base: Adjustments = Adjustments()) -> [Cell] {
        var cells: [Cell] = []
        for family in EffectFamily.allCases {
            cells.append(
                Cell(
                    label: family == .blackAndWhite ? "original" : "",
                    adjustments: family == .blackAndWhite ? base : Adjustments()))
            for e in EffectCatalog.family(family) {
                var a = base
                a.effect = e.effect
                cells.append(Cell(label: "\(e.id) \(e.displayName)", adjustments: a))
            }
        }
        return cells
    }

    /// Renders `cells` of `photo` (each thumbnail fits `thumbnail` px) in `columns` columns.
    public static func render(
        _ photo: Image, cells: [Cell], columns: Int = 5, thumbnail: Int = 240,
        renderer: Renderer = Renderer()
    ) -> Image {
        let proxy = photo.downscaled(toFit: thumbnail)
        let pad = 8, labelH = 14
        let cw = proxy.width + pad, ch = proxy.height + labelH + pad
        let rows = (cells.count + columns - 1) / columns
        var sheet = Image(width: columns * cw + pad, height: rows * ch + pad, filledWith: SIMD4(0.02, 0.02, 0.02, 1))
        for (i, cell) in cells.enumerated() {
            let ox = pad + (i % columns) * cw, oy = pad + (i / columns) * ch
            if cell.label.isEmpty { continue }
            let img = renderer.render(proxy, with: cell.adjustments)
            for y in 0..<img.height {
                for x in 0..<img.width {
                    var p = img[x, y]
                    p.w = 1
                    sheet[ox + x, oy + y] = p
                }
            }
            BitmapFont.draw(cell.label, into: &sheet, x: ox, y: oy + img.height + 3, color: SIMD4(0.8, 0.8, 0.8, 1))
        }
        return sheet
    }
}
