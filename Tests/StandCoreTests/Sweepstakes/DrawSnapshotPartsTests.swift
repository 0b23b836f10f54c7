import Foundation
import StandTestSupport
import Testing
@testable import StandCore

/// A draw's snapshot is written in parts before the draw's transaction
/// (migration 022), so that a million entrants' 17 MB never hold the store's
/// write lock at once: on both engines the parts join back into the drawn
/// list, a missing part is damage, and parts no draw names do not stay.
@Suite struct DrawSnapshotPartsTests {
    typealias Fixture = SweepstakesCoreFixture
    static let now = Fixture.now

    func drawn(_ fixture: Fixture, entrants: Int) async throws -> SweepstakesDraws.Draw {
        let autumn = try await fixture.sweepstakes(name: "Autumn")
        for number in 1...entrants { try await fixture.entries(try await fixture.user(number), sweepstakes: autumn, count: number) }
        let outcome = try await SweepstakesDraws(store: fixture.store).draw(sweepstakesId: autumn, replacing: nil, reason: "",
                                                                             by: fixture.owner, now: Self.now)
        guard case .drawn(let draw) = outcome else { throw DrawFailed(outcome: "\(outcome)") }
        return draw
    }

    struct DrawFailed: Error { let outcome: String }

    @Test func aDrawKeepsItsSnapshotInPartsAndIsCheckedFromThem() async throws {
        let fixture = try await Fixture.make()
        let draw = try await drawn(fixture, entrants: 3)
        let (inline, kept) = try await fixture.store.read { db in
            let row = try StoreRow.fetchOne(db, sql: "SELECT length(bytes) AS inline, upload FROM draw_snapshots WHERE draw_id = ?", arguments: [draw.id])
            return (row?["inline"] as Int?, row?["upload"] as String?)
        }
        #expect(inline == 0)
        let upload = try #require(kept)
        #expect(try await fixture.count("SELECT COUNT(*) FROM draw_snapshot_parts WHERE upload = ?", [upload]) == 1)
        #expect(try await fixture.count("SELECT COUNT(*) FROM draw_snapshot_parts") == 1)
        let verification = try #require(try await SweepstakesDraws(store: fixture.store).verify(drawId: draw.id))
        #expect(verification.keptSnapshot && verification.isSound && verification.eligibleUsers == 3)

        // A part gone is damage, said as such: never a shorter list, never the store as it is now.
        try await fixture.store.write { db in try db.execute(sql: "DELETE FROM draw_snapshot_parts WHERE upload = ?", arguments: [upload]) }
        await #expect(throws: DrawSnapshot.Damaged.self) { try await SweepstakesDraws(store: fixture.store).verify(drawId: draw.id) }
    }

    @Test func aSnapshotLongerThanAPartIsWrittenInPartsAndReadBackInOrder() async throws {
        let fixture = try await Fixture.make()
        let bytes = Data((0..<35).map { UInt8($0) })
        #expect(DrawSnapshotParts.split(bytes, partSize: 10).map(\.count) == [10, 10, 10, 5])
        let upload = try await DrawSnapshotParts.write(fixture.store, bytes: bytes, now: Date(), partSize: 10)
        #expect(upload.parts == 4 && upload.bytes == 35)
        #expect(try await fixture.store.read { db in try DrawSnapshotParts.isComplete(db, upload) })
        #expect(try await fixture.store.read { db in try DrawSnapshotParts.read(db, token: upload.token) } == bytes)

        try await fixture.store.write { db in
            try db.execute(sql: "DELETE FROM draw_snapshot_parts WHERE upload = ? AND part = 2", arguments: [upload.token])
        }
        #expect(try await !fixture.store.read { db in try DrawSnapshotParts.isComplete(db, upload) })
        #expect(try await fixture.store.read { db in try DrawSnapshotParts.read(db, token: upload.token) } == nil)

        await DrawSnapshotParts.discard(fixture.store, token: upload.token)
        #expect(try await fixture.count("SELECT COUNT(*) FROM draw_snapshot_parts") == 0)
    }

