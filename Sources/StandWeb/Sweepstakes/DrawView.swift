import Foundation
import StandCore

/// A draw as the sweepstakes page publishes it: enough for anyone to re-run it
/// (seed, snapshot hash, the snapshot itself, the winners in order).
struct DrawView: MustacheFields {
    struct Winner: MustacheFields {
        let rank: Int
        let uuid: String
        let email: String?
        let weight: String

        static let fields: [String: @Sendable (Self) -> Any?] = [
            "rank": { $0.rank }, "uuid": { $0.uuid }, "email": { $0.email }, "weight": { $0.weight },
            "userHref": { Site.user.href($0.uuid) },
        ]
    }

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
    let winners: [Winner]

    static let fields: [String: @Sendable (Self) -> Any?] = [
        "id": { $0.id }, "drawnAt": { $0.drawnAt }, "drawnBy": { $0.drawnBy }, "drawnOn": { $0.drawnOn }, "seed": { $0.seed },
        "snapshotHash": { $0.snapshotHash }, "eligibleUsers": { $0.eligibleUsers }, "totalWeight": { $0.totalWeight },
        "winnerCount": { $0.winnerCount }, "reason": { $0.reason }, "replaces": { $0.replaces }, "winners": { $0.winners },
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
        winners = draw.winners.map { Winner(rank: $0.rank, uuid: $0.uuid, email: $0.email, weight: $0.weight.grouped) }
    }

    static func fixture(replaces: Int64?) -> DrawView {
        DrawView(SweepstakesDraws.Draw(
            id: 2, sweepstakesId: 1, drawnBy: Fixture.hostile, drawnAt: .now, drawnOn: "2026-11-23", seed: String(repeating: "ab", count: 32),
            snapshotHash: String(repeating: "cd", count: 32), totalWeight: 10, eligibleUsers: 3, winnerCount: 2, reason: Fixture.hostile,
            replaces: replaces, winners: [.init(rank: 1, uuid: Fixture.uuid, email: Fixture.hostile, weight: 5), .init(rank: 2, uuid: Fixture.uuid, email: nil, weight: 1)]))
    }
}
