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

    struct CodeForm: Decodable {
        var code: String?
        var next: String?
    }

    func addRoutes(to router: Routes) {
        router.get(Site.login, .anyone, use: show)
        router.post(Site.login, .anyone, use: signIn)
        router.get(Site.loginCode, .anyone, use: showCodeStep)
        router.post(Site.loginCode, .anyone, use: signInWithCode)
        router.post(Site.logout, .signedInBeforeSecondFactor, use: signOut)
    }

    @Sendable func show(_ request: Request, context: AppRequestContext) async throws -> Response {
        if context.staff != nil { return .redirect(to: Site.dashboard.href()) }
        var page = LoginPage()
        let parameters = QueryParameters(request)
        page.next = Self.safeNext(parameters["next"]) ?? ""
        if parameters["signed_out"] != nil { page.notice = "You have signed out." }
        if parameters["expired"] != nil { page.notice = "That sign-in waited more than 5 minutes for its code. Start again with your email and password." }
        if parameters["locked"] != nil {
            page.error = "Too many wrong passwords or codes: you were signed out, and this account is locked for 15 minutes."
        }
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
                email: form.email ?? "", password: form.password ?? "", client: context.signInClient(request),
                replacingSession: request.cookies[SessionMiddleware.sessionCookie]?.value
            )
        } catch let busy as StoreBusy {
            page.error = busy.message
            return try render(page, status: .serviceUnavailable, request: request, context: context)
        }
        switch result {
        case .signedIn(_, let session):
            return Self.signedIn(session, next: page.next)
        case .codeNeeded(let challenge):
            var response = Response.redirect(to: Site.loginCode.href(["next": page.next.isEmpty ? nil : page.next]))
            response.setCookie(SessionMiddleware.challengeCookie(challenge))
            return response
        case .refused, .challengeExpired:
            page.error = "That email and password do not match a staff account. Check both and try again."
            return try render(page, status: .unauthorized, request: request, context: context)
        case .locked(let until):
            page.error = Self.lockedMessage(until)
            return try render(page, status: .tooManyRequests, request: request, context: context)
        }
    }

    @Sendable func showCodeStep(_ request: Request, context: AppRequestContext) async throws -> Response {
        if context.staff != nil { return .redirect(to: Site.dashboard.href()) }
        guard request.cookies[SessionMiddleware.challengeCookie] != nil else { return .redirect(to: Site.login.href()) }
        let page = LoginCodePage(next: Self.safeNext(QueryParameters(request)["next"]) ?? "")
        return try renderer.renderSignedOutForm(page, request: request, context: context, status: .ok)
    }

    /// The second step. The page never says which of the password or the code
    /// was wrong: the first step kept that to itself.
    @Sendable func signInWithCode(_ request: Request, context: AppRequestContext) async throws -> Response {
        let form = try await request.form(CodeForm.self, context: context)
        let next = Self.safeNext(form.next) ?? ""
        // Signed in already (a second tab finished first): nothing to do.
        if context.staff != nil { return .redirect(to: next.isEmpty ? Site.dashboard.href() : next) }
        let startAgain = Site.login.href(["expired": "1", "next": next.isEmpty ? nil : next])
        guard let challenge = request.cookies[SessionMiddleware.challengeCookie]?.value else { return .redirect(to: startAgain) }
        var page = LoginCodePage(next: next)
        let result: SignInResult
        do {
            result = try await staff.signIn(challenge: challenge, code: String((form.code ?? "").prefix(64)), client: context.signInClient(request),
                                            replacingSession: request.cookies[SessionMiddleware.sessionCookie]?.value)
        } catch let busy as StoreBusy {
            page.error = busy.message
            return try renderer.renderSignedOutForm(page, request: request, context: context, status: .serviceUnavailable)
        }
        switch result {
        case .signedIn(_, let session):
            var response = Self.signedIn(session, next: next)
            response.setCookie(SessionMiddleware.expiredChallengeCookie)
            return response
        case .refused, .codeNeeded:
            page.error = "That did not sign you in: the code, or the email or password before it, was not right. "
                + "Type the code your app shows now, or start again."
            return try renderer.renderSignedOutForm(page, request: request, context: context, status: .unauthorized)
        case .challengeExpired:
            var response = Response.redirect(to: startAgain)
            response.setCookie(SessionMiddleware.expiredChallengeCookie)
            return response
        case .locked(let until):
            var login = LoginPage(next: next)
            login.error = Self.lockedMessage(until)
            var response = try render(login, status: .tooManyRequests, request: request, context: context)
            response.setCookie(SessionMiddleware.expiredChallengeCookie)
            return response
        }
    }

    private static func signedIn(_ session: StaffSession, next: String) -> Response {
        var response = Response.redirect(to: next.isEmpty ? Site.dashboard.href() : next)
        response.setCookie(SessionMiddleware.sessionCookie(session))
        return response
    }

    private static func lockedMessage(_ until: Date) -> String {
        let minutes = max(1, Int((until.timeIntervalSinceNow / 60).rounded(.up)))
        return "Too many wrong passwords or codes. This account is locked for \(minutes.counted("more minute")) "
            + "(until \(UTCDate.minute(until))). Wait, or ask an owner to reset your password."
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
