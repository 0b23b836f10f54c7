import StandCore

/// `auth/setup`: the one-time form that creates the first owner.
struct SetupPage: PageModel {
    static let template = "auth/setup"
    let title = "Set up Stand Admin"
    static let fixtureRoles: [StaffRole?] = [nil]

    var token: String
    var email = ""
    var errors = FieldErrors()

    static let fields: [String: @Sendable (Self) -> Any?] = [
        "token": { $0.token }, "email": { $0.email }, "errors": { $0.errors.leading("Nothing was set up. Please fix:") },
    ]

    static var fixtures: [Self] {
        var errors = ValidationErrors()
        for field in ["email", "password", "confirmation"] { errors.add(field, Fixture.hostile) }
        return [Self(token: "abc", email: Fixture.hostile, errors: FieldErrors(errors)), Self(token: "abc")]
    }
}
