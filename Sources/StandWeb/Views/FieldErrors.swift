import HTTPTypes
import StandCore

/// Validation messages shaped for templates: `{{#errors.messages.email}}…{{/errors.messages.email}}`.
struct FieldErrors: MustacheFields {
    let messages: [String: String]
    let any: Bool
    /// All messages in the form's order, for the summary at the top of a form.
    let list: [String]
    /// Nothing to fix: the store was busy and the same form can simply be sent again.
    let storeBusy: Bool

    init(_ errors: ValidationErrors = ValidationErrors()) {
        self.messages = errors.messages
        self.any = !errors.isEmpty
        self.list = errors.fields.compactMap { errors.messages[$0] }
        self.storeBusy = false
    }

    static let fields: [String: @Sendable (Self) -> Any?] = [
        "messages": { $0.messages }, "any": { $0.any }, "list": { $0.list }, "storeBusy": { $0.storeBusy },
    ]

    static var busy: FieldErrors { FieldErrors(busy: ()) }

    private init(busy: Void) {
        messages = [:]
        any = true
        list = [StoreBusy.message]
        storeBusy = true
    }
}

/// Why a form came back unsaved: a mistake to fix (422) or a busy store (503).
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
        case is StoreBusy:
            errors = .busy
            status = .serviceUnavailable
        default:
            return nil
        }
    }
}
