import HTTPTypes
import StandCore

/// Why a form came back unsaved: a refusal to act on (422, or 409 when the
/// object's state forbids it), a busy store (503), a full disk (507) or a
/// damaged store (500). Anything else is not the person's to fix and goes to
/// the error page.
struct FormProblem {
    let errors: FieldErrors
    let status: HTTPResponse.Status
    /// The refusal itself, for a page that shows more than its messages.
    let refusal: (any Refusal)?

    init?(_ error: any Error) {
        switch error {
        case let refusal as any Refusal:
            self.errors = FieldErrors(refusal.errors)
            self.status = refusal.isConflict ? .conflict : .unprocessableContent
            self.refusal = refusal
        case let busy as StoreBusy:
            errors = FieldErrors(storeProblem: busy.message)
            status = .serviceUnavailable
            refusal = nil
        case let fault as StoreFault:
            errors = FieldErrors(storeProblem: fault.message)
            status = fault.status
            refusal = nil
        default:
            return nil
        }
    }
}
