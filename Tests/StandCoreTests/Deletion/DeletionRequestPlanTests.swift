import Foundation
import StandTestSupport
import Testing
@testable import StandCore

/// The request lists page by an index whatever the backlog: never a sort of the table.
@Suite(.sqliteOnly) struct DeletionRequestPlanTests {
    /// The page's statement (`listPageSQL`) reads the list the same way, and
    /// sorts only the page it chose (at most 51 rows) once joined to the counts.
    @Test(arguments: [nil, DeletionRequest.Status.pending, .done], [nil, Int64(7)])
    func aListPagesByAnIndexWithoutSorting(status: DeletionRequest.Status?, after: Int64?) async throws {
        let store = try await temporaryStore()
        let (sql, arguments) = DeletionRequest.listSQL(.sqlite, status: status, after: after, limit: 50)
        let plan = try await UserSearchPlanTests.plan(store, sql, arguments)
        let index = status == nil ? "deletion_requests_by_created" : "deletion_requests_by_status"
        let byIndex = try #require(plan.split(separator: "; ").first { $0.contains("deletion_requests USING INDEX \(index)") }, "\(plan)")
        #expect(byIndex.hasPrefix("SEARCH") || byIndex.hasPrefix("SCAN"), "\(plan)")
        #expect(!plan.contains("TEMP B-TREE"), "in the index's order, no sort: \(plan)")

        let (pageSQL, pageArguments) = DeletionRequest.listPageSQL(.sqlite, status: status, after: after, limit: 50, incompleteShown: 20)
        let pagePlan = try await UserSearchPlanTests.plan(store, pageSQL, pageArguments)
        #expect(pagePlan.contains("MATERIALIZE r; CO-ROUTINE r; \(byIndex)"), "the page chosen by the index, then joined: \(pagePlan)")
    }

    /// A deletion closes the account's pending requests inside its write, where
    /// every other writer waits: found by the account's id and UUID, not by a
    /// walk of every pending request (3.3 ms at 33,000 pending, twice a deletion).
    @Test func anAccountsPendingRequestsAreFoundByItsIdAndUUIDNotByStatus() async throws {
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
