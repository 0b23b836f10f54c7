import StandCore

/// `staff/disable`: asks before disabling a staff member, saying what it does to them now.
struct StaffDisablePage: PageModel {
    static let template = "staff/disable"

    let id: Int64
    let email: String
    let role: String
    /// Browsers they are signed in on, which disabling signs out.
    let sessions: Int
    var errors = FieldErrors()

    static let fields: [String: @Sendable (Self) -> Any?] = [
        "id": { $0.id }, "email": { $0.email }, "role": { $0.role }, "errors": { $0.errors },
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

/// The messages after a change to a staff account: each names the person and what happened to their sessions.
enum StaffNotice {
    static func sessions(_ count: Int) -> String {
        count.counted("session")
    }

    static func disabled(_ email: String, ended: Int) -> String {
        ended == 0 ? "Disabled \(email); they were not signed in anywhere." : "Disabled \(email); their \(sessions(ended)) ended."
    }

    static func enabled(_ email: String) -> String {
        "Enabled \(email); they can sign in again."
    }

    static func roleChanged(_ email: String, to role: String, ended: Int) -> String {
        "\(email) now has the \(role) role"
            + (ended == 0 ? "." : "; their \(sessions(ended)) ended, and they sign in again with it.")
    }
}
