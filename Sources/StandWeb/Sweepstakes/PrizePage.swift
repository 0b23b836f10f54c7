import StandCore

/// `sweepstakes/prize`: one winner (or promoted alternate) of the draw in
/// force: what has been recorded, and forms to record that they were
/// notified, claimed the prize, or forfeited it (a reason; the next
/// alternate then takes their place).
struct PrizePage: PageModel {
    static let template = "sweepstakes/prize"
    var title: String { "\(label) of \(sweepstakesName)" }

    let sweepstakesId: Int64
    let sweepstakesName: String
    let drawId: Int64
    let drawNumber: Int
    let rank: Int
    let label: String
    let email: String
    let uuid: String
    let standing: String
    /// The pick as the sweepstakes page lists it, with everything recorded.
    let summaryHTML: String
    /// False when nothing more can be recorded: waiting, claimed or forfeited, or a draw a redraw replaced.
    let canRecord: Bool
    /// The draw was replaced by a redraw: its marks stay as they were.
    let isReplaced: Bool
    /// Who a forfeit would promote.
    let nextAlternate: String?
    var how = ""
    var reason = ""
    var errors = FieldErrors()

    static let fields: [String: @Sendable (Self) -> Any?] = [
        "sweepstakesName": { $0.sweepstakesName }, "drawNumber": { $0.drawNumber }, "drawId": { $0.drawId }, "rank": { $0.rank },
        "label": { $0.label }, "email": { $0.email }, "uuid": { $0.uuid }, "standing": { $0.standing }, "summaryHTML": { $0.summaryHTML },
        "canRecord": { $0.canRecord }, "isReplaced": { $0.isReplaced }, "nextAlternate": { $0.nextAlternate }, "how": { $0.how }, "reason": { $0.reason },
        "errors": { $0.errors.leading("Nothing was recorded. Please fix:") },
        "formAction": { Site.sweepstakesPrize.href($0.sweepstakesId) }, "sweepstakesHref": { Site.sweepstake.href($0.sweepstakesId, fragment: "draw") },
    ]

    init(sweepstakesId: Int64, sweepstakesName: String, draw: SweepstakesDraws.Draw, pick: SweepstakesDraws.Pick,
         nextAlternate: SweepstakesDraws.Pick?, inForce: Bool = true) {
        self.sweepstakesId = sweepstakesId
        self.sweepstakesName = sweepstakesName
        drawId = draw.id
        drawNumber = draw.number
        rank = pick.rank
        label = SweepstakesDraws.label(pick, in: draw)
        email = pick.email ?? "Deleted account"
        uuid = pick.uuid
        let standing = pick.standing(winnerCount: draw.winnerCount)
        self.standing = DrawPicksHTML.title(standing)
        summaryHTML = DrawPicksHTML.item(pick, in: draw, audience: .staff(canManage: false))
        isReplaced = !inForce
        canRecord = inForce && (standing == .toNotify || standing == .notified)
        self.nextAlternate = nextAlternate.map { SweepstakesDraws.label($0, in: draw) + " (" + ($0.email ?? "deleted account") + ")" }
    }

    static var fixtures: [Self] {
        let draw = DrawView.fixtureDraw(replaces: nil)
        var refused = Self(sweepstakesId: 1, sweepstakesName: Fixture.hostile, draw: draw, pick: draw.picks[2], nextAlternate: draw.picks[3])
        refused.how = Fixture.hostile
        refused.reason = Fixture.hostile
        var errors = ValidationErrors("reason", Fixture.hostile)
        errors.add("how", Fixture.hostile)
        refused.errors = FieldErrors(errors)
        return [refused, Self(sweepstakesId: 1, sweepstakesName: Fixture.hostile, draw: draw, pick: draw.picks[0], nextAlternate: nil),
                Self(sweepstakesId: 1, sweepstakesName: Fixture.hostile, draw: draw, pick: draw.picks[1], nextAlternate: nil, inForce: false)]
    }
}
