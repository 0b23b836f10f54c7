import StandCore

/// `sweepstakes/close`: asks an owner before closing a sweepstakes early, and why.
struct SweepstakesClosePage: PageModel {
    static let template = "sweepstakes/close"
    var title: String { "Close \(name)" }

    let id: Int64
    let name: String
    let dates: String
    let entrants: String
    var reason = ""
    var errors = FieldErrors()

    static let fields: [String: @Sendable (Self) -> Any?] = [
        "id": { $0.id }, "name": { $0.name }, "dates": { $0.dates }, "entrants": { $0.entrants }, "reason": { $0.reason },
        "errors": { $0.errors.leading("It was not closed. Please fix:") }, "formAction": { Site.sweepstakesClose.href($0.id) }, "sweepstakesHref": { Site.sweepstake.href($0.id) },
    ]

    static var fixtures: [Self] {
        var invalid = Self(id: 1, name: Fixture.hostile, dates: "2026-11-01 – 2026-11-30", entrants: "12")
        invalid.reason = Fixture.hostile
        invalid.errors = FieldErrors(ValidationErrors("reason", Fixture.hostile))
        return [invalid]
    }
}

extension SweepstakesClosePage {
    init(_ sweepstakes: Sweepstakes) {
        self.init(id: sweepstakes.id, name: sweepstakes.name, dates: "\(sweepstakes.startsOn) – \(sweepstakes.endsOn)", entrants: sweepstakes.entrants.grouped)
    }
}
