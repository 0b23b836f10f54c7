import Foundation
import StandTestSupport
import Testing
@testable import StandCore

/// The request lists page by an index whatever the backlog: never a sort of the table.
@Suite struct DeletionRequestPlanTests {
    @Test(.sqliteOnly, arguments: [nil, DeletionRequest.Status.pending, .done], [nil, Int64(7)])
    func aListPagesByAnIndexWithoutSorting(status: DeletionRequest.Status?, after: Int64?) async throws {
        let store = try await temporaryStore()
        let (sql, arguments) = DeletionRequest.listSQL(.sqlite, status: status, after: after, limit: 50)
        let plan = try await UserSearchPlanTests.plan(store, sql, arguments)
        let index = status == nil ? "deletion_requests_by_created" : "deletion_requests_by_status"
        #expect(plan.contains("SEARCH deletion_requests USING INDEX \(index)") || plan.contains("SCAN deletion_requests USING INDEX \(index)"), "\(plan)")
        #expect(!plan.contains("TEMP B-TREE"), "in the index's order, no sort: \(plan)")
    }

    /// PostgreSQL reads the page, its tab counts and its incomplete deletions
    /// in one statement (`listPageSQL`): its list still comes by the index,
    /// a page at a time, never by a read of every request.
    @Test(.postgresOnly, arguments: [nil, DeletionRequest.Status.pending, .done], [nil, Int64(7)])
    func thePageStatementPagesByAnIndexOnPostgreSQL(status: DeletionRequest.Status?, after: Int64?) async throws {
        let store = try await temporaryStore()
        defer { store.close() }
        try await store.write { db in
            try db.execute(sql: """
                INSERT INTO deletion_requests (user_uuid, source, status, created_at)
                SELECT 'uuid-' || n, 'app', CASE WHEN n % 3 = 0 THEN 'done' ELSE 'pending' END,
                       to_char(TIMESTAMP '2026-01-01' + n * INTERVAL '1 minute', 'YYYY-MM-DD HH24:MI:SS.MS')
                FROM generate_series(1, 20000) AS n
                """)
            try db.execute(sql: "ANALYZE deletion_requests")
        }
        let (sql, arguments) = DeletionRequest.listPageSQL(.postgres, status: status, after: after, limit: 50, incompleteShown: 20)
        let plan = try await store.read { db in
            try StoreRow.fetchAll(db, sql: "EXPLAIN " + sql, arguments: arguments).map { $0[0] as String }.joined(separator: "\n")
        }
        // Either index serves a status: where most requests have it, the
        // planner walks `deletion_requests_by_created` and skips the others.
        #expect(plan.contains("Index Scan using deletion_requests_by_created on deletion_requests")
                || plan.contains("Index Scan using deletion_requests_by_status on deletion_requests"), "\(plan)")
        #expect(!plan.contains("Seq Scan on deletion_requests") && !plan.contains("Bitmap Heap Scan on deletion_requests"), "\(plan)")
    }

    /// A deletion closes the account's pending requests inside its write, where
    /// every other writer waits: found by the account's id and UUID, not by a
    /// walk of every pending request (3.3 ms at 33,000 pending, twice a deletion).
    @Test(.sqliteOnly) func anAccountsPendingRequestsAreFoundByItsIdAndUUIDNotByStatus() async throws {
        let store = try await temporaryStore()
        try await store.write { db in
            try db.execute(sql: """
                WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 3000)
                INSERT INTO deletion_requests (user_uuid, source, created_at) SELECT 'uuid-' || i, 'app', '2026-01-01 00:00:00.000' FROM n
                """)
            try db.execute(sql: "ANALYZE")
        }
        let close = try await UserSearchPlanTests.plan(store, AccountDeletion.closeRequestsSQL, ["2026-01-02 00:00:00.000", 1, 42, "uuid-7"])
        let preview = try await UserSearchPlanTests.plan(store, DeletionPreview.countsSQL, [42, 42, 42, 42, 42, 42, "uuid-7"])
        for plan in [close, preview] {
            #expect(plan.contains("deletion_requests_by_user (user_id=?)") && plan.contains("deletion_requests_by_uuid (user_uuid=?)"), "\(plan)")
            #expect(!plan.contains("deletion_requests_by_status"), "\(plan)")
        }
    }
}
