import StandCore

/// `sweepstakes/close`: asks an owner before closing a sweepstakes early or
/// cancelling it, and why.
struct SweepstakesClosePage: PageModel {
    static let template = "sweepstakes/close"

    /// Closing early stops it so it can be drawn; cancelling ends it for good, never drawn.
    enum Ending: Sendable {
        case close, cancel
    }

    var ending = Ending.close
    let id: Int64
    let name: String
    let dates: String
    let entrants: String
    var reason = ""
    var errors = FieldErrors()

    var title: String { ending == .close ? "Close \(name)" : "Cancel \(name)" }

    static let fields: [String: @Sendable (Self) -> Any?] = [
        "id": { $0.id }, "name": { $0.name }, "dates": { $0.dates }, "entrants": { $0.entrants }, "reason": { $0.reason },
        "isCancel": { $0.ending == .cancel },
        "errors": { $0.errors.leading($0.ending == .close ? "It was not closed. Please fix:" : "It was not cancelled. Please fix:") },
        "formAction": { $0.ending == .close ? Site.sweepstakesClose.href($0.id) : Site.sweepstakesCancel.href($0.id) },
        "sweepstakesHref": { Site.sweepstake.href($0.id) },
    ]

    static var fixtures: [Self] {
        var invalid = Self(id: 1, name: Fixture.hostile, dates: "2026-11-01 – 2026-11-30", entrants: "12")
        invalid.reason = Fixture.hostile
        invalid.errors = FieldErrors(ValidationErrors("reason", Fixture.hostile))
        var cancel = invalid
        cancel.ending = .cancel
        return [invalid, cancel]
    }
}

extension SweepstakesClosePage {
    init(_ sweepstakes: Sweepstakes, ending: Ending = .close) {
        self.init(ending: ending, id: sweepstakes.id, name: sweepstakes.name, dates: "\(sweepstakes.startsOn) – \(sweepstakes.endsOn)",
                  entrants: sweepstakes.entrants.grouped)
    }
}
