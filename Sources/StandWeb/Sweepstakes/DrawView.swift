import Foundation
import StandCore

/// A draw as the sweepstakes page shows it to staff: enough for anyone to
/// re-run it (seed, snapshot hash, the snapshot itself, the picks in order),
/// each prize's chain of winner and alternates, and its public record.
struct DrawView: MustacheFields {
    let id: Int64
    let number: Int
    let sweepstakesId: Int64
    let drawnAt: String
    let drawnBy: String
    let drawnOn: String
    let seed: String
    let snapshotHash: String
    let eligibleUsers: String
    let totalWeight: String
    let winners: String
    let alternates: String
    let reason: String
    let replacesNumber: Int?
    /// Each prize's chain as `<li>` items, written in Swift like table rows.
    let chainsHTML: String
    /// Alternates no forfeit has needed yet.
    let waitingHTML: String
    let verifyCommand: String
    let publicHref: String?
    let published: String?
    /// Owners record claims and publish.
    let canManage: Bool

    static let fields: [String: @Sendable (Self) -> Any?] = [
        "id": { $0.id }, "number": { $0.number }, "drawnAt": { $0.drawnAt }, "drawnBy": { $0.drawnBy }, "drawnOn": { $0.drawnOn },
        "seed": { $0.seed }, "snapshotHash": { $0.snapshotHash }, "eligibleUsers": { $0.eligibleUsers }, "totalWeight": { $0.totalWeight },
        "winners": { $0.winners }, "alternates": { $0.alternates }, "reason": { $0.reason }, "replacesNumber": { $0.replacesNumber },
        "chainsHTML": { $0.chainsHTML }, "waitingHTML": { $0.waitingHTML }, "hasWaiting": { !$0.waitingHTML.isEmpty },
        "snapshotHref": { Site.sweepstakesSnapshot.href($0.sweepstakesId, ["draw": String($0.id)]) },
        "verifyCommand": { $0.verifyCommand }, "storeCommand": { "stand-admin verify-draw \($0.id)" },
        "publicHref": { $0.publicHref }, "published": { $0.published }, "canManage": { $0.canManage },
        "publishAction": { Site.sweepstakesPublish.href($0.sweepstakesId) }, "withdrawAction": { Site.sweepstakesWithdraw.href($0.sweepstakesId) },
    ]

    init(_ draw: SweepstakesDraws.Draw, canManage: Bool) {
        id = draw.id
        number = draw.number
        sweepstakesId = draw.sweepstakesId
        drawnAt = UTCDate.minute(draw.drawnAt)
        drawnBy = draw.drawnBy ?? "—"
        drawnOn = draw.drawnOn
        seed = draw.seed
        snapshotHash = draw.snapshotHash
        eligibleUsers = draw.eligibleUsers.counted("eligible user")
        totalWeight = draw.totalWeight.counted("entry", plural: "entries")
        winners = draw.winnerCount.counted("winner")
        alternates = draw.alternateCount.counted("alternate")
        reason = draw.reason
        replacesNumber = draw.replacesNumber
        chainsHTML = DrawPicksHTML.chains(draw, audience: .staff(canManage: canManage))
        waitingHTML = DrawPicksHTML.waiting(draw, audience: .staff(canManage: canManage))
        verifyCommand = Self.verifyCommand(draw)
        publicHref = draw.publicToken.map { Site.publicDraw.href($0) }
        published = draw.published.map { "on \(UTCDate.minute($0.at))" + ($0.by.map { " by \($0)" } ?? "") }
        self.canManage = canManage
    }

    /// The one command that re-checks a draw from its published files alone.
    static func verifyCommand(_ draw: SweepstakesDraws.Draw) -> String {
        var command = "python3 verify-draw.py --seed \(draw.seed) --hash \(draw.snapshotHash) --winners \(draw.winnerCount)"
        command += " --alternates \(draw.alternateCount) --expect \(draw.winners.map(\.uuid).joined(separator: ","))"
        if draw.alternateCount > 0 { command += " --expect-alternates \(draw.alternates.map(\.uuid).joined(separator: ","))" }
        return command + " snapshot.csv"
    }

