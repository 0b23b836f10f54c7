import Foundation
import Hummingbird
import StandCore

/// The riskiest actions (deleting an account, drawing winners, changing a
/// staff role) ask for the password again, and the code with a second
/// factor, when the session's last confirmation is older than 15 minutes. The
/// form's POST comes back as `ReconfirmPage`, carrying what was typed; sent
/// from there with the right password it goes on to the action.
struct RecentSignIn {
    let staff: StaffAccounts
    let renderer: PageRenderer

    static let passwordField = "reconfirm_password"
    static let codeField = "reconfirm_code"

    /// The tokens and the confirmation's own fields are not re-sent as the action's.
    private static let ownFields: Set<String> = ["csrf", "submission", passwordField, codeField]

    /// Nil: go on (confirmed within 15 minutes, or just now by the fields sent).
    /// Otherwise the answer: the page asking (again, with why), or sign-in
    /// when a fifth wrong password ended the session.
    func check(_ request: Request, _ context: AppRequestContext, doing action: String, backHref: String, now: Date = Date()) async throws -> Response? {
        guard let session = context.session, !session.isRecentlyConfirmed(at: now) else { return nil }
        // Every field as sent: the confirmation's own, and the action's to carry through.
        let formFields = try await request.form([String: String].self, context: context)
        var page = ReconfirmPage(
            action: action, formAction: request.uri.path, backHref: backHref, needsCode: context.hasSecondFactor,
            hidden: formFields.filter { !Self.ownFields.contains($0.key) }.sorted { $0.key < $1.key }
                .map { ConfirmPage.Field(name: $0.key, value: $0.value) }
        )
        guard let password = formFields[Self.passwordField] else {
            return try renderer.render(page, request: request, context: context)
        }
        // Not the action's own write: the action's form is sent again from this page, with its own submission id.
        let outcome = try await FormSubmission.$current.withValue(nil) {
            try await staff.reconfirm(session: session, password: String(password.prefix(1_024)), code: String((formFields[Self.codeField] ?? "").prefix(64)),
                                      ip: context.remoteIP, now: now)
        }
        switch outcome {
        case .confirmed:
            return nil
        case .refused:
            page.error = context.hasSecondFactor ? "That password and code do not match. Type both again (the code changes every 30 seconds)."
                : "That is not your password. Type it again."
            return try renderer.render(page, request: request, context: context, status: .unprocessableContent)
        case .locked:
            var response = Response.redirect(to: Site.login.href(["locked": "1"]))
            response.setCookie(SessionMiddleware.expiredSessionCookie)
            return response
        }
    }
}
