import StandCore

/// `sweepstakes/draw`: an owner sees the numbers before drawing (or redrawing,
/// with a reason) and chooses how many alternates follow the winners. The
/// form names the draw in force, so a second submit or a second tab never
/// draws twice.
struct SweepstakesDrawPage: PageModel {
    static let template = "sweepstakes/draw"
    var title: String { "Draw \(name)" }

    let id: Int64
    let name: String
    let winners: Int
    let eligibleUsers: Int
    let entries: Int
    /// The draw this one would replace (a redraw), if any.
    let replacing: DrawView?
    var reason = ""
    /// As typed; blank means as many alternates as winners.
    var alternates = ""
    var errors = FieldErrors()

    /// How many alternates a blank field draws: as many as winners, as far as anyone is left.
    var defaultAlternates: Int { min(winners, max(0, eligibleUsers - winners)) }

    static let fields: [String: @Sendable (Self) -> Any?] = [
        "id": { $0.id }, "name": { $0.name }, "winners": { $0.winners.counted("winner") },
        "eligibleUsers": { $0.eligibleUsers.counted("eligible user") }, "entries": { $0.entries.counted("valid entry", plural: "valid entries") },
        "replacing": { $0.replacing }, "isRedraw": { $0.replacing != nil }, "hasWinnersToDraw": { $0.winners > 0 }, "reason": { $0.reason },
        "alternates": { $0.alternates.isEmpty ? String($0.defaultAlternates) : $0.alternates }, "alternateLimit": { _ in SweepstakesDraws.alternateLimit },
        "errors": { $0.errors.leading("Nothing was drawn. Please fix:") },
        "formAction": { Site.sweepstakesDraw.href($0.id) }, "sweepstakesHref": { Site.sweepstake.href($0.id) },
    ]

    static var fixtures: [Self] {
        var redraw = Self(id: 1, name: Fixture.hostile, winners: 3, eligibleUsers: 1_000, entries: 5_000, replacing: .fixture(replaces: nil))
        redraw.reason = Fixture.hostile
        redraw.alternates = Fixture.hostile
        var errors = ValidationErrors("reason", Fixture.hostile)
        errors.add("alternates", Fixture.hostile)
        redraw.errors = FieldErrors(errors)
        let nobody = Self(id: 1, name: Fixture.hostile, winners: 0, eligibleUsers: 0, entries: 0, replacing: nil)
        let one = Self(id: 1, name: Fixture.hostile, winners: 1, eligibleUsers: 1, entries: 1, replacing: nil)
        return [Self(id: 1, name: Fixture.hostile, winners: 3, eligibleUsers: 1_000, entries: 5_000, replacing: nil), redraw, nobody, one]
    }
}
