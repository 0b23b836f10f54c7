import Foundation
import Hummingbird
import StandCore

/// Sign in and sign out.
struct LoginController {
    let staff: StaffAccounts
    let renderer: PageRenderer

    struct LoginForm: Decodable {
        var email: String?
        var password: String?
        var next: String?
    }

    func addRoutes(to router: Routes) {
        router.get(Site.login, .anyone, use: show)
        router.post(Site.login, .anyone, use: signIn)
        router.post(Site.logout, .signedIn, use: signOut)
    }

    @Sendable func show(_ request: Request, context: AppRequestContext) async throws -> Response {
        if context.staff != nil { return .redirect(to: Site.dashboard.href()) }
        var page = LoginPage()
        let parameters = QueryParameters(request)
        page.next = Self.safeNext(parameters["next"]) ?? ""
        if parameters["signed_out"] != nil { page.notice = "You have signed out." }
        if parameters["ended"] != nil {
            page.notice = "Your session ended before that form was sent, so nothing was saved. Sign in to go back to it; what you typed is brought back into it, for you to check and send again."
        }
        return try render(page, status: .ok, request: request, context: context)
    }

    @Sendable func signIn(_ request: Request, context: AppRequestContext) async throws -> Response {
        let form = try await request.form(LoginForm.self, context: context)
        var page = LoginPage(email: form.email ?? "", next: Self.safeNext(form.next) ?? "")
        let result: SignInResult
        do {
            result = try await staff.signIn(
                email: form.email ?? "", password: form.password ?? "", ip: context.remoteIP,
                replacingSession: request.cookies[SessionMiddleware.sessionCookie]?.value
            )
        } catch let busy as StoreBusy {
            page.error = busy.message
            return try render(page, status: .serviceUnavailable, request: request, context: context)
        }
        switch result {
        case .signedIn(_, let session):
            var response = Response.redirect(to: page.next.isEmpty ? Site.dashboard.href() : page.next)
            response.setCookie(SessionMiddleware.sessionCookie(session))
            return response
        case .refused:
            page.error = "That email and password do not match a staff account. Check both and try again."
            return try render(page, status: .unauthorized, request: request, context: context)
        case .locked(let until):
            let minutes = max(1, Int((until.timeIntervalSinceNow / 60).rounded(.up)))
            page.error = "Too many wrong passwords. This account is locked for \(minutes.counted("more minute")) "
                + "(until \(UTCDate.minute(until))). Wait, or ask an owner to reset your password."
            return try render(page, status: .tooManyRequests, request: request, context: context)
        }
    }

    @Sendable func signOut(_ request: Request, context: AppRequestContext) async throws -> Response {
        if let session = context.session, let member = context.staff {
            try await staff.signOut(sessionId: session.id, staff: member, ip: context.remoteIP)
        }
        var response = Response.redirect(to: Site.login.href(["signed_out": "1"]))
        response.setCookie(SessionMiddleware.expiredSessionCookie)
        return response
    }

    private func render(_ page: LoginPage, status: HTTPResponse.Status, request: Request, context: AppRequestContext) throws -> Response {
        try renderer.renderSignedOutForm(page, request: request, context: context, status: status)
    }

    /// Only a path on this console: never `//other.host` or a full URL.
    static func safeNext(_ value: String?) -> String? {
        guard let value, value.hasPrefix("/"), !value.hasPrefix("//"), !value.hasPrefix("/\\"),
              !value.contains(where: { $0.isWhitespace || $0.asciiValue.map { $0 < 0x20 } ?? false })
        else { return nil }
        return value
    }
}
