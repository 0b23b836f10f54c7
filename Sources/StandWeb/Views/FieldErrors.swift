import StandCore

/// Validation messages shaped for templates (stored properties only: Mustache
/// reads values through reflection): `{{#errors.messages.email}}…{{/errors.messages.email}}`.
struct FieldErrors: Sendable {
    let messages: [String: String]
    let any: Bool
    /// All messages, for the summary at the top of a form.
    let list: [String]

    init(_ errors: ValidationErrors = ValidationErrors()) {
        self.messages = errors.messages
        self.any = !errors.isEmpty
        self.list = errors.messages.keys.sorted().compactMap { errors.messages[$0] }
    }
}
