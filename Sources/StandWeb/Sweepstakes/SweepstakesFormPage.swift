import StandCore

/// `sweepstakes/new`: create a sweepstakes; every problem at once, what was typed kept.
struct SweepstakesFormPage: PageModel {
    static let template = "sweepstakes/new"
    let title = "Create a sweepstakes"

    let values: SweepstakesDraft
    var errors = FieldErrors()

    static let fields: [String: @Sendable (Self) -> Any?] = [
        "name": { $0.values.name }, "prize": { $0.values.prize }, "startsOn": { $0.values.startsOn }, "endsOn": { $0.values.endsOn },
        "winnerCount": { $0.values.winnerCount }, "entriesPerStand": { $0.values.entriesPerStand },
        "streakBonusEntries": { $0.values.streakBonusEntries }, "errors": { $0.errors },
        "formAction": { _ in Site.sweepstakesNew.href() }, "listHref": { _ in Site.sweepstakes.href() },
    ]

    static var fixtures: [Self] {
        let hostile = Fixture.hostile
        var invalid = Self(values: SweepstakesDraft(name: hostile, prize: hostile, startsOn: hostile, endsOn: hostile, winnerCount: hostile,
                                                    entriesPerStand: hostile, streakBonusEntries: hostile))
        var errors = ValidationErrors()
        for field in ["name", "prize", "startsOn", "endsOn", "winnerCount", "entriesPerStand", "streakBonusEntries"] { errors.add(field, hostile) }
        invalid.errors = FieldErrors(errors)
        var busy = invalid
        busy.errors = .busy
        return [invalid, busy]
    }
}
