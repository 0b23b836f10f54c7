import Foundation
import Testing
@testable import StandCore

/// A draw reads its list outside the write lock and writes only while the
/// sweepstakes' `draw_inputs` counter (migration 020) is unchanged: every
/// change that can move the list must move the counter, on both engines,
/// and the app's everyday writes to an entrant must not.
@Suite struct DrawInputsTests {
    typealias Fixture = SweepstakesCoreFixture
    static let now = Fixture.now

    func inputs(_ fixture: Fixture, _ sweepstakes: Int64) async throws -> Int {
        try await fixture.count("SELECT draw_inputs FROM sweepstakes_totals WHERE sweepstakes_id = ?", [sweepstakes])
    }

    /// Runs `change` and says whether the counter of `sweepstakes` moved.
    func moves(_ fixture: Fixture, _ sweepstakes: Int64, _ change: () async throws -> Void) async throws -> Bool {
        let before = try await inputs(fixture, sweepstakes)
        try await change()
        return try await inputs(fixture, sweepstakes) != before
    }

    func sql(_ fixture: Fixture, _ sql: String, _ arguments: StoreArguments = []) async throws {
        try await fixture.store.write { db in try db.execute(sql: sql, arguments: arguments) }
    }

    @Test func everyChangeThatCanMoveTheEligibleListMovesTheCounter() async throws {
        let fixture = try await Fixture.make()
        let autumn = try await fixture.sweepstakes(name: "Autumn")
        let winter = try await fixture.sweepstakes(name: "Winter", startsOn: "2026-12-01", endsOn: "2026-12-31")
        let alice = try await fixture.user(1), bob = try await fixture.user(2), carol = try await fixture.user(3)
        let outsider = try await fixture.user(4)
        let corrections = EntryCorrections(store: fixture.store)
        let owner = fixture.owner

        #expect(try await moves(fixture, autumn) { try await fixture.entries(alice, sweepstakes: autumn, count: 2) })
        try await fixture.entries(bob, sweepstakes: autumn, count: 3)
        try await fixture.entries(carol, sweepstakes: autumn, count: 1)
        #expect(try await moves(fixture, autumn) {
            try await corrections.voidAll(sweepstakesId: autumn, uuid: carol.uuid, reason: "Duplicate", by: owner, now: Self.now)
        })
        #expect(try await moves(fixture, autumn) {
            try await corrections.disqualify(sweepstakesId: autumn, uuid: bob.uuid, reason: "Bots", by: owner, now: Self.now)
        })
        #expect(try await moves(fixture, autumn) {
            try await sql(fixture, "UPDATE sweepstakes_disqualifications SET lifted_at = ? WHERE user_id = ?", [Self.now, bob.id])
        })
        #expect(try await moves(fixture, autumn) {
            try await sql(fixture, "INSERT INTO account_suspensions (user_id, starts_at, reason) VALUES (?, '2026-11-01 00:00:00.000', 'Abuse')",
                          [alice.id])
        })
        #expect(try await moves(fixture, autumn) {
            try await sql(fixture, "UPDATE account_suspensions SET lifted_at = ? WHERE user_id = ?", [Self.now, alice.id])
        })
        #expect(try await moves(fixture, autumn) {
            try await sql(fixture, "UPDATE users SET birthdate = '2009-01-01' WHERE id = ?", [alice.id])
        })
        #expect(try await moves(fixture, autumn) { try await fixture.delete(carol) })

        // The app's own writes to an entrant, and changes elsewhere, leave it alone.
        #expect(try await !moves(fixture, autumn) {
            try await sql(fixture, "UPDATE users SET points = points + 10, current_streak = current_streak + 1, birthdate = birthdate WHERE id = ?",
                          [bob.id])
        })
        #expect(try await !moves(fixture, autumn) { try await fixture.entries(bob, sweepstakes: winter, count: 1) })
        #expect(try await !moves(fixture, autumn) {
            try await sql(fixture, "INSERT INTO account_suspensions (user_id, starts_at, reason) VALUES (?, '2026-11-01 00:00:00.000', 'Abuse')",
                          [outsider.id])
        })
        #expect(try await inputs(fixture, winter) > 0)
    }

    @Test func aForfeitInADrawMovesTheCounter() async throws {
        let fixture = try await Fixture.make()
        let autumn = try await fixture.sweepstakes(name: "Autumn")
        for number in 1...3 { try await fixture.entries(try await fixture.user(number), sweepstakes: autumn, count: number) }
        let outcome = try await SweepstakesDraws(store: fixture.store).draw(sweepstakesId: autumn, replacing: nil, reason: "",
                                                                             by: fixture.owner, now: Self.now)
        guard case .drawn(let draw) = outcome else { Issue.record("\(outcome)"); return }
        #expect(try await moves(fixture, autumn) {
            try await sql(fixture, "UPDATE draw_winners SET forfeited_at = ?, forfeit_reason = 'No reply' WHERE draw_id = ? AND rank = 1",
                          [Self.now, draw.id])
        })
        #expect(try await !moves(fixture, autumn) {
            try await sql(fixture, "UPDATE draw_winners SET notified_at = ? WHERE draw_id = ? AND rank = 2", [Self.now, draw.id])
        })
    }

    /// A draw read before a correction is not written after it: the write
    /// sees the counter moved, and the draw reads the list again.
    @Test func aDrawReadBeforeACorrectionIsReadAgain() async throws {
        let fixture = try await Fixture.make()
        let autumn = try await fixture.sweepstakes(name: "Autumn", winners: 3)
        var users: [Fixture.User] = []
        for number in 1...4 {
            let user = try await fixture.user(number)
            try await fixture.entries(user, sweepstakes: autumn, count: number)
            users.append(user)
        }
        let prepared = try await fixture.store.read { db in
            try SweepstakesDraws.prepare(db, sweepstakesId: autumn, replacing: nil, alternates: 0, now: Self.now, seed: nil)
        }
        guard case .ready(let stale) = prepared else { Issue.record("\(prepared)"); return }
        #expect(stale.eligibleUsers == 4)
        try await EntryCorrections(store: fixture.store).voidAll(sweepstakesId: autumn, uuid: users[3].uuid, reason: "Duplicate",
                                                                 by: fixture.owner, now: Self.now)
        let upload = try await DrawSnapshotParts.write(fixture.store, bytes: stale.keptBytes, now: Date())
        let refused = try await fixture.store.write { db in
            try SweepstakesDraws.record(db, stale, upload: upload, replacing: nil, reason: "Draw", by: fixture.owner, now: Self.now)
        }
        #expect(refused == nil)
        #expect(try await fixture.count("SELECT COUNT(*) FROM sweepstakes_draws") == 0)
        #expect(try await fixture.count("SELECT COUNT(*) FROM draw_snapshots") == 0)

        // Drawn for real, the list is the one after the correction.
        let outcome = try await SweepstakesDraws(store: fixture.store).draw(sweepstakesId: autumn, replacing: nil, reason: "",
                                                                             by: fixture.owner, now: Self.now)
        guard case .drawn(let draw) = outcome else { Issue.record("\(outcome)"); return }
        #expect(draw.eligibleUsers == 3 && draw.totalWeight == 6)
        #expect(!draw.picks.map(\.uuid).contains(users[3].uuid))
        let verification = try #require(try await SweepstakesDraws(store: fixture.store).verify(drawId: draw.id))
        #expect(verification.isSound && verification.differences.isEmpty)
    }

    /// Two draws read at once: the one written second finds the first in force.
    @Test func ofTwoDrawsReadAtOnceOnlyTheFirstIsWritten() async throws {
        let fixture = try await Fixture.make()
        let autumn = try await fixture.sweepstakes(name: "Autumn")
        for number in 1...3 { try await fixture.entries(try await fixture.user(number), sweepstakes: autumn, count: 1) }
        func prepare() async throws -> SweepstakesDraws.PreparedDraw? {
            let preparation = try await fixture.store.read { db in
                try SweepstakesDraws.prepare(db, sweepstakesId: autumn, replacing: nil, alternates: nil, now: Self.now, seed: nil)
            }
            if case .ready(let prepared) = preparation { return prepared }
            return nil
        }
        let first = try #require(try await prepare()), second = try #require(try await prepare())
        let write = { (prepared: SweepstakesDraws.PreparedDraw) in
            let upload = try await DrawSnapshotParts.write(fixture.store, bytes: prepared.keptBytes, now: Date())
            return try await fixture.store.write { db in
                try SweepstakesDraws.record(db, prepared, upload: upload, replacing: nil, reason: "Draw", by: fixture.owner, now: Self.now)
            }
        }
        guard case .drawn(let drawn)? = try await write(first) else { Issue.record("the first was not written"); return }
        guard case .alreadyDrawn(let inForce)? = try await write(second) else { Issue.record("the second was written"); return }
        #expect(inForce.id == drawn.id)
        #expect(try await fixture.count("SELECT COUNT(*) FROM sweepstakes_draws") == 1)
    }
}
