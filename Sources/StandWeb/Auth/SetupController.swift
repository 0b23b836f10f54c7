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
        return try render(SetupPage(token: token), status: .ok, request: request, context: context)
    }

    @Sendable func create(_ request: Request, context: AppRequestContext) async throws -> Response {
        let form = (try? await request.decode(as: SetupForm.self, context: context)) ?? SetupForm()
        let token = form.token ?? ""
        try await checkLink(token)
        var page = SetupPage(token: token, email: form.email ?? "")
        let password = form.password ?? ""
        if password != (form.confirmation ?? "") {
            page.errors = FieldErrors(ValidationErrors("confirmation", "The two passwords do not match."))
            return try render(page, status: .unprocessableContent, request: request, context: context)
        }
        do {
            guard try await staff.createFirstOwner(email: page.email, password: password, ip: context.remoteIP) != nil else {
                return .redirect(to: Site.login.href())
            }
        } catch {
            guard let problem = FormProblem(error) else { throw error }
            page.errors = problem.errors
            return try render(page, status: problem.status, request: request, context: context)
        }
        // Sign the new owner straight in, through the normal sign-in path.
        guard let result = try? await staff.signIn(email: page.email, password: password, ip: context.remoteIP, replacingSession: nil) else {
            return .redirect(to: Site.login.href())
        }
        guard case .signedIn(_, let session) = result else { return .redirect(to: Site.login.href()) }
        var response = Response.redirect(to: Site.dashboard.href())
        response.setCookie(SessionMiddleware.sessionCookie(session))
        return response
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

    private func render(_ page: SetupPage, status: HTTPResponse.Status, request: Request, context: AppRequestContext) throws -> Response {
        try renderer.renderSignedOutForm(page, title: "Set up Stand Admin", request: request, context: context, status: status)
    }
}
