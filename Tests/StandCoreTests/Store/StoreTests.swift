import Foundation
import GRDB
import Synchronization
import Testing
@testable import StandCore

@Suite struct StoreTests {
    @Test(.sqliteOnly) func migrationsAreIdempotentAndCreateTheWholeModel() async throws {
        // setup
        let store = try await temporaryStore()
        // MUT
        let again = try StandStore(path: store.path)
        // validate
        #expect(try again.appliedMigrations() == ["001_initial_schema", "002_deletion_requests_by_uuid", "003_erasure_and_sign_in_throttle", "004_audit_indexes",
                                                   "005_question_hourly_answers", "006_suggestion_review_notes",
                                                   "007_sweepstakes_totals", "008_redrawable_draws", "009_audit_without_personal_data",
                                                   "010_form_submissions", "011_cancelled_sweepstakes", "012_kept_draw_snapshots", "013_draw_alternates_claims_public", "014_suspensions_and_sign_out_everywhere", "015_account_notes", "016_erasure_outbox_and_exports", "017_staff_second_factor", "018_sessions_in_view_and_sign_in_codes", "019_tallies_per_statement", "020_draw_inputs_counter", "021_erased_entries_tallied_per_statement", "022_draw_snapshots_in_parts", "023_status_counters", "024_deletion_requests_by_created", "025_tally_shards", "026_deletions_underway", "027_foreign_key_indexes",
                                                   "028_entry_inserts_without_empty_entrant_check"])
        let tables = try await store.read { db in try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name") }
        for table in ["users", "daily_questions", "question_choices", "answers", "suggestions", "sweepstakes", "sweepstakes_entries",
                      "sweepstakes_draws", "draw_winners", "question_hourly_answers", "sweepstakes_entrants", "sweepstakes_totals",
                      "sweepstakes_daily_entries", "sweepstakes_disqualifications", "deletion_requests", "deleted_accounts", "staff", "staff_sessions",
                      "form_submissions",
                      "audit_events", "counters"] {
            #expect(tables.contains(table), "missing \(table)")
        }
    }

    @Test(.sqliteOnly) func connectionsUseWALFullSyncForeignKeysAndSecureDelete() async throws {
        let store = try await temporaryStore()
        let (journal, foreignKeys, secureDelete, synchronous) = try await store.read { db in
            (try String.fetchOne(db, sql: "PRAGMA journal_mode"), try Int.fetchOne(db, sql: "PRAGMA foreign_keys"),
             try Int.fetchOne(db, sql: "PRAGMA secure_delete"), try Int.fetchOne(db, sql: "PRAGMA synchronous"))
        }
        #expect(journal == "wal")
        #expect(foreignKeys == 1)
        #expect(secureDelete == 1)
        #expect(synchronous == 2)
    }

    /// The store's connections run the SQLite compiled in Sources/StandSQLite, not Debian's 3.40.1:
    /// 3.51.3 is the first without the WAL-reset bug (docs/store.md, "Which SQLite").
    @Test(.sqliteOnly) func connectionsRunASQLiteWithoutTheWALResetBug() async throws {
        let store = try await temporaryStore()
        let (version, options) = try await store.read { db in
            (try String.fetchOne(db, sql: "SELECT sqlite_version()") ?? "", try String.fetchAll(db, sql: "PRAGMA compile_options"))
        }
        let parts = version.split(separator: ".").compactMap { Int($0) }
        #expect(parts.count == 3 && parts.lexicographicallyPrecedes([3, 51, 3]) == false, "\(version)")
        #expect(version == StandStore.sqliteVersion)
        // Our build's options (Package.swift, sqliteOptions); Debian's has neither.
        #expect(options.contains("ENABLE_QPSG"), "\(options)")
        #expect(options.contains("OMIT_LOAD_EXTENSION"), "\(options)")
    }

    @Test(.sqliteOnly) func auditEventsAreAppendOnly() async throws {
        let store = try await temporaryStore()
        try await store.write { db in try AuditLog.record(db, .signIn, by: .commandLine) }
        await #expect(throws: DatabaseError.self) {
            try await store.write { db in try db.execute(sql: "UPDATE audit_events SET action = 'x'") }
        }
        await #expect(throws: DatabaseError.self) {
            try await store.write { db in try db.execute(sql: "DELETE FROM audit_events") }
        }
        let events = try await store.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM audit_events") }
        #expect(events == 1)
    }

    @Test(.sqliteOnly) func countersFollowEveryWriter() async throws {
        let store = try await temporaryStore()
        _ = try await DemoSeeder(store: store).seeded(.init(users: 50, days: 2, seed: 3))
        // Another program writes the same file with plain SQL.
        let other = try DatabaseQueue(path: store.path)
        try await other.write { db in
            try db.execute(sql: "DELETE FROM answers WHERE id IN (SELECT id FROM answers LIMIT 5)")
            try db.execute(sql: "DELETE FROM deletion_requests")
            try db.execute(sql: "DELETE FROM users WHERE id = (SELECT MAX(id) FROM users WHERE id NOT IN (SELECT user_id FROM answers WHERE user_id IS NOT NULL))")
        }
        let (users, counted, mismatches) = try await store.read { db in
            (try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM users"),
             try Int.fetchOne(db, sql: "SELECT value FROM counters WHERE name = 'users'"),
             try Int.fetchOne(db, sql: """
                SELECT COUNT(*) FROM question_choices c
                WHERE c.answer_count != (SELECT COUNT(*) FROM answers a WHERE a.question_id = c.question_id AND a.choice_position = c.position)
                """))
        }
        #expect(users == counted)
        #expect(mismatches == 0)
    }

    @Test(.sqliteOnly) func aWriteWaitsForAnotherProcessInsteadOfFailing() async throws {
        let store = try await temporaryStore()
        let other = try DatabaseQueue(path: store.path)
        // The other writer says when it holds the lock: the test waits for that,
        // not for a fixed time (a loaded machine started it late and our write went first).
        let holdsLock = Mutex(false)
        let holding = Task.detached {
            try other.inTransaction(.immediate) { db in
                try db.execute(sql: "INSERT INTO counters (name, value) VALUES ('other-writer', 1)")
                holdsLock.withLock { $0 = true }
                Thread.sleep(forTimeInterval: 0.5)
                return .commit
            }
        }
        while !holdsLock.withLock({ $0 }) { try await Task.sleep(for: .milliseconds(5)) }
        // Our write waited for the other's commit: it sees the other's row, and both are there.
        let sawOtherWrite = try await store.write { db in
            try AuditLog.record(db, .signIn, by: .commandLine)
            return try Int.fetchOne(db, sql: "SELECT value FROM counters WHERE name = 'other-writer'") == 1
        }
        try await holding.value
        #expect(sawOtherWrite)
        let events = try await store.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM audit_events") }
        #expect(events == 1)
    }

    @Test(.sqliteOnly) func backupIsAConsistentCopyWhileOthersWrite() async throws {
        let store = try await temporaryStore()
        _ = try await DemoSeeder(store: store).seeded(.init(users: 2_000, days: 3, seed: 5))
        let destination = store.path + ".backup"
        let writer = Task.detached {
            for n in 0..<50 {
                try await store.write { db in try AuditLog.record(db, .signIn, by: .commandLine, detail: "\(n)") }
            }
        }
        try store.backup(to: destination)
        try await writer.value
        let copy = try DatabaseQueue(path: destination)
        let (users, integrity) = try await copy.read { db in
            (try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM users"), try String.fetchOne(db, sql: "PRAGMA integrity_check"))
        }
        #expect(users == 2_000)
        #expect(integrity == "ok")
        #expect(throws: StoreError.self) { try store.backup(to: destination) }
    }
}