    /// A console stopped between the parts and the draw leaves parts no draw
    /// names: the next draw deletes those written over an hour ago, and only those.
    @Test func partsNoDrawNamesAreDeletedByTheNextDrawAnHourLater() async throws {
        let fixture = try await Fixture.make()
        let hoursAgo = Date().addingTimeInterval(-2 * 3600)
        let abandoned = try await DrawSnapshotParts.write(fixture.store, bytes: Data(repeating: 7, count: 30), now: hoursAgo, partSize: 10)
        let inFlight = try await DrawSnapshotParts.write(fixture.store, bytes: Data(repeating: 8, count: 5), now: Date())
        let draw = try await drawn(fixture, entrants: 2)
        #expect(try await fixture.count("SELECT COUNT(*) FROM draw_snapshot_parts WHERE upload = ?", [abandoned.token]) == 0)
        #expect(try await fixture.count("SELECT COUNT(*) FROM draw_snapshot_parts WHERE upload = ?", [inFlight.token]) == 1)

        // A draw's own parts stay however old they are.
        try await fixture.store.write { db in
            try db.execute(sql: "UPDATE draw_snapshot_parts SET written_at = ? WHERE upload = (SELECT upload FROM draw_snapshots WHERE draw_id = ?)",
                           arguments: [hoursAgo, draw.id])
        }
        await DrawSnapshotParts.purgeAbandoned(fixture.store, now: Date())
        #expect(try #require(try await SweepstakesDraws(store: fixture.store).verify(drawId: draw.id)).isSound)
        #expect(try await fixture.count("SELECT COUNT(*) FROM draw_snapshot_parts WHERE upload = ?", [inFlight.token]) == 1)
    }

    /// The abandoned uploads are found from the primary key's index; only theirs
    /// have `written_at`, which follows the megabyte of `bytes`, read.
    @Test(.sqliteOnly) func theSearchForAbandonedPartsReadsTheIndexNotTheBytes() async throws {
        let fixture = try await Fixture.make()
        let plan = try await fixture.store.read { db in
            try StoreRow.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + DrawSnapshotParts.abandonedSQL, arguments: [Date()])
                .map { $0["detail"] as String }.joined(separator: "; ")
        }
        #expect(plan.contains("SCAN p USING COVERING INDEX sqlite_autoindex_draw_snapshot_parts_1"), "\(plan)")
        #expect(plan.contains("SEARCH w USING INDEX sqlite_autoindex_draw_snapshot_parts_1 (upload=?)"), "\(plan)")
    }

    /// Two draws at once: whichever is refused, at its read or at its write,
    /// leaves no part behind; the parts left are the drawn one's.
    @Test func ofTwoDrawsAtOnceOnlyTheDrawnOnesPartsStay() async throws {
        let fixture = try await Fixture.make()
        let autumn = try await fixture.sweepstakes(name: "Autumn")
        for number in 1...3 { try await fixture.entries(try await fixture.user(number), sweepstakes: autumn, count: number) }
        let draws = SweepstakesDraws(store: fixture.store)
        async let first = draws.draw(sweepstakesId: autumn, replacing: nil, reason: "", by: fixture.owner, now: Self.now)
        async let second = draws.draw(sweepstakesId: autumn, replacing: nil, reason: "", by: fixture.owner, now: Self.now)
        let outcomes = try await [first, second]
        #expect(outcomes.filter { if case .drawn = $0 { true } else { false } }.count == 1, "\(outcomes)")
        #expect(try await fixture.count("SELECT COUNT(*) FROM draw_snapshots") == 1)
        #expect(try await fixture.count(
            "SELECT COUNT(*) FROM draw_snapshot_parts WHERE upload NOT IN (SELECT upload FROM draw_snapshots WHERE upload IS NOT NULL)") == 0)
        #expect(try await fixture.count("SELECT COUNT(*) FROM draw_snapshot_parts") == 1)
    }

    /// A kept snapshot holding another number of entrants than its row says is damage.
    @Test func aSnapshotWithAnotherNumberOfEntrantsThanItsRowIsDamage() async throws {
        let fixture = try await Fixture.make()
        let draw = try await drawn(fixture, entrants: 2)
        try await fixture.store.write { db in
            try db.execute(sql: "UPDATE draw_snapshots SET entrants = 3 WHERE draw_id = ?", arguments: [draw.id])
        }
        await #expect(throws: DrawSnapshot.Damaged.self) { try await SweepstakesDraws(store: fixture.store).verify(drawId: draw.id) }
    }
}
