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

    mutating func cell(_ text: String) {
        html += "<td>" + FastHTMLEscaping.escape(text) + "</td>"
    }

    /// Right-aligned, tabular figures.
    mutating func numberCell(_ text: String) {
        html += "<td class=\"num\">" + FastHTMLEscaping.escape(text) + "</td>"
    }

    mutating func codeCell(_ text: String) {
        html += "<td><code>" + FastHTMLEscaping.escape(text) + "</code></td>"
    }

    /// `href` is built by us from known-safe parts (a canonical UUID); it is escaped all the same.
    mutating func linkCell(_ text: String, href: String) {
        html += "<td><a href=\"" + FastHTMLEscaping.escape(href) + "\">" + FastHTMLEscaping.escape(text) + "</a></td>"
    }
}
