import Foundation
import StandTestSupport
import Testing
@testable import StandCore

/// The staff actions on an account's page come by the account's own index of
/// changes on PostgreSQL, however often the account was opened. On the bench's
/// store an account opened 60,000 times made the planner walk every change in
/// the store newest first (`audit_changes`, filtered by target): 3.4 ms a view.
@Suite struct AccountAuditPlanTests {
    @Test(.postgresOnly) func anAccountOpenedThousandsOfTimesIsReadByItsOwnIndexOfChanges() async throws {
        let store = try await temporaryStore()
        defer { store.close() }
        let viewed = "5f0c8e2a-8d1b-4c3e-9a7f-2b6d4e8c1a3f"
        try await store.write { db in
            // Most events are this account's views; the changes are other accounts'.
            try db.execute(sql: """
                INSERT INTO audit_events (occurred_at, staff_email, action, target_type, target_id)
                SELECT '2026-01-01 00:00:00.000', 'support@example.com', 'user.viewed', 'user', ? FROM generate_series(1, 20000)
                """, arguments: [viewed])
            try db.execute(sql: """
                INSERT INTO audit_events (occurred_at, staff_email, action, target_type, target_id)
                SELECT '2026-01-01 00:00:00.000', 'support@example.com', 'user.note_added', 'user', 'other-' || n FROM generate_series(1, 5000) AS n
                """)
            try db.execute(sql: "ANALYZE audit_events")
        }
        let plan = try await store.read { db in
            try StoreRow.fetchAll(db, sql: "EXPLAIN " + UserActivity.auditEventsSQL(.postgres, limit: 20), arguments: [AuditTarget.user, viewed])
                .map { $0[0] as String }.joined(separator: "\n")
        }
        #expect(plan.contains("audit_changes_by_target"), "\(plan)")
        #expect(!plan.contains("using audit_changes on"), "not every change in the store, newest first: \(plan)")

        let events = try await store.read { db in try UserActivity.auditEvents(db, uuid: "other-42", limit: 20) }
        #expect(events.map(\.targetId) == ["other-42"])
    }
}
