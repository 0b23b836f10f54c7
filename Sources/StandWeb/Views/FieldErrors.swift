import HTTPTypes
import StandCore

/// Validation messages shaped for templates: `{{#errors.messages.email}}…{{/errors.messages.email}}`.
struct FieldErrors: MustacheFields {
    let messages: [String: String]
    let any: Bool
    /// All messages in the form's order, for the summary at the top of a form.
    let list: [String]
    /// Nothing to fix in the form: the store was busy, or its disk full or
    /// damaged; the message says so and the form keeps what was typed.
    let storeProblem: Bool
    /// The summary's first sentence: what did not happen. The page names it
    /// (`leading(_:)` in its fields), the `_errors` partial shows it.
    var lead = "Nothing was saved. Please fix:"

    init(_ errors: ValidationErrors = ValidationErrors()) {
        self.messages = errors.messages
        self.any = !errors.isEmpty
        self.list = errors.fields.compactMap { errors.messages[$0] }
        self.storeProblem = false
    }

    static let fields: [String: @Sendable (Self) -> Any?] = [
        "messages": { $0.messages }, "any": { $0.any }, "list": { $0.list }, "storeProblem": { $0.storeProblem }, "lead": { $0.lead },
    ]

    /// These errors under the page's own first sentence.
    func leading(_ sentence: String) -> FieldErrors {
        var errors = self
        errors.lead = sentence
        return errors
    }


    static var busy: FieldErrors { FieldErrors(storeProblem: StoreBusy.lockedMessage) }

    init(storeProblem message: String) {
        messages = [:]
        any = true
        list = [message]
        storeProblem = true
    }
}
