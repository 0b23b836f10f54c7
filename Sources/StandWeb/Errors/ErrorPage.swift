import StandCore

/// `error`: a calm message in the layout, for every error status.
struct ErrorPage: PageModel {
    static let template = "error"
    static let fixtureRoles: [StaffRole?] = [.owner, nil]
    var title: String { heading }

    let status: Int
    let heading: String
    let message: String
    let signedIn: Bool

    static let fields: [String: @Sendable (Self) -> Any?] = [
        "status": { $0.status }, "heading": { $0.heading }, "message": { $0.message }, "signedIn": { $0.signedIn },
    ]

    static var fixtures: [Self] {
        [Self(status: 404, heading: "Page not found", message: Fixture.hostile, signedIn: true),
         Self(status: 403, heading: "Not allowed", message: Fixture.hostile, signedIn: false)]
    }
}
