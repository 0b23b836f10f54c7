import Hummingbird
import StandCore

/// Finds the signed-in staff member from the session cookie, and the signed-out
/// CSRF cookie used by the login and setup forms.
struct SessionMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext
    static let sessionCookie = "stand_session"
    static let signedOutCSRFCookie = "stand_csrf"

    let sessions: SessionStore

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var context = context
        if let id = request.cookies[Self.sessionCookie]?.value {
            let active = try await context.timing.measure(.db) { try await sessions.active(id: id) }
            context.session = active?.session
            context.staff = active?.staff
            context.hasSecondFactor = active?.hasSecondFactor ?? false
            context.mustSetUpSecondFactor = active?.mustSetUpSecondFactor ?? false
        }
        if let token = request.cookies[Self.signedOutCSRFCookie]?.value, SecureToken.looksLike(token, lengths: 64...64) {
            context.signedOutCSRF = token
        }
        return try await next(request, context)
    }

    static func sessionCookie(_ session: StaffSession) -> Cookie {
        Cookie(name: sessionCookie, value: session.id, maxAge: Int(SessionStore.absoluteTimeout), path: "/", httpOnly: true, sameSite: .strict)
    }

    static var expiredSessionCookie: Cookie {
        Cookie(name: sessionCookie, value: "", maxAge: 0, path: "/", httpOnly: true, sameSite: .strict)
    }

    /// The sign-in between its password and its code (`sign_in_challenges`).
    static let challengeCookie = "stand_sign_in"

    static func challengeCookie(_ token: String) -> Cookie {
        Cookie(name: challengeCookie, value: token, maxAge: Int(StaffAccounts.challengeLifetime), path: Site.login.pattern, httpOnly: true, sameSite: .strict)
    }

    static var expiredChallengeCookie: Cookie {
        Cookie(name: challengeCookie, value: "", maxAge: 0, path: Site.login.pattern, httpOnly: true, sameSite: .strict)
    }

    static func signedOutCSRFCookie(_ token: String) -> Cookie {
        Cookie(name: signedOutCSRFCookie, value: token, path: "/", httpOnly: true, sameSite: .strict)
    }
}