@Suite struct AuditIndexTests {
    /// The log without page views reads the partial index, not every view.
    @Test(.sqliteOnly) func theLogWithoutViewsUsesThePartialIndex() async throws {
        let store = try await temporaryStore()
        let (conditions, arguments) = AuditLog.Filter().sql(before: nil)
        let plan = try await store.read { db in
            try StoreRow.fetchAll(db, sql: "EXPLAIN QUERY PLAN SELECT e.id FROM audit_events e" + conditions + " ORDER BY e.id DESC LIMIT 51",
                             arguments: arguments).map { $0["detail"] as String }
        }
        #expect(plan.contains { $0.contains("audit_changes") }, "\(plan)")
    }
}

extension AuditIndexTests {
    /// A user page's views count and its list of changes each read their own partial index.
    @Test(.sqliteOnly) func aUserPageReadsItsViewsAndChangesByIndex() async throws {
        let store = try await temporaryStore()
        let plans = try await store.read { db in
            try ["SELECT COUNT(*) FROM audit_events WHERE target_type = 'user' AND target_id = 'x' AND action = 'user.viewed'",
                 "SELECT * FROM audit_events WHERE target_type = 'user' AND target_id = 'x' AND action <> 'user.viewed' ORDER BY id DESC LIMIT 20"]
                .map { sql in try StoreRow.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + sql).map { $0["detail"] as String }.joined(separator: "; ") }
        }
        #expect(plans[0].contains("audit_views_by_target"), "\(plans[0])")
        #expect(plans[1].contains("audit_changes_by_target"), "\(plans[1])")
    }
}
