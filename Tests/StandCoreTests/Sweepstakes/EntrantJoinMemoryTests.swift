import Foundation
import StandTestSupport
import Testing
@testable import StandCore

/// A draw's list joins the entrants with `users`. At PostgreSQL's default
/// `work_mem` (4 MB) the join spilled to temporary files: a gigabyte written
/// and read per draw of a million entrants, which the app's commits then
/// waited behind. The console gives those transactions room to hash in
/// memory. A quarter of a million entrants need about 17 MB, past the 8 MB a
/// hash may take by default (`work_mem` times `hash_mem_multiplier`).
@Suite(.postgresOnly) struct EntrantJoinMemoryTests {
    @Test func theEligibleListOfAQuarterMillionEntrantsIsJoinedWithoutTemporaryFiles() async throws {
        let fixture = try await SweepstakesCoreFixture.make()
        let sweepstakes = try await fixture.sweepstakes()
        try await fixture.store.write { db in
            try db.execute(sql: """
                INSERT INTO users (uuid, email, phone, password_hash, birthdate, reminder_time, created_at, updated_at)
                SELECT '00000000-0000-4000-8000-' || lpad(g::text, 12, '0'), 'user' || g || '@example.com',
                       '+1555' || lpad(g::text, 7, '0'), 'x', '1990-05-17', '08:30', '2026-01-02 10:00:00.000', '2026-01-02 10:00:00.000'
                FROM generate_series(1, 250000) g
                """)
            try db.execute(sql: """
                INSERT INTO sweepstakes_entries (sweepstakes_id, user_id, quantity, reason, created_at)
                SELECT ?, id, 1, 'daily_stand', '2026-10-05 00:00:00.000' FROM users
                """, arguments: [sweepstakes])
            try db.execute(sql: "ANALYZE users, sweepstakes_entrants")
        }
        let temporaryBlocks = try await fixture.store.read { db in
            let (sql, arguments) = try SweepstakesDraws.eligibleQuery(db, "SELECT u.uuid, n.valid_entries", sweepstakes,
                                                                      at: SweepstakesCoreFixture.now, before: nil)
            let plan = try String.fetchOne(db, sql: "EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) " + sql, arguments: arguments) ?? ""
            return Self.sum(of: "Temp Written Blocks", in: try JSONSerialization.jsonObject(with: Data(plan.utf8)))
        }
        #expect(temporaryBlocks == 0)
        let settingAfterwards = try await fixture.store.read { db in try String.fetchOne(db, sql: "SHOW work_mem") }
        #expect(settingAfterwards == "4MB", "the room is the transaction's, not the connection's")
    }

    /// The total of one counter over every node of an EXPLAIN plan in JSON.
    static func sum(of key: String, in node: Any) -> Int {
        if let object = node as? [String: Any] {
            return (object[key] as? Int ?? 0) + object.values.reduce(0) { $0 + sum(of: key, in: $1) }
        }
        if let array = node as? [Any] { return array.reduce(0) { $0 + sum(of: key, in: $1) } }
        return 0
    }
}
