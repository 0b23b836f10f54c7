import Foundation
import StandTestSupport
import Testing
@testable import StandCore

/// On PostgreSQL a `cachedStatement`'s reads run prepared, as `EXECUTE name('value', …)`
/// with the values written in as quoted literals (`PostgresPreparedReads`).
@Suite(.postgresOnly) struct PostgresPreparedReadsTests {
    static let hostile = ["it's", "''", "\\", "\\'; DROP TABLE probe; --", "$$", "$1", "?", "é🙂", "' OR '1'='1", "", "line\nbreak"]

    @Test func everyValueIsReadAsItselfWhateverItHolds() async throws {
        let store = try await PostgresSentAheadTests.storeWithProbe()
        defer { store.close() }
        try await store.write { db in
            for (index, text) in Self.hostile.enumerated() {
                try db.execute(sql: "INSERT INTO probe (name, value) VALUES (?, ?)", arguments: [text, index])
            }
        }
        let (found, prepared) = try await store.read { db in
            let found = try Self.hostile.map { text in
                try Int.fetchOne(db.cachedStatement(sql: "SELECT value FROM probe WHERE name = ?"), arguments: [text])
            }
            let prepared = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM pg_prepared_statements WHERE name LIKE 'stand_read_%' AND statement LIKE '%FROM probe WHERE name = $1'")
            return (found, prepared)
        }
        #expect(found == Self.hostile.indices.map { Optional($0) })
        #expect(prepared == 1, "read by one prepared statement")
        let tables = try await store.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM probe") }
        #expect(tables == Self.hostile.count)
    }

    @Test func numbersNullsAndCaseInsensitiveEmailsReadAsTheyDoUnprepared() async throws {
        let store = try await temporaryStore()
        defer { store.close() }
        _ = try await insertStaff(store, email: "Owner@Example.com", role: .owner)
        let rows = try await store.read { db in
            try [("OWNER@EXAMPLE.COM", nil), ("owner@example.com", Int64(1)), ("nobody@example.com", nil)].map { email, id -> Int? in
                try Int.fetchOne(db.cachedStatement(sql: "SELECT COUNT(*) FROM staff WHERE email = ? AND id = COALESCE(?, id)"),
                                 arguments: [email, id])
            }
        }
        #expect(rows == [1, 1, 0], "citext compares without case; a NULL is NULL")
    }

    @Test func aReadThatFailedIsPreparedAgainAndRunsNextTime() async throws {
        let store = try await PostgresSentAheadTests.storeWithProbe()
        defer { store.close() }
        try await store.write { db in try db.execute(sql: "INSERT INTO probe (name, value) VALUES ('one', 1)") }
        let sql = "SELECT 10 / ? FROM probe WHERE name = 'one'"
        let failure = await #expect(throws: (any Error).self) {
            try await store.read { db in try Int.fetchOne(db.cachedStatement(sql: sql), arguments: [0]) }
        }
        let problem = failure as? PostgresProblem
        #expect(problem?.sqlState == "22012", "division by zero: \(String(describing: failure))")
        #expect(problem?.statement == sql, "names the statement, not the EXECUTE with its values")
        let value = try await store.read { db in try Int.fetchOne(db.cachedStatement(sql: sql), arguments: [2]) }
        #expect(value == 5)
    }
}
