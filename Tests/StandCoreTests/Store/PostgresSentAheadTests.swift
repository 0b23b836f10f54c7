import Foundation
import StandTestSupport
import Testing
@testable import StandCore

/// On PostgreSQL a transaction's BEGIN and a cursor's DECLARE are sent ahead,
/// their answers read later (`PostgresSession.sendAhead`). A failure among
/// them must still fail the transaction with its own reason: PostgreSQL
/// answers COMMIT in a failed transaction with a rollback, not an error, so
/// an unread failure would pass for a write that committed.
@Suite struct PostgresSentAheadTests {
    @Test(.postgresOnly) func aWriteWhoseCursorFailedUnreadCommitsNothingAndSaysWhy() async throws {
        // setup
        let store = try await Self.storeWithProbe()
        defer { store.close() }

        // MUT: a change, then a cursor declared and never read.
        let failure = await #expect(throws: (any Error).self) {
            try await store.write { db in
                try db.execute(sql: "INSERT INTO probe (name, value) VALUES ('sent-ahead', 1)")
                _ = try StoreRow.fetchCursor(db, sql: "SELECT no_such_column FROM probe")
            }
        }

        // validate
        #expect(failure.map { "\($0)" }?.contains("no_such_column") == true, "\(String(describing: failure))")
        let kept = try await store.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM probe WHERE name = 'sent-ahead'") }
        #expect(kept == 0)
    }

    @Test(.postgresOnly) func aCursorWhoseDeclareFailedGivesTheDeclaresReasonWhenRead() async throws {
        let store = try await Self.storeWithProbe()
        defer { store.close() }

        let failure = await #expect(throws: (any Error).self) {
            try await store.read { db in
                let rows = try StoreRow.fetchCursor(db, sql: "SELECT no_such_column FROM probe")
                _ = try rows.next()
            }
        }

        // The reason is the DECLARE's, not the FETCH's "cursor does not exist".
        let message = failure.map { "\($0)" } ?? ""
        #expect(message.contains("no_such_column") && !message.contains("stand_cursor"), "\(message)")
    }

    /// Reads whose COMMIT is not waited for, one after another on the store's
    /// few connections, each see the writes committed before them.
    @Test(.postgresOnly) func readsAfterReadsSeeEveryWriteCommittedBeforeThem() async throws {
        let store = try await Self.storeWithProbe()
        defer { store.close() }
        try await store.write { db in try db.execute(sql: "INSERT INTO probe (name, value) VALUES ('sent-ahead', 0)") }

        for value in 1...50 {
            let before = try await store.read { db in try Int.fetchOne(db, sql: "SELECT value FROM probe WHERE name = 'sent-ahead'") }
            #expect(before == value - 1)
            try await store.write { db in
                try db.execute(sql: "UPDATE probe SET value = ? WHERE name = 'sent-ahead'", arguments: [value])
            }
        }
        let last = try await store.read { db in try Int.fetchOne(db, sql: "SELECT value FROM probe WHERE name = 'sent-ahead'") }
        #expect(last == 50)
    }

    /// A store with a plain table of its own to write: the store's tables keep
    /// rules of their own (`counters` is a view on PostgreSQL, migration 025).
    static func storeWithProbe() async throws -> StandStore {
        let store = try await temporaryStore()
        try await store.write { db in try db.execute(sql: "CREATE TABLE probe (name TEXT PRIMARY KEY, value BIGINT NOT NULL)") }
        return store
    }
}
