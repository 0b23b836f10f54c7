import StandCore

/// `auth/login`: the sign-in form.
struct LoginPage: PageModel {
    static let template = "auth/login"
    let title = "Sign in"
    static let fixtureRoles: [StaffRole?] = [nil]

    var email = ""
    /// Where to go after signing in (a local path, checked by `LoginController.safeNext`).
    var next = ""
    var error: String?
    var notice: String?

    static let fields: [String: @Sendable (Self) -> Any?] = [
        "email": { $0.email }, "next": { $0.next }, "error": { $0.error }, "notice": { $0.notice },
    ]

    static var fixtures: [Self] {
        [Self(email: Fixture.hostile, next: "/staff", error: "Wrong password", notice: "You have signed out."), Self()]
    }
}

/// `auth/code`: sign-in's second step, the code from an authenticator app.
struct LoginCodePage: PageModel {
    static let template = "auth/code"
    let title = "Sign in: code"
    static let fixtureRoles: [StaffRole?] = [nil]

    var next = ""
    var error: String?

    static let fields: [String: @Sendable (Self) -> Any?] = [
        "next": { $0.next }, "error": { $0.error },
    ]

    static var fixtures: [Self] {
        [Self(next: "/staff", error: Fixture.hostile), Self()]
    }
}
