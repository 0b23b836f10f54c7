/// One `<option>` of a `<select>`: `{{#options}}<option value="{{value}}"{{#selected}} selected{{/selected}}>{{title}}</option>{{/options}}`.
struct SelectOption: MustacheFields {
    let value: String
    let title: String
    let selected: Bool

    static let fields: [String: @Sendable (Self) -> Any?] = ["value": { $0.value }, "title": { $0.title }, "selected": { $0.selected }]
}
