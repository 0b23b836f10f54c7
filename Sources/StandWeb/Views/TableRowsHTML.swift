/// Table rows written straight into a string, for the tables people page
/// through most: search results, and a user's answers and audit events.
///
/// Mustache resolves each `{{variable}}` through a dozen dynamic casts and a
/// few allocations; with 25 rows of 7 cells that was 60% of the search page's
/// time (perf under scripts/bench). Here each cell costs one escape. Every
/// cell is escaped, and the page still goes through libxml2 validation and
/// the sanitiser like any other.
///
/// Each cell carries its column's name in `data-label`: at phone width the
/// stylesheet turns rows into cards and shows that name before the value.
struct TableRowsHTML: Sendable {
    private(set) var html = ""
    /// `<td data-label="Column"` per column, escaped once.
    private let cellOpenings: [String]
    private var column = 0

    init(columns: [String], reservingCapacity capacity: Int = 0) {
        cellOpenings = columns.map { "<td data-label=\"" + FastHTMLEscaping.escape($0) + "\"" }
        html.reserveCapacity(capacity)
    }

    /// One `<tr>`; the closure adds its cells in column order.
    mutating func row(_ cells: (inout Self) -> Void) {
        html += "<tr>"
        column = 0
        cells(&self)
        html += "</tr>"
    }

    // Each piece is appended on its own: `a + b + c` would build temporaries.
    mutating func cell(_ text: String) {
        openCell(">")
        html += FastHTMLEscaping.escape(text)
        html += "</td>"
    }

    /// Right-aligned, tabular figures.
    mutating func numberCell(_ text: String) {
        openCell(" class=\"num\">")
        html += FastHTMLEscaping.escape(text)
        html += "</td>"
    }

    mutating func codeCell(_ text: String) {
        openCell("><code>")
        html += FastHTMLEscaping.escape(text)
        html += "</code></td>"
    }

    /// `href` is built by us from known-safe parts (a canonical UUID); it is escaped all the same.
    mutating func linkCell(_ text: String, href: String) {
        openCell("><a href=\"")
        html += FastHTMLEscaping.escape(href)
        html += "\">"
        html += FastHTMLEscaping.escape(text)
        html += "</a></td>"
    }

    /// A `<time>` with its machine-readable instant.
    mutating func timeCell(_ text: String, datetime: String) {
        openCell("><time datetime=\"")
        html += FastHTMLEscaping.escape(datetime)
        html += "\">"
        html += FastHTMLEscaping.escape(text)
        html += "</time></td>"
    }

    /// A checkbox that selects the row for a form around the table; `label`
    /// names the row for screen readers.
    mutating func checkboxCell(name: String, value: String, label: String, checked: Bool) {
        openCell(" class=\"select\"><input type=\"checkbox\" name=\"")
        html += FastHTMLEscaping.escape(name)
        html += "\" value=\""
        html += FastHTMLEscaping.escape(value)
        html += "\" aria-label=\""
        html += FastHTMLEscaping.escape(label)
        html += checked ? "\" checked=\"checked\" /></td>" : "\" /></td>"
    }

    /// A link followed by a quieter line (a state: "Suspended until …").
    mutating func linkCell(_ text: String, href: String, note: String?) {
        openCell("><a href=\"")
        html += FastHTMLEscaping.escape(href)
        html += "\">"
        html += FastHTMLEscaping.escape(text)
        html += "</a>"
        if let note, !note.isEmpty {
            html += "<br /><small class=\"muted\">"
            html += FastHTMLEscaping.escape(note)
            html += "</small>"
        }
        html += "</td>"
    }

    /// Text followed by a quieter line (who, when, why).
    mutating func cell(_ text: String, note: String?) {
        openCell(">")
        html += FastHTMLEscaping.escape(text)
        if let note, !note.isEmpty {
            html += "<br /><small class=\"muted\">"
            html += FastHTMLEscaping.escape(note)
            html += "</small>"
        }
        html += "</td>"
    }

    /// A cell of markup the caller built, every text in it already escaped
    /// (a small form per row). The page's sanitiser still checks it.
    mutating func markupCell(_ markup: String) {
        openCell(">")
        html += markup
        html += "</td>"
    }

    /// The row's buttons, caller-built and escaped like `markupCell`'s. No
    /// `data-label`: at phone width they stand under the card as they are.
    mutating func actionsCell(_ markup: String) {
        html += "<td class=\"actions\">"
        html += markup
        html += "</td>"
        column += 1
    }

    /// A link when there is somewhere to go, else the text alone.
    mutating func cell(_ text: String, linkedTo href: String?) {
        if let href { linkCell(text, href: href) } else { cell(text) }
    }

    /// A small form's opening in a row: `<form method="post" … class="inline">`
    /// and the two hidden fields every form carries (`_formTokens.mustache`).
    static func inlineFormOpening(action: String, csrf: String, submission: String) -> String {
        "<form method=\"post\" action=\"" + FastHTMLEscaping.escape(action) + "\" class=\"inline\"><input type=\"hidden\" name=\"csrf\" value=\""
            + FastHTMLEscaping.escape(csrf) + "\" /><input type=\"hidden\" name=\"submission\" value=\"" + FastHTMLEscaping.escape(submission) + "\" />"
    }

    private mutating func openCell(_ rest: String) {
        html += column < cellOpenings.count ? cellOpenings[column] : "<td"
        html += rest
        column += 1
    }
}
