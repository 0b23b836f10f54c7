/// One `<option>` of a `<select>`; templates take a list as `{{{…OptionsHTML}}}` (see `html`).
struct SelectOption: Sendable {
    let value: String
    let title: String
    let selected: Bool

    /// The `<option>`s written straight into a string, every value escaped: a
    /// Mustache section per option was a third of the audit page's time (perf).
    static func html(_ options: [SelectOption]) -> String {
        var html = ""
        for option in options {
            html += "<option value=\""
            html += FastHTMLEscaping.escape(option.value)
            html += option.selected ? "\" selected=\"selected\">" : "\">"
            html += FastHTMLEscaping.escape(option.title)
            html += "</option>"
        }
        return html
    }
}
