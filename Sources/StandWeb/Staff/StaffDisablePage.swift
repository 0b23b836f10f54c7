import StandCore

/// `staff/disable`: asks before disabling a staff member, saying what it does to them now.
struct StaffDisablePage: PageModel {
    static let template = "staff/disable"
    var title: String { "Disable \(email)" }

    let id: Int64
    let email: String
    let role: String
    /// Browsers they are signed in on, which disabling signs out.
    let sessions: Int
    var errors = FieldErrors()

    static let fields: [String: @Sendable (Self) -> Any?] = [
        "id": { $0.id }, "email": { $0.email }, "role": { $0.role }, "errors": { $0.errors.leading("\($0.email) was not disabled:") },
        "sessionsText": { StaffNotice.sessions($0.sessions) },
        "isSignedIn": { $0.sessions > 0 },
        "formAction": { Site.staffDisable.href($0.id) },
        "listHref": { _ in Site.staff.href() },
    ]

    static var fixtures: [Self] {
        var refused = Self(id: 2, email: Fixture.hostile, role: "Owner", sessions: 2)
        refused.errors = FieldErrors(ValidationErrors("staff", Fixture.hostile))
        return [refused, Self(id: 3, email: "e@example.com", role: "Editor", sessions: 0)]
    }
}
