import Foundation
import StandTestSupport
import Testing
@testable import StandCore

/// The request lists page by an index whatever the backlog: never a sort of the table.
@Suite(.sqliteOnly) struct DeletionRequestPlanTests {
    @Test(arguments: [nil, DeletionRequest.Status.pending, .done], [nil, Int64(7)])
    func aListPagesByAnIndexWithoutSorting(status: DeletionRequest.Status?, after: Int64?) async throws {
        let store = try await temporaryStore()
        let (sql, arguments) = DeletionRequest.listSQL(.sqlite, status: status, after: after, limit: 50)
        let plan = try await UserSearchPlanTests.plan(store, sql, arguments)
        let index = status == nil ? "deletion_requests_by_created" : "deletion_requests_by_status"
        #expect(plan.contains("SEARCH deletion_requests USING INDEX \(index)") || plan.contains("SCAN deletion_requests USING INDEX \(index)"), "\(plan)")
        #expect(!plan.contains("TEMP B-TREE"), "in the index's order, no sort: \(plan)")
    }
}
