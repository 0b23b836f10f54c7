import StandCore

/// `sweepstakes/draw`: an owner sees the numbers before drawing (or redrawing,
/// with a reason). The form names the draw in force, so a second submit or a
/// second tab never draws twice.
struct SweepstakesDrawPage: PageModel {
    static let template = "sweepstakes/draw"
    var title: String { "Draw \(name)" }

    let id: Int64
    let name: String
    let winners: Int
    let eligibleUsers: String
    let entries: String
    /// The draw this one would replace (a redraw), if any.
    let replacing: DrawView?
    var reason = ""
    var errors = FieldErrors()

    static let fields: [String: @Sendable (Self) -> Any?] = [
        "id": { $0.id }, "name": { $0.name }, "winners": { $0.winners.counted("winner") }, "eligibleUsers": { $0.eligibleUsers }, "entries": { $0.entries },
        "replacing": { $0.replacing }, "isRedraw": { $0.replacing != nil }, "hasWinnersToDraw": { $0.winners > 0 }, "reason": { $0.reason }, "errors": { $0.errors.leading("Nothing was drawn. Please fix:") },
        "formAction": { Site.sweepstakesDraw.href($0.id) }, "sweepstakesHref": { Site.sweepstake.href($0.id) },
    ]

    static var fixtures: [Self] {
        var redraw = Self(id: 1, name: Fixture.hostile, winners: 3, eligibleUsers: "1,000", entries: "5,000", replacing: .fixture(replaces: nil))
        redraw.reason = Fixture.hostile
        redraw.errors = FieldErrors(ValidationErrors("reason", Fixture.hostile))
        let nobody = Self(id: 1, name: Fixture.hostile, winners: 0, eligibleUsers: "0", entries: "0", replacing: nil)
        return [Self(id: 1, name: Fixture.hostile, winners: 3, eligibleUsers: "1,000", entries: "5,000", replacing: nil), redraw, nobody]
    }
}
