import Hummingbird
import StandCore

/// What a change that cannot be undone says before it is made.
struct Confirmation {
    /// The question, naming the object: "Void entry #12 of ana@example.com?"
    let question: String
    /// What will happen, and that it cannot be undone.
    let consequence: String
    /// The button that makes the change: "Void entry #12".
    let confirmLabel: String
    /// Where "keep it as it is" leads: the page the form was on.
    let backHref: String
}

/// `confirm`: asks before a change that cannot be undone. The form re-sends
/// the fields it was given, marked confirmed, with this page's own
/// submission id (the first POST changed nothing, so claimed nothing).
struct ConfirmPage: PageModel {
    static let template = "confirm"

    struct Field: MustacheFields {
        let name: String
        let value: String

        static let fields: [String: @Sendable (Self) -> Any?] = ["name": { $0.name }, "value": { $0.value }]
    }

    let confirmation: Confirmation
    let action: String
    let hidden: [Field]

    var title: String { confirmation.question }

    static let fields: [String: @Sendable (Self) -> Any?] = [
        "question": { $0.confirmation.question }, "consequence": { $0.confirmation.consequence },
        "confirmLabel": { $0.confirmation.confirmLabel }, "backHref": { $0.confirmation.backHref },
        "action": { $0.action }, "hidden": { $0.hidden }, "confirmedField": { _ in AskFirst.confirmedField },
    ]

    static var fixtures: [Self] {
        let hostile = Fixture.hostile
        return [Self(confirmation: Confirmation(question: hostile, consequence: hostile, confirmLabel: hostile, backHref: "/"),
                     action: "/sweepstakes/1/void", hidden: [Field(name: "reason", value: hostile), Field(name: "ids[]", value: "3")])]
    }
}

/// Changes that cannot be undone ask first: a form without the confirmed
/// field gets the confirmation page (nothing is changed), and the same
/// fields sent from that page make the change.
enum AskFirst {
    static let confirmedField = "confirmed"

    /// Nil when `confirmed` (the form came from the confirmation page), or
    /// when `confirmation` has nothing to ask (the change will be refused
    /// anyway, and saying why is better than asking): go on. Otherwise the
    /// page that asks, re-sending `fields`.
    static func page(confirmed: String?, action: String, fields: [(String, String)], _ confirmation: () async throws -> Confirmation?) async throws -> ConfirmPage? {
        guard confirmed != "yes", let question = try await confirmation() else { return nil }
        return ConfirmPage(confirmation: question, action: action, hidden: fields.map { ConfirmPage.Field(name: $0.0, value: $0.1) })
    }
}
