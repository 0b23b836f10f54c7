import StandCore

/// `staff/sessions` (owners): where one staff member is signed in, each session ended from here.
struct StaffSessionsPage: PageModel {
    static let template = "staff/sessions"
    var title: String { "Sessions of \(email)" }

    let id: Int64
    let email: String
    let isYou: Bool
    let sessions: [SessionRow]
    var errors = FieldErrors()

    static let fields: [String: @Sendable (Self) -> Any?] = [
        "email": { $0.email }, "isYou": { $0.isYou }, "sessions": { $0.sessions }, "errors": { $0.errors.leading("No session was ended:") },
        "endAction": { Site.staffSessionEnd.href($0.id) }, "listHref": { Site.staff.href(fragment: "staff-\($0.id)") },
        "count": { $0.sessions.count.counted("active session") }, "others": { $0.sessions.contains { !$0.isThis } },
    ]

    static var fixtures: [Self] {
        var errors = ValidationErrors()
        errors.add("session", Fixture.hostile)
        return [Self(id: 2, email: Fixture.hostile, isYou: false, sessions: SessionRow.fixtures, errors: FieldErrors(errors)),
                Self(id: 1, email: "owner@example.com", isYou: true, sessions: [])]
    }
}
