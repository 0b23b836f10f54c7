import Foundation
import GRDB
import StandTestSupport
import Synchronization
import Testing
@testable import StandCore

/// An erased account's entries leave the tallies set-wise (migration 021):
/// the tallies still equal a recount, on both engines, and the entries'
/// row triggers no longer run once per entry on SQLite.
@Suite struct ErasedEntriesTests {
    static let uuid = "5a1d7c3e-2b4f-4e6a-9c8d-7f6e5d4c3b2a"

    /// Jane holds valid and voided entries over two days in an open
    /// sweepstakes (1), and entries in a drawn one (2); Sam holds entries in both.
    static func store() async throws -> (StandStore, AuditActor, janeId: Int64) {
        let store = try await temporaryStore()
        let actor = try await insertStaff(store, email: "support@example.com", role: .support)
        let janeId = try await store.write { db in
            func user(_ uuid: String, _ email: String, _ phone: String) throws -> Int64 {
                try db.insertReturningId(sql: """
                    INSERT INTO users (uuid, email, phone, password_hash, birthdate, reminder_time, created_at, updated_at)
                    VALUES (?, ?, ?, 'x', '1990-01-01', '08:00', '2026-01-01 00:00:00.000', '2026-01-01 00:00:00.000')
                    """, arguments: [uuid, email, phone])
            }
            let jane = try user(Self.uuid, "jane@example.com", "+15552234567")
            let sam = try user("6b2e8d4f-3c5a-4f7b-8d9e-8a7f6e5d4c3b", "sam@example.com", "+15552234568")
            try db.execute(sql: """
                INSERT INTO sweepstakes (name, prize, starts_on, ends_on, created_at) VALUES
                    ('Open', 'Bike', '2026-11-01', '2026-11-30', '2026-11-01 00:00:00.000'),
                    ('Drawn', 'Lamp', '2026-10-01', '2026-10-31', '2026-10-01 00:00:00.000')
                """)
            try db.execute(sql: """
                INSERT INTO sweepstakes_draws (sweepstakes_id, drawn_by, drawn_at, drawn_on, seed, snapshot_hash, entry_count, reason)
                VALUES (2, ?, '2026-11-01 00:00:00.000', '2026-11-01', 'seed', 'hash', 0, 'monthly draw')
                """, arguments: [actor.staffId])
            let entries: [(Int64, Int64, Int, Int, String)] = [
                (1, jane, 1, 0, "2026-11-02"), (1, jane, 3, 0, "2026-11-02"), (1, jane, 2, 0, "2026-11-03"), (1, jane, 4, 1, "2026-11-03"),
                (1, sam, 1, 0, "2026-11-02"), (1, sam, 2, 1, "2026-11-03"),
                (2, jane, 5, 0, "2026-10-04"), (2, jane, 1, 1, "2026-10-05"), (2, sam, 2, 0, "2026-10-04"),
            ]
            for (sweepstakes, user, quantity, voided, day) in entries {
                try db.execute(sql: """
                    INSERT INTO sweepstakes_entries (sweepstakes_id, user_id, quantity, reason, voided, created_at)
                    VALUES (?, ?, ?, 'daily_stand', ?, ?)
                    """, arguments: [sweepstakes, user, quantity, voided, "\(day) 09:00:00.000"])
            }
            return jane
        }
        return (store, actor, janeId)
    }

    static func delete(_ store: StandStore, by actor: AuditActor) async throws {
        let outcome = try await AccountDeletion(store: store, erasures: PendingErasures(store: store))
            .delete(uuid: uuid, confirmation: uuid, reason: "Asked in the app", by: actor)
        guard case .deleted = outcome else { Issue.record("not deleted: \(outcome)"); return }
    }

    @Test func theTalliesEqualARecountAndTheTriggersResumeAfterTheDeletion() async throws {
        let (store, actor, _) = try await Self.store()
        let before = try await store.read { db in try Self.totals(db) }
        try await Self.delete(store, by: actor)
        try await store.read { db throws in
            let totals = try Self.totals(db)
            // Jane's 6 valid and 4 voided in the open one are gone; the drawn one keeps hers, detached.
            #expect(totals[1] == [1, 1, 2], "open: entrants, valid, voided")
            #expect(totals[2] == [1, 7, 1], "drawn: her entries still count, she is no longer an entrant")
            #expect(before[1] == [2, 7, 6] && before[2] == [2, 7, 1])
            #expect(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM sweepstakes_entries WHERE sweepstakes_id = 2 AND user_id IS NULL") == 2)
            #expect(try Int.fetchAll(db, sql: "SELECT valid_entries FROM sweepstakes_daily_entries WHERE sweepstakes_id = 1 ORDER BY day") == [1, 0])
            #expect(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM sweepstakes_tallies_paused") == 0)
        }
        // Another program's write after the deletion is tallied by the triggers again.
        try await store.write { db in
            try db.execute(sql: "INSERT INTO sweepstakes_entries (sweepstakes_id, user_id, quantity, reason, created_at) VALUES (1, 2, 3, 'daily_stand', '2026-11-03 10:00:00.000')")
            try db.execute(sql: "DELETE FROM sweepstakes_entries WHERE sweepstakes_id = 1 AND user_id = 2 AND quantity = 1")
        }
        let mismatches = try await store.read { db in
            try TallyRecountTests.recounts.map { name, sql in (name, try Int.fetchOne(db, sql: sql) ?? -1) }.filter { $0.1 != 0 }
        }
        #expect(mismatches.isEmpty, "tallies that differ from their recount: \(mismatches)")
    }

    /// On SQLite each row trigger's program reports itself to the trace as
    /// "-- TRIGGER name" (the entries' triggers too, which then stop at their
    /// WHEN). Before 021, each entry moved its entrant row one step, so the
    /// entrant rows' update triggers ran once per entry (six times here, 500
    /// times for the bench's account); now each entrant row is deleted once.
    @Test(.sqliteOnly) func theEntrantRowsAreNotMovedOncePerEntry() async throws {
        let (store, actor, _) = try await Self.store()
        let triggers = Mutex<[String]>([])
        try await store.pool.write { db in
            db.trace(options: .statement) { event in
                guard case .statement(let statement) = event, statement.sql.hasPrefix("-- TRIGGER ") else { return }
                triggers.withLock { $0.append(String(statement.sql.dropFirst("-- TRIGGER ".count))) }
            }
        }
        try await Self.delete(store, by: actor)
        let ran = triggers.withLock { $0 }
        #expect(!ran.contains("sweepstakes_entrants_update") && !ran.contains("draw_inputs_entrant_update"), "entrant rows moved per entry: \(ran)")
        #expect(ran.filter { $0 == "sweepstakes_entrants_delete" }.count == 2, "one delete per entrant row: \(ran)")
    }

    /// (entrants, valid, voided) per sweepstakes.
    static func totals(_ db: StoreDatabase) throws -> [Int64: [Int]] {
        var totals: [Int64: [Int]] = [:]
        for row in try StoreRow.fetchAll(db, sql: "SELECT sweepstakes_id, entrants, valid_entries, voided_entries FROM sweepstakes_totals") {
            totals[row[0]] = [row[1], row[2], row[3]]
        }
        return totals
    }
}