    static func fixtureDraw(replaces: Int64?, published: Bool = true) -> SweepstakesDraws.Draw {
        var forfeited = SweepstakesDraws.Pick(rank: 1, uuid: Fixture.uuid, email: Fixture.hostile, weight: 5)
        forfeited.notified = .init(at: .now, by: Fixture.hostile)
        forfeited.notifiedHow = Fixture.hostile
        forfeited.forfeited = .init(at: .now, by: nil)
        forfeited.forfeitReason = Fixture.hostile
        var promoted = SweepstakesDraws.Pick(rank: 3, uuid: Fixture.uuid, email: nil, weight: 1)
        promoted.promotedFor = 1
        var claimed = SweepstakesDraws.Pick(rank: 2, uuid: Fixture.uuid, email: Fixture.hostile, weight: 1)
        claimed.claimed = .init(at: .now, by: Fixture.hostile)
        return SweepstakesDraws.Draw(
            id: 2, number: 2, sweepstakesId: 1, drawnBy: Fixture.hostile, drawnAt: .now, drawnOn: "2026-11-23", seed: String(repeating: "ab", count: 32),
            snapshotHash: String(repeating: "cd", count: 32), totalWeight: 10, eligibleUsers: 5, winnerCount: 2, alternateCount: 2,
            reason: Fixture.hostile, replaces: replaces, replacesNumber: replaces.map { Int($0) }, publicToken: published ? String(repeating: "e", count: 32) : nil,
            published: published ? .init(at: .now, by: Fixture.hostile) : nil,
            picks: [forfeited, claimed, promoted, .init(rank: 4, uuid: Fixture.uuid, email: Fixture.hostile, weight: 2)])
    }

    static func fixture(replaces: Int64?, published: Bool = true) -> DrawView {
        DrawView(fixtureDraw(replaces: replaces, published: published), canManage: true)
    }
}

/// The draws a later one replaced, as table rows written in Swift: each is
/// enough to re-run it too, with its public record, which an owner can still
/// publish or withdraw. Rendered by Mustache with a form per row, fifteen
/// redraws took a quarter of the sweepstakes page's time.
enum EarlierDrawsHTML {
    static func rows(_ draws: [SweepstakesDraws.EarlierDraw], sweepstakesId: Int64, canManage: Bool, csrf: String, submission: String) -> String {
        var html = TableRowsHTML(columns: ["Draw", "When (UTC)", "By", "Winners", "Seed", "Snapshot", "Public record"],
                                 reservingCapacity: draws.count * (canManage ? 1_400 : 900))
        let publish = TableRowsHTML.inlineFormOpening(action: Site.sweepstakesPublish.href(sweepstakesId), csrf: csrf, submission: submission)
        let withdraw = TableRowsHTML.inlineFormOpening(action: Site.sweepstakesWithdraw.href(sweepstakesId), csrf: csrf, submission: submission)
        for draw in draws {
            html.row { cells in
                cells.numberCell("Draw \(draw.number)")
                cells.cell(UTCDate.minute(draw.drawnAt))
                cells.cell(draw.drawnBy ?? "—")
                cells.codeCell(draw.winners)
                cells.codeCell(draw.seed)
                cells.linkCell("uuid,weight lines", href: Site.sweepstakesSnapshot.href(sweepstakesId, ["draw": String(draw.id)]))
                let publicHref = draw.publicToken.map { Site.publicDraw.href($0) }
                var record = publicHref.map { "<a href=\"" + FastHTMLEscaping.escape($0) + "\">Published</a>" } ?? "Not published"
                if canManage {
                    record += " " + (publicHref == nil ? publish : withdraw)
                    record += "<input type=\"hidden\" name=\"draw\" value=\"\(draw.id)\" /><button type=\"submit\">"
                    record += publicHref == nil ? "Publish</button></form>" : "Withdraw</button></form>"
                }
                cells.markupCell(record)
            }
        }
        return html.html
    }

    static func fixture(canManage: Bool) -> String {
        rows([.init(id: 1, number: 1, drawnAt: .now, drawnBy: Fixture.hostile, seed: String(repeating: "ab", count: 32),
                    snapshotHash: String(repeating: "cd", count: 32), winners: Fixture.uuid, publicToken: String(repeating: "e", count: 32)),
              .init(id: 3, number: 3, drawnAt: .now, drawnBy: nil, seed: String(repeating: "ab", count: 32),
                    snapshotHash: String(repeating: "cd", count: 32), winners: Fixture.uuid, publicToken: nil)],
             sweepstakesId: 1, canManage: canManage, csrf: Fixture.hostile, submission: "4567cdef")
    }
}
