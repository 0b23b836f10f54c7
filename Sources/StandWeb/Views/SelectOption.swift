/// One `<option>` of a `<select>`: `{{#options}}<option value="{{value}}"{{#selected}} selected{{/selected}}>{{title}}</option>{{/options}}`.
struct SelectOption: MustacheFields {
    let value: String
    let title: String
    let selected: Bool

    static let fields: [String: @Sendable (Self) -> Any?] = ["value": { $0.value }, "title": { $0.title }, "selected": { $0.selected }]

    /// The `<option>`s written straight into a string, every value escaped: a
    /// Mustache section per option was a third of the audit page's time (perf).
    static func html(_ options: [SelectOption]) -> String {
        var html = ""
        for option in options {
            html += "<option value=\""
            html += FastHTMLEscaping.escape(option.value)
            html += option.selected ? "\" selected>" : "\">"
            html += FastHTMLEscaping.escape(option.title)
            html += "</option>"
        }
        return html
    }
}
