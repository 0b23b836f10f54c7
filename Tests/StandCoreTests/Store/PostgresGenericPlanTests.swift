import Foundation
import StandTestSupport
import Testing
@testable import StandCore

/// A list page's read settles on one plan on PostgreSQL (its generic plan), not
/// a fresh plan at every view: the page's limit is written into the statement
/// (`StoreSQL.limit`). Bound, it was costed as a tenth of the rows, and the
/// audit log, the suggestions, the deletion requests and the entrants were
/// planned again each time (0.2–0.4 ms of the store's 0.4–0.6 ms a view).
@Suite struct PostgresGenericPlanTests {
    @Test(.postgresOnly) func theAuditLogsPageIsPlannedOnceAndThenReused() async throws {
        let store = try await temporaryStore()
        defer { store.close() }
        try await store.write { db in
            try db.execute(sql: """
                INSERT INTO audit_events (occurred_at, staff_email, action, target_type, target_id)
                SELECT '2026-01-01 00:00:00.000', 'support@example.com', 'user.note_added', 'user', 'account-' || n FROM generate_series(1, 30000) AS n
                """)
            try db.execute(sql: "ANALYZE audit_events")
        }
        let (pages, plans) = try await store.read { db in
            // PostgreSQL plans the first five runs for their values, then weighs its generic plan.
            let pages = try (1...8).map { _ in try AuditLog.page(db, filter: AuditLog.Filter(), before: nil, limit: 50).items.count }
            let plans = try StoreRow.fetchOne(db, sql: """
                SELECT generic_plans, custom_plans FROM pg_prepared_statements
                WHERE name LIKE 'stand_read_%' AND statement LIKE '%FROM audit_events e%'
                """)
            return (pages, plans.map { ($0["generic_plans"] as Int, $0["custom_plans"] as Int) })
        }
        #expect(pages == Array(repeating: 50, count: 8))
        let (generic, custom) = try #require(plans, "the page's read runs prepared")
        #expect(generic >= 3 && custom <= 5, "generic \(generic), custom \(custom)")
    }
}
