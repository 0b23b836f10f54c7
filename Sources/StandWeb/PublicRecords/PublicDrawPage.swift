import Foundation
import StandCore

/// `public/draw`: a draw's public record, for anyone with its link (no
/// sign-in): the sweepstakes and its rules, the numbers, the seed and hash,
/// the picks as UUIDs, the snapshot and the one command that re-checks it.
/// No email, no staff name, no note about a winner.
struct PublicDrawPage: PageModel {
    static let template = "public/draw"
    var title: String { "\(sweepstakesName): draw \(number)" }

    let token: String
    let sweepstakesName: String
    let prize: String
    let dates: String
    let rules: String
    let number: Int
    let drawnAt: String
    let drawnOn: String
    let winners: String
    let alternates: String
    let eligibleUsers: String
    let entries: String
    let seed: String
    let snapshotHash: String
    let chainsHTML: String
    let waitingHTML: String
    let verifyCommand: String
    let replaces: String?
    let replacedBy: String?
    let replacedByHref: String?

    static let fields: [String: @Sendable (Self) -> Any?] = [
        "sweepstakesName": { $0.sweepstakesName }, "prize": { $0.prize }, "dates": { $0.dates }, "rules": { $0.rules },
        "number": { $0.number }, "drawnAt": { $0.drawnAt }, "drawnOn": { $0.drawnOn }, "winners": { $0.winners }, "alternates": { $0.alternates },
        "eligibleUsers": { $0.eligibleUsers }, "entries": { $0.entries }, "seed": { $0.seed }, "snapshotHash": { $0.snapshotHash },
        "chainsHTML": { $0.chainsHTML }, "waitingHTML": { $0.waitingHTML }, "hasWaiting": { !$0.waitingHTML.isEmpty },
        "verifyCommand": { $0.verifyCommand }, "snapshotHref": { Site.publicDrawSnapshot.href($0.token) },
        "replaces": { $0.replaces }, "replacedBy": { $0.replacedBy }, "replacedByHref": { $0.replacedByHref },
        "verifierHref": { _ in Site.publicVerifier.href() }, "methodHref": { _ in Site.publicDrawMethod.href() },
    ]

    init(_ record: SweepstakesDraws.PublicRecord) {
        let sweepstakes = record.sweepstakes
        self.init(name: sweepstakes.name, prize: sweepstakes.prize, dates: "\(sweepstakes.startsOn) – \(sweepstakes.endsOn)",
                  rules: SweepstakesDetailPage.earningRules(sweepstakes), draw: record.draw, replacedBy: record.replacedBy)
    }

    /// `draw` must be the public one (`PublicRecord.draw`): no emails.
    init(name: String, prize: String, dates: String, rules: String, draw: SweepstakesDraws.Draw, replacedBy: SweepstakesDraws.Replacement?) {
        token = draw.publicToken ?? ""
        sweepstakesName = name
        self.prize = prize
        self.dates = dates
        self.rules = rules
        number = draw.number
        drawnAt = UTCDate.minute(draw.drawnAt)
        drawnOn = draw.drawnOn
        winners = draw.winnerCount.counted("winner")
        alternates = draw.alternateCount.counted("alternate")
        eligibleUsers = draw.eligibleUsers.counted("eligible user")
        entries = draw.totalWeight.counted("entry", plural: "entries")
        seed = draw.seed
        snapshotHash = draw.snapshotHash
        chainsHTML = DrawPicksHTML.chains(draw, audience: .public)
        waitingHTML = DrawPicksHTML.waiting(draw, audience: .public)
        verifyCommand = DrawView.verifyCommand(draw)
        // A redraw's reason is staff's words and may name a person: it stays inside the console.
        replaces = draw.replacesNumber.map { "It replaces draw \($0), which was voided." }
        self.replacedBy = replacedBy.map { "This draw was voided and replaced by draw \($0.number) on \(UTCDate.minute($0.drawnAt))." }
        replacedByHref = replacedBy?.publicToken.map { Site.publicDraw.href($0) }
    }

    static var fixtures: [Self] {
        let draw = DrawView.fixtureDraw(replaces: 1).forPublic
        let replacement = SweepstakesDraws.Replacement(number: 3, drawnAt: .now, publicToken: String(repeating: "f", count: 32))
        return [Self(name: Fixture.hostile, prize: Fixture.hostile, dates: "2026-11-01 – 2026-11-30", rules: Fixture.hostile, draw: draw, replacedBy: replacement),
                Self(name: Fixture.hostile, prize: Fixture.hostile, dates: "2026-11-01 – 2026-11-30", rules: Fixture.hostile,
                     draw: DrawView.fixtureDraw(replaces: nil).forPublic, replacedBy: nil)]
    }
}
