import StandCore

/// `account/index`: a staff member changes their own password.
struct AccountPage: PageModel {
    static let template = "account/index"
    let title = "Your account"

    let email: String
    let role: String
    var errors = FieldErrors()

    static let fields: [String: @Sendable (Self) -> Any?] = [
        "email": { $0.email }, "role": { $0.role }, "errors": { $0.errors.leading("Your password was not changed:") },
    ]

    static var fixtures: [Self] {
        var errors = ValidationErrors()
        for field in ["current", "new", "confirmation"] { errors.add(field, Fixture.hostile) }
        return [Self(email: Fixture.hostile, role: "Owner", errors: FieldErrors(errors)), Self(email: "a@example.com", role: "Support")]
    }
}
