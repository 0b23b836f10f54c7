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

    init(_ errors: ValidationErrors = ValidationErrors()) {
        self.messages = errors.messages
        self.any = !errors.isEmpty
        self.list = errors.fields.compactMap { errors.messages[$0] }
        self.storeProblem = false
    }

    static let fields: [String: @Sendable (Self) -> Any?] = [
        "messages": { $0.messages }, "any": { $0.any }, "list": { $0.list }, "storeProblem": { $0.storeProblem },
    ]


    static var busy: FieldErrors { FieldErrors(storeProblem: StoreBusy.lockedMessage) }

    init(storeProblem message: String) {
        messages = [:]
        any = true
        list = [message]
        storeProblem = true
    }
}

/// Why a form came back unsaved: a mistake to fix (422), a busy store (503),
/// a full disk (507) or a damaged store (500).
/// Anything else is not the person's to fix and goes to the error page.
struct FormProblem {
    let errors: FieldErrors
    let status: HTTPResponse.Status

    init?(_ error: any Error) {
        switch error {
        case let errors as ValidationErrors:
            self.errors = FieldErrors(errors)
            status = .unprocessableContent
        case let rejection as QuestionScheduling.Rejection:
            errors = FieldErrors(rejection.errors)
            status = .unprocessableContent
        case let busy as StoreBusy:
            errors = FieldErrors(storeProblem: busy.message)
            status = .serviceUnavailable
        case let fault as StoreFault:
            errors = FieldErrors(storeProblem: fault.message)
            status = fault.status
        default:
            return nil
        }
    }
}
