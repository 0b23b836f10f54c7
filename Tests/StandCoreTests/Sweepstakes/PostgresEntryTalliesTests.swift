import Foundation
import StandTestSupport
import Testing
@testable import StandCore

/// On PostgreSQL an entry's insert moves its tallies in the fewest statements
/// (migration 028): the app inserts entries with every daily answer, and each
/// statement of a trigger fires the statement triggers of the table it writes,
/// whether or not it changes a row.
@Suite(.postgresOnly) struct PostgresEntryTalliesTests {
    typealias Fixture = SweepstakesCoreFixture

    @Test func anEntrysInsertDeletesNoEntrantsAndFiresNoTriggerOfADeletion() async throws {
        let fixture = try await Fixture.make()
        defer { fixture.store.close() }
        let autumn = try await fixture.sweepstakes(name: "Autumn")
        let alice = try await fixture.user(1), bob = try await fixture.user(2)
        try await fixture.entries(alice, sweepstakes: autumn, count: 1)
        let calls = try await fixture.store.write { db in
            // This transaction's calls of each function (pg_stat_xact_user_functions), counted once set.
            try db.execute(sql: "SET LOCAL track_functions = 'all'")
            try db.execute(sql: """
                INSERT INTO sweepstakes_entries (sweepstakes_id, user_id, quantity, reason, created_at)
                VALUES (?, ?, 2, 'daily_stand', '2026-10-06 00:00:00.000'), (?, ?, 5, 'streak_bonus', '2026-10-06 00:00:00.000')
                """, arguments: [autumn, alice.id, autumn, bob.id])
            return Dictionary(uniqueKeysWithValues: try StoreRow.fetchAll(db, sql: "SELECT funcname, calls FROM pg_stat_xact_user_functions")
                .map { (row: StoreRow) -> (String, Int) in (row["funcname"], row["calls"]) })
        }
        #expect(calls["sweepstakes_entries_inserted"] == 1, "\(calls)")
        #expect(calls["sweepstakes_entrants_deleted"] == nil && calls["draw_inputs_entrants_old"] == nil, "\(calls)")
        // The tallies are what they were with the check: Alice 1 + 2, Bob new with 5.
        #expect(try await fixture.tally(alice, autumn) == "3/0")
        #expect(try await fixture.tally(bob, autumn) == "5/0")
        #expect(try await fixture.totals(autumn) == "2 8 0 0")
    }
}
