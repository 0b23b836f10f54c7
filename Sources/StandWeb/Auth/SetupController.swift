import Foundation
import Hummingbird
import StandCore

/// The one-time `/setup?token=…` link that creates the first owner.
struct SetupController {
    let staff: StaffAccounts
    let renderer: PageRenderer
    let setupToken: String

    struct SetupForm: Decodable {
        var token: String?
        var email: String?
        var password: String?
        var confirmation: String?
    }

    func addRoutes(to router: Routes) {
        router.get(Site.setup, .anyone, use: show)
        router.post(Site.setup, .anyone, use: create)
    }

    @Sendable func show(_ request: Request, context: AppRequestContext) async throws -> Response {
        let token = QueryParameters(request)["token"] ?? ""
        try await checkLink(token)
        return try renderer.renderSignedOutForm(SetupPage(token: token), request: request, context: context, status: .ok)
    }

    @Sendable func create(_ request: Request, context: AppRequestContext) async throws -> Response {
        let form = try await request.form(SetupForm.self, context: context)
        let token = form.token ?? ""
        try await checkLink(token)
        let email = form.email ?? "", password = form.password ?? ""
        return try await renderer.submit(request, context) {
            if password != (form.confirmation ?? "") { throw ValidationErrors("confirmation", "The two passwords do not match.") }
            guard try await staff.createFirstOwner(email: email, password: password, ip: context.remoteIP) != nil else {
                return .redirect(to: Site.login.href())
            }
            // Sign the new owner straight in, through the normal sign-in path.
            guard case .signedIn(_, let session)? = try? await staff.signIn(email: email, password: password, client: context.signInClient(request), replacingSession: nil) else {
                return .redirect(to: Site.login.href())
            }
            var response = Response.redirect(to: Site.dashboard.href())
            response.setCookie(SessionMiddleware.sessionCookie(session))
            return response
        } refused: { problem in
            var page = SetupPage(token: token, email: email)
            page.errors = problem.errors
            return page
        }
    }

    /// The link works once: while no staff exist and with the token printed at start-up.
    private func checkLink(_ token: String) async throws {
        if try await staff.count() > 0 {
            throw HTTPError(.notFound, message: "The console is already set up. Sign in instead.")
        }
        guard SecureToken.constantTimeEquals(token, setupToken) else {
            throw HTTPError(.forbidden, message: "This setup link is not valid. Use the exact link the server printed when it started.")
        }
    }
}
