import Foundation
import StandTestSupport
import Testing
@testable import StandCore

/// The tallies the triggers keep (migrations 001, 005, 007, 023; per statement on
/// PostgreSQL since 019) equal a recount after statements that insert, void
/// and delete many rows at once, on both engines.
@Suite struct TallyRecountTests {
    @Test func talliesEqualARecountAfterManyRowsAStatement() async throws {
        let store = try await temporaryStore()
        // The seeder writes several hundred rows a statement.
        _ = try await DemoSeeder(store: store).seeded(.init(users: 1_500, days: 12, seed: 5, today: SeedTests.today))
        try await store.write { db in
            try db.execute(sql: "DELETE FROM answers WHERE id % 3 = 0")
            try db.execute(sql: "UPDATE sweepstakes_entries SET voided = 1 WHERE id % 7 = 0")
            try db.execute(sql: "DELETE FROM sweepstakes_entries WHERE id % 4 = 0")
            // Suggestions and deletion requests by the hundred a statement, as the app or a script would.
            try db.execute(sql: "INSERT INTO suggestions (user_id, text, status, created_at) SELECT id, 'Why?', 'pending', created_at FROM users WHERE id % 4 = 0")
            try db.execute(sql: "UPDATE suggestions SET status = 'approved' WHERE id % 3 = 0")
            try db.execute(sql: "UPDATE suggestions SET status = 'rejected' WHERE id % 3 = 1 AND status = 'pending'")
            try db.execute(sql: "DELETE FROM suggestions WHERE id % 7 = 0")
            try db.execute(sql: """
                INSERT INTO deletion_requests (user_id, user_uuid, source, created_at) SELECT id, uuid, 'app', created_at FROM users WHERE id % 6 = 0
                """)
            try db.execute(sql: "UPDATE deletion_requests SET status = 'done' WHERE id % 3 = 0")
            try db.execute(sql: "UPDATE deletion_requests SET status = 'cancelled' WHERE id % 3 = 1")
            try db.execute(sql: "DELETE FROM deletion_requests WHERE id % 5 = 0")
            // Their answers, entries, suggestions and requests detach (SET NULL): the row triggers on update.
            try db.execute(sql: "DELETE FROM users WHERE id % 5 = 0")
        }
        let mismatches = try await store.read { db in
            try Self.recounts.map { name, sql in (name, try Int.fetchOne(db, sql: sql) ?? -1) }.filter { $0.1 != 0 }
        }
        #expect(mismatches.isEmpty, "tallies that differ from their recount: \(mismatches)")
        let kept = try await store.read { db in
            try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM sweepstakes_entrants WHERE valid_entries > 0") ?? 0
        }
        #expect(kept > 100, "the seeded store has entrants to count")
        let statusesWithRows = try await store.read { db in
            try Int.fetchOne(db, sql: """
                SELECT COUNT(*) FROM counters WHERE (name LIKE 'suggestions.%' OR name LIKE 'deletion!_requests.%' ESCAPE '!') AND value > 0
                """) ?? 0
        }
        #expect(statusesWithRows == 6, "each status of suggestions and deletion requests has rows to count")
    }

    /// Each query counts the rows where a kept tally differs from a recount.
    static let recounts: [(String, String)] = [
        ("users counter", "SELECT COUNT(*) FROM counters WHERE name = 'users' AND value <> (SELECT COUNT(*) FROM users)"),
        ("status counters", """
            SELECT (SELECT COUNT(*) FROM counters c WHERE c.name LIKE 'suggestions.%'
                       AND c.value <> (SELECT COUNT(*) FROM suggestions s WHERE 'suggestions.' || s.status = c.name))
                 + (SELECT COUNT(*) FROM counters c WHERE c.name LIKE 'deletion!_requests.%' ESCAPE '!'
                       AND c.value <> (SELECT COUNT(*) FROM deletion_requests r WHERE 'deletion_requests.' || r.status = c.name))
                 + 6 - (SELECT COUNT(*) FROM counters WHERE name LIKE 'suggestions.%' OR name LIKE 'deletion!_requests.%' ESCAPE '!')
            """),
        ("answer_count", """
            SELECT COUNT(*) FROM question_choices c WHERE c.answer_count <>
                (SELECT COUNT(*) FROM answers a WHERE a.question_id = c.question_id AND a.choice_position = c.position)
            """),
        ("hourly answers", """
            SELECT (SELECT COUNT(*) FROM question_hourly_answers h WHERE h.answer_count <>
                       (SELECT COUNT(*) FROM answers a WHERE a.question_id = h.question_id AND substr(a.answered_at, 1, 13) = h.hour))
                 + (SELECT COUNT(*) FROM answers a WHERE NOT EXISTS
                       (SELECT 1 FROM question_hourly_answers h WHERE h.question_id = a.question_id AND h.hour = substr(a.answered_at, 1, 13)))
            """),
        ("entrants", """
            SELECT (SELECT COUNT(*) FROM sweepstakes_entrants e WHERE
                       e.valid_entries <> (SELECT COALESCE(SUM(quantity), 0) FROM sweepstakes_entries s
                                           WHERE s.sweepstakes_id = e.sweepstakes_id AND s.user_id = e.user_id AND s.voided = 0)
                    OR e.voided_entries <> (SELECT COALESCE(SUM(quantity), 0) FROM sweepstakes_entries s
                                            WHERE s.sweepstakes_id = e.sweepstakes_id AND s.user_id = e.user_id AND s.voided = 1))
                 + (SELECT COUNT(*) FROM (SELECT DISTINCT sweepstakes_id, user_id FROM sweepstakes_entries WHERE user_id IS NOT NULL) s
                    WHERE NOT EXISTS (SELECT 1 FROM sweepstakes_entrants e WHERE e.sweepstakes_id = s.sweepstakes_id AND e.user_id = s.user_id))
            """),
        ("totals", """
            SELECT COUNT(*) FROM sweepstakes_totals t WHERE
                t.valid_entries <> (SELECT COALESCE(SUM(quantity), 0) FROM sweepstakes_entries s WHERE s.sweepstakes_id = t.sweepstakes_id AND s.voided = 0)
                OR t.voided_entries <> (SELECT COALESCE(SUM(quantity), 0) FROM sweepstakes_entries s WHERE s.sweepstakes_id = t.sweepstakes_id AND s.voided = 1)
                OR t.entrants <> (SELECT COUNT(*) FROM sweepstakes_entrants e WHERE e.sweepstakes_id = t.sweepstakes_id AND e.valid_entries > 0)
            """),
        ("daily entries", """
            SELECT COUNT(*) FROM sweepstakes_daily_entries d WHERE d.valid_entries <>
                (SELECT COALESCE(SUM(quantity), 0) FROM sweepstakes_entries s
                 WHERE s.sweepstakes_id = d.sweepstakes_id AND substr(s.created_at, 1, 10) = d.day AND s.voided = 0)
            """),
    ]
}
