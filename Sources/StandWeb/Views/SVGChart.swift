/// Charts drawn on the server as SVG: no script and no inline style (the CSP
/// forbids both), colours from the stylesheet's classes. Only the SVG subset
/// the page policy keeps is used (`SanitisePolicy.svgChartElements`).
enum SVGChart {
    /// A horizontal bar filled to `percent` of its width.
    static func shareBar(percent: Int) -> String {
        let filled = min(max(percent, 0), 100)
        return "<svg class=\"share-bar\" viewBox=\"0 0 100 10\" preserveAspectRatio=\"none\" aria-hidden=\"true\" focusable=\"false\">"
            + "<rect class=\"track\" x=\"0\" y=\"0\" width=\"100\" height=\"10\"></rect>"
            + "<rect class=\"bar\" x=\"0\" y=\"0\" width=\"\(filled)\" height=\"10\"></rect></svg>"
    }

    /// One column per count (answers per hour, entries per day), scaled to the
    /// largest, with `labels` under the columns they name and the largest count
    /// written at the top. `summary` is what a screen reader hears.
    static func columns(_ counts: [Int], labels: [Int: String], summary: String) -> String {
        let step = 20, plot = 100, top = 14, bottom = 18
        let width = max(counts.count, 1) * step
        let height = top + plot + bottom
        let largest = counts.max() ?? 0
        // A margin each side, so the first and last labels are not cut in half.
        var svg = "<svg class=\"column-chart\" viewBox=\"-12 0 \(width + 24) \(height)\" role=\"img\" aria-label=\"" + FastHTMLEscaping.escape(summary) + "\">"
        svg += "<text class=\"scale\" x=\"0\" y=\"10\">" + (largest == 0 ? "no answers" : "max " + largest.grouped) + "</text>"
        for (index, count) in counts.enumerated() where count > 0 {
            // At least one unit tall, so a single answer still shows.
            let tall = max(1, count * plot / max(largest, 1))
            svg += "<rect class=\"bar\" x=\"\(index * step + 3)\" y=\"\(top + plot - tall)\" width=\"\(step - 6)\" height=\"\(tall)\"></rect>"
        }
        svg += "<line class=\"axis\" x1=\"0\" y1=\"\(top + plot)\" x2=\"\(width)\" y2=\"\(top + plot)\"></line>"
        for (index, label) in labels.sorted(by: { $0.key < $1.key }) {
            svg += "<text class=\"label\" x=\"\(index * step + step / 2)\" y=\"\(height - 4)\" text-anchor=\"middle\">" + FastHTMLEscaping.escape(label) + "</text>"
        }
        return svg + "</svg>"
    }
}
