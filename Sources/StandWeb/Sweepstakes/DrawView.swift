import Foundation
import StandCore

/// A draw as the sweepstakes page publishes it: enough for anyone to re-run it
/// (seed, snapshot hash, the snapshot itself, the winners in order).
struct DrawView: MustacheFields {
    let id: Int64
    let sweepstakesId: Int64
    let drawnAt: String
    let drawnBy: String
    let drawnOn: String
    let seed: String
    let snapshotHash: String
    let eligibleUsers: String
    let totalWeight: String
    let winnerCount: Int
    let reason: String
    let replaces: Int64?
    /// The winners as `<li>` items, written in Swift like table rows.
    let winnersHTML: String

    static let fields: [String: @Sendable (Self) -> Any?] = [
        "id": { $0.id }, "drawnAt": { $0.drawnAt }, "drawnBy": { $0.drawnBy }, "drawnOn": { $0.drawnOn }, "seed": { $0.seed },
        "snapshotHash": { $0.snapshotHash }, "eligibleUsers": { $0.eligibleUsers }, "totalWeight": { $0.totalWeight },
        "winnerCount": { $0.winnerCount }, "reason": { $0.reason }, "replaces": { $0.replaces }, "winnersHTML": { $0.winnersHTML },
        "snapshotHref": { Site.sweepstakesSnapshot.href($0.sweepstakesId, ["draw": String($0.id)]) },
        "verifyCommand": { "scripts/verify-draw.py --seed \($0.seed) --hash \($0.snapshotHash) --winners \($0.winnerCount) snapshot.csv" },
    ]

    init(_ draw: SweepstakesDraws.Draw) {
        id = draw.id
        sweepstakesId = draw.sweepstakesId
        drawnAt = UTCDate.minute(draw.drawnAt)
        drawnBy = draw.drawnBy ?? "—"
        drawnOn = draw.drawnOn
        seed = draw.seed
        snapshotHash = draw.snapshotHash
        eligibleUsers = draw.eligibleUsers.grouped
        totalWeight = draw.totalWeight.grouped
        winnerCount = draw.winnerCount
        reason = draw.reason
        replaces = draw.replaces
        var html = ""
        for winner in draw.winners {
            html += "<li><a href=\"" + FastHTMLEscaping.escape(Site.user.href(winner.uuid)) + "\">"
            html += FastHTMLEscaping.escape(winner.email ?? "Deleted account") + "</a> <code class=\"uuid\">"
            html += FastHTMLEscaping.escape(winner.uuid) + "</code> <span class=\"muted\">"
            html += EntryCorrections.entries(winner.weight) + "</span></li>"
        }
        winnersHTML = html
    }

    /// Draws a later one replaced, a row each: enough to re-run them too.
    static func earlierRowsHTML(_ draws: [SweepstakesDraws.EarlierDraw], sweepstakesId: Int64) -> String {
        var rows = TableRowsHTML(columns: ["Draw", "When (UTC)", "By", "Winners", "Seed", "Snapshot"], reservingCapacity: draws.count * 600)
        for draw in draws {
            rows.row { cells in
                cells.numberCell("#\(draw.id)")
                cells.cell(UTCDate.minute(draw.drawnAt))
                cells.cell(draw.drawnBy ?? "—")
                cells.codeCell(draw.winners)
                cells.codeCell(draw.seed)
                cells.linkCell("uuid,weight lines", href: Site.sweepstakesSnapshot.href(sweepstakesId, ["draw": String(draw.id)]))
            }
        }
        return rows.html
    }

    static func fixture(replaces: Int64?) -> DrawView {
        DrawView(SweepstakesDraws.Draw(
            id: 2, sweepstakesId: 1, drawnBy: Fixture.hostile, drawnAt: .now, drawnOn: "2026-11-23", seed: String(repeating: "ab", count: 32),
            snapshotHash: String(repeating: "cd", count: 32), totalWeight: 10, eligibleUsers: 3, winnerCount: 2, reason: Fixture.hostile,
            replaces: replaces, winners: [.init(rank: 1, uuid: Fixture.uuid, email: Fixture.hostile, weight: 5), .init(rank: 2, uuid: Fixture.uuid, email: nil, weight: 1)]))
    }
}
