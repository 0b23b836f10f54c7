import StandCore

/// `auth/reconfirm`: "confirm it is you" before one of the riskiest actions,
/// re-sending the action's form (what was typed) with the password.
struct ReconfirmPage: PageModel {
    static let template = "auth/reconfirm"
    let title = "Confirm it is you"

    /// What the form will do, in words: "delete the account 7c9e…".
    let action: String
    let formAction: String
    let backHref: String
    let needsCode: Bool
    let hidden: [ConfirmPage.Field]
    var error: String?

    static let fields: [String: @Sendable (Self) -> Any?] = [
        "action": { $0.action }, "formAction": { $0.formAction }, "backHref": { $0.backHref }, "needsCode": { $0.needsCode },
        "hidden": { $0.hidden }, "error": { $0.error },
        "minutes": { _ in Int(StaffSession.recentSignInWindow / 60) },
    ]

    static var fixtures: [Self] {
        [Self(action: Fixture.hostile, formAction: "/staff/2/role", backHref: "/staff", needsCode: true,
              hidden: [ConfirmPage.Field(name: "role", value: Fixture.hostile)], error: Fixture.hostile),
         Self(action: "draw winners", formAction: "/sweepstakes/1/draw", backHref: "/sweepstakes/1", needsCode: false, hidden: [])]
    }
}
