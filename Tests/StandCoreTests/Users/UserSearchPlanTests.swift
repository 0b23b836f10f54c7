import Foundation
import GRDB
import StandTestSupport
import Testing
@testable import StandCore

/// Lookups stay on indexes whatever the table size: no `SCAN users`.
@Suite(.sqliteOnly) struct UserSearchPlanTests {
    static func plan(_ store: StandStore, _ sql: String, _ arguments: StoreArguments) async throws -> String {
        try await store.read { db in
            try StoreRow.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + sql, arguments: arguments).map { $0["detail"] as String }.joined(separator: "; ")
        }
    }

    @Test(arguments: ["email >= ? AND email < ?", "email > ? AND email < ?"])
    func emailPrefixIsARangeOnTheEmailIndex(range: String) async throws {
        let store = try await temporaryStore()
        let plan = try await Self.plan(store, UserSearch.prefixSQL[.sqlite] + range + " ORDER BY email LIMIT 51", ["jane", UserSearch.successor(of: "jane")])
        #expect(plan.contains("SEARCH users USING INDEX sqlite_autoindex_users_2 (email>? AND email<?)"), "\(plan)")
        #expect(!plan.contains("SCAN users"))
        #expect(!plan.contains("TEMP B-TREE"), "ordered by the index itself: \(plan)")
    }

    @Test(arguments: ["email", "phone", "uuid"])
    func exactLookupsUseUniqueIndexes(column: String) async throws {
        let store = try await temporaryStore()
        let plan = try await Self.plan(store, "SELECT \(UserAccount.columns) FROM users WHERE \(column) = ?", ["x"])
        #expect(plan.contains("SEARCH users USING INDEX sqlite_autoindex_users_"), "\(plan)")
        #expect(plan.contains("(\(column)=?)"), "\(plan)")
    }

    @Test func prefixUpperBoundCoversEveryContinuation() {
        #expect(UserSearch.successor(of: "jane.do") == "jane.dp")
        #expect("jane.do\u{10FFFF}" < UserSearch.successor(of: "jane.do"))
        #expect(UserSearch.asciiLowercased("JANE.Ünï") == "jane.Ünï")
    }

    @Test func prefixSearchFindsMixedCaseAddressesAndPagesByEmail() async throws {
        let store = try await temporaryStore()
        try await store.write { db in
            for (index, email) in ["Ann@example.com", "anna@example.com", "ANNE@example.com", "bob@example.com"].enumerated() {
                try db.execute(sql: """
                    INSERT INTO users (uuid, email, phone, password_hash, birthdate, reminder_time, created_at, updated_at)
                    VALUES (?, ?, ?, 'x', '1990-01-01', '08:00', '2026-01-01 00:00:00.000', '2026-01-01 00:00:00.000')
                    """, arguments: [UUID().uuidString.lowercased(), email, "+1555223000\(index)"])
            }
        }
        let first = try await store.read { db in try UserSearch.run(db, UserQuery("AN"), limit: 2) }
        guard case .matches(let items, let cursor) = first else { Issue.record("\(first)"); return }
        #expect(items.map(\.email) == ["Ann@example.com", "anna@example.com"])
        #expect(cursor == "anna@example.com")
        let second = try await store.read { db in try UserSearch.run(db, UserQuery("AN"), after: cursor, limit: 2) }
        guard case .matches(let rest, let end) = second else { Issue.record("\(second)"); return }
        #expect(rest.map(\.email) == ["ANNE@example.com"])
        #expect(end == nil)
    }
}
