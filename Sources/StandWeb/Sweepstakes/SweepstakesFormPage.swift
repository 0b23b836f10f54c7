import StandCore

/// `sweepstakes/new`: create a sweepstakes, or change one that has not opened
/// yet; every problem at once, what was typed kept.
struct SweepstakesFormPage: PageModel {
    static let template = "sweepstakes/new"

    /// Creating one, or changing the one with this id (and name, as it was).
    enum Purpose: Sendable, Equatable {
        case create
        case edit(id: Int64, name: String)
    }

    var purpose = Purpose.create
    let values: SweepstakesDraft
    var errors = FieldErrors()

    var title: String {
        switch purpose {
        case .create: "Create a sweepstakes"
        case .edit(_, let name): "Change \(name)"
        }
    }

    static let fields: [String: @Sendable (Self) -> Any?] = [
        "name": { $0.values.name }, "prize": { $0.values.prize }, "startsOn": { $0.values.startsOn }, "endsOn": { $0.values.endsOn },
        "winnerCount": { $0.values.winnerCount }, "entriesPerStand": { $0.values.entriesPerStand },
        "streakBonusEntries": { $0.values.streakBonusEntries }, "errors": { $0.errors },
        "heading": { $0.title }, "isEdit": { $0.purpose != .create },
        "submitLabel": { $0.purpose == .create ? "Create" : "Save changes" },
        "formAction": { page in
            switch page.purpose {
            case .create: Site.sweepstakesNew.href()
            case .edit(let id, _): Site.sweepstakesEdit.href(id)
            }
        },
        "backHref": { page in
            switch page.purpose {
            case .create: Site.sweepstakes.href()
            case .edit(let id, _): Site.sweepstake.href(id)
            }
        },
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
        busy.purpose = .edit(id: 1, name: hostile)
        return [invalid, busy]
    }
}
