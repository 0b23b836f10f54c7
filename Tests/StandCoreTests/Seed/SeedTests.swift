import Foundation
import GRDB
import Testing
@testable import StandCore

@Suite struct SeedTests {
    static let today = Date(timeIntervalSince1970: 1_795_000_000)

    func snapshot(_ store: StandStore) throws -> [String] {
        try store.pool.read { db in
            try String.fetchAll(db, sql: "SELECT uuid || email || phone || birthdate || reminder_time || points FROM users ORDER BY id")
                + String.fetchAll(db, sql: "SELECT runs_on || text FROM daily_questions ORDER BY id")
                + String.fetchAll(db, sql: "SELECT question_id || ':' || position || ':' || answer_count FROM question_choices ORDER BY 1")
        }
    }

    @Test func theSameSeedWritesTheSameData() throws {
        let first = try temporaryStore(), second = try temporaryStore(), other = try temporaryStore()
        _ = try DemoSeeder(store: first).run(.init(users: 500, days: 5, seed: 42, today: Self.today))
        _ = try DemoSeeder(store: second).run(.init(users: 500, days: 5, seed: 42, today: Self.today))
        _ = try DemoSeeder(store: other).run(.init(users: 500, days: 5, seed: 43, today: Self.today))
        #expect(try snapshot(first) == snapshot(second))
        #expect(try snapshot(first) != snapshot(other))
    }

    @Test func seededUsersAreValidAdultsWithE164Phones() async throws {
        let store = try temporaryStore()
        let summary = try DemoSeeder(store: store).run(.init(users: 1_000, days: 3, seed: 1, today: Self.today))
        #expect(summary.users == 1_000)
        let eighteenYearsAgo = UTCDate.day(UTCDate.calendar.date(byAdding: .year, value: -18, to: Self.today)!)
        struct Facts: Sendable { var minors = 0, phones: [String] = [], emails: [String] = [], hostile = 0, sweepstakes = 0, pending = 0, today = 0 }
        let facts = try await store.pool.read { db in
            Facts(
                minors: try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM users WHERE birthdate > ?", arguments: [eighteenYearsAgo]) ?? -1,
                phones: try String.fetchAll(db, sql: "SELECT phone FROM users"),
                emails: try String.fetchAll(db, sql: "SELECT email FROM users"),
                hostile: try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM suggestions WHERE text LIKE '%<script>%'") ?? 0,
                sweepstakes: try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM sweepstakes") ?? 0,
                pending: try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM deletion_requests WHERE status = 'pending'") ?? 0,
                today: try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM daily_questions WHERE runs_on = ?", arguments: [UTCDate.day(Self.today)]) ?? 0
            )
        }
        #expect(facts.minors == 0)
        #expect(facts.phones.allSatisfy { $0.wholeMatch(of: /\+[1-9][0-9]{9,14}/) != nil })
        #expect(Set(facts.phones).count == 1_000)
        #expect(facts.emails.allSatisfy { EmailAddress.normalised($0) == $0 })
        #expect(facts.hostile == 1)
        #expect(facts.sweepstakes == 2)
        #expect(facts.pending > 0)
        // Today has a question, and a few days of the next two weeks have none.
        #expect(facts.today == 1)
        let summaryOfDashboard = try await DashboardSummary.load(store, now: Self.today)
        #expect(summaryOfDashboard.unscheduledDays.count == 3)
        #expect(summaryOfDashboard.userCount == 1_000)
    }
}
