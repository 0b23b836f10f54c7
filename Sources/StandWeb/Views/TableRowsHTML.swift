/// Table rows written straight into a string, for the tables people page
/// through most: search results, and a user's answers and audit events.
///
/// Mustache resolves each `{{variable}}` through a dozen dynamic casts and a
/// few allocations; with 25 rows of 7 cells that was 60% of the search page's
/// time (perf under scripts/bench). Here each cell costs one escape. Every
/// cell is escaped, and the page still goes through libxml2 validation and
/// the sanitiser like any other.
struct TableRowsHTML: Sendable {
    private(set) var html = ""

    init(reservingCapacity capacity: Int = 0) {
        html.reserveCapacity(capacity)
    }

    /// One `<tr>`; the closure adds its cells in order.
    mutating func row(_ cells: (inout Self) -> Void) {
        html += "<tr>"
        cells(&self)
        html += "</tr>"
    }

    // Each piece is appended on its own: `a + b + c` would build temporaries.
    mutating func cell(_ text: String) {
        html += "<td>"
        html += FastHTMLEscaping.escape(text)
        html += "</td>"
    }

    /// Right-aligned, tabular figures.
    mutating func numberCell(_ text: String) {
        html += "<td class=\"num\">"
        html += FastHTMLEscaping.escape(text)
        html += "</td>"
    }

    mutating func codeCell(_ text: String) {
        html += "<td><code>"
        html += FastHTMLEscaping.escape(text)
        html += "</code></td>"
    }

    /// `href` is built by us from known-safe parts (a canonical UUID); it is escaped all the same.
    mutating func linkCell(_ text: String, href: String) {
        html += "<td><a href=\""
        html += FastHTMLEscaping.escape(href)
        html += "\">"
        html += FastHTMLEscaping.escape(text)
        html += "</a></td>"
    }
}
