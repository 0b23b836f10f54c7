import Foundation
import StandTestSupport
import Testing
@testable import StandCore

/// A page's read settles on one plan on PostgreSQL (its generic plan), not a
/// fresh plan at every view.
///
/// - A list page's limit is written into the statement (`StoreSQL.limit`).
///   Bound, it was costed as a tenth of the rows, and the audit log, the
///   suggestions, the deletion requests and the entrants were planned again
///   each time (0.2–0.4 ms of the store's 0.4–0.6 ms a view).
/// - A read whose plan is the same for every value does not show the planner
///   its values (`parameterUnseenByPlanner`): costed with them, the plan for
///   the values always looked cheaper than the generic one, though it was
///   the same plan, and the entrants' leaderboard (0.34 ms to plan, 0.15 to
///   run), the email prefix search and the calendar's days were planned afresh
///   at every view.
/// - A page's few rows are read at once, not through a cursor: a cursor's
///   DECLARE is planned every time (the calendar's month, a question's hours).
/// - A read of every view is a cached statement, prepared once per connection
///   (the second-factor page's enrolment was planned at each view).
@Suite(.postgresOnly) struct PostgresGenericPlanTests {
    @Test func theAuditLogsPageIsPlannedOnceAndThenReused() async throws {
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
            let pages = try Self.eightRuns { try AuditLog.page(db, filter: AuditLog.Filter(), before: nil, limit: 50).items.count }
            return (pages, try Self.plans(db, of: "%FROM audit_events e%"))
        }
        #expect(pages == Array(repeating: 50, count: 8))
        try Self.expectGeneric(plans)
    }

    @Test func theEntrantsLeaderboardIsPlannedOnceAndThenReused() async throws {
        let fixture = try await SweepstakesCoreFixture.make()
        defer { fixture.store.close() }
        let big = try await fixture.sweepstakes(name: "Big")
        let small = try await fixture.sweepstakes(name: "Small")
        try await fixture.store.write { db in
            try Self.insertUsers(db, count: 20_000)
            // Ranks spread over 1–20 entries; the small sweepstakes has a hundred entrants.
            try db.execute(sql: """
                INSERT INTO sweepstakes_entries (sweepstakes_id, user_id, quantity, reason, created_at)
                SELECT CASE WHEN id % 200 = 0 THEN CAST(? AS BIGINT) ELSE CAST(? AS BIGINT) END, id, 1 + id % 20, 'daily_stand', '2026-10-05 00:00:00.000' FROM users
                """, arguments: [small, big])
            try db.execute(sql: "ANALYZE users, sweepstakes_entrants")
        }
        let (leaders, plans, plan) = try await fixture.store.read { db in
            let leaders = try Self.eightRuns { try SweepstakesEntrants.ranked(db, sweepstakesId: big, after: nil).items.first?.validEntries }
            let plan = try String.fetchAll(db, sql: "EXPLAIN " + SweepstakesEntrants.rankedSQL(.postgres, afterCursor: false, limit: 25),
                                           arguments: [big]).joined(separator: "\n")
            return (leaders, try Self.plans(db, of: "%ORDER BY n.valid_entries DESC, n.user_id DESC%"), plan)
        }
        #expect(leaders == Array(repeating: 20, count: 8))
        try Self.expectGeneric(plans)
        // A test store settles on the generic plan either way. On the bench's (a million entrants of
        // 10,000,000 accounts) the plan for the sweepstakes' own count always looked cheaper, so the
        // sweepstakes must not be shown to the planner: its value comes from an initplan.
        #expect(plan.contains("InitPlan") && !plan.contains("sweepstakes_id = '\(big)'"), "\(plan)")
    }

    @Test func anEmailPrefixSearchIsPlannedOnceAndThenReused() async throws {
        let store = try await temporaryStore()
        defer { store.close() }
        try await store.write { db in
            try Self.insertUsers(db, count: 20_000)
            try db.execute(sql: "ANALYZE users")
        }
        let (found, plans) = try await store.read { db in
            let found = try Self.eightRuns { () -> Int in
                guard case .matches(let items, _) = try UserSearch.prefix(db, "User12", after: nil, limit: 25) else { return 0 }
                return items.count
            }
            return (found, try Self.plans(db, of: "%FROM users WHERE email >=%"))
        }
        #expect(found == Array(repeating: 25, count: 8), "user12…, found whatever the case typed")
        try Self.expectGeneric(plans)
    }

    @Test func theCalendarsDaysArePlannedOnceAndThenReused() async throws {
        let store = try await Self.longCalendar()
        defer { store.close() }
        let window = (25...31).map { "2026-05-\($0)" } + (1...7).map { "2026-06-0\($0)" }
        let (empty, plans) = try await store.read { db in
            (try Self.eightRuns { try QuestionCalendar.emptyDays(db, in: window) }, try Self.plans(db, of: "%FROM daily_questions WHERE runs_on BETWEEN%"))
        }
        #expect(empty == Array(repeating: ["2026-06-01"], count: 8))
        try Self.expectGeneric(plans)
    }

    @Test func theCalendarsMonthIsPlannedOnceAndThenReused() async throws {
        let store = try await Self.longCalendar()
        defer { store.close() }
        // A month's grid: the days of the weeks it spans.
        let (counts, plans) = try await store.read { db in
            (try Self.eightRuns { try QuestionCalendar.questions(db, from: "2026-04-27", through: "2026-06-07").count },
             try Self.plans(db, of: "%SELECT id, runs_on, text FROM daily_questions%"))
        }
        #expect(counts == Array(repeating: 40, count: 8), "42 days, two of them a 1st")
        try Self.expectGeneric(plans)
    }

    @Test func aQuestionsHourlyAnswersArePlannedOnceAndThenReused() async throws {
        let store = try await temporaryStore()
        defer { store.close() }
        let question = try await store.write { db in
            // Ten thousand past questions, each answered in every hour of its day (the tallies in
            // two of PostgreSQL's shards, as the app's answers spread them).
            try db.execute(sql: """
                INSERT INTO daily_questions (text, runs_on, created_at, updated_at)
                SELECT 'Question ' || n, to_char(DATE '1990-01-01' + n, 'YYYY-MM-DD'), '1989-12-01 00:00:00.000', '1989-12-01 00:00:00.000'
                FROM generate_series(0, 9999) AS n
                """)
            try db.execute(sql: """
                INSERT INTO question_hourly_answer_shards (question_id, hour, shard, answer_count)
                SELECT q.id, q.runs_on || ' ' || lpad(h::text, 2, '0'), s, CASE WHEN s = 0 THEN 1 ELSE h END
                FROM daily_questions q, generate_series(0, 23) AS h, generate_series(0, 1) AS s
                """)
            try db.execute(sql: "ANALYZE daily_questions, question_hourly_answer_shards")
            return try #require(try DailyQuestion.fetchOne(db, sql: "SELECT * FROM daily_questions WHERE runs_on = '2000-06-15'"))
        }
        let (hours, plans) = try await store.read { db in
            (try Self.eightRuns { try QuestionResults.hourly(db, question: question) },
             try Self.plans(db, of: "%FROM question_hourly_answers%"))
        }
        #expect(hours == Array(repeating: Array(1...24), count: 8))
        try Self.expectGeneric(plans)
    }

    @Test func theSecondFactorPagesEnrolmentIsPreparedNotPlannedAtEachView() async throws {
        let store = try await temporaryStore()
        defer { store.close() }
        let member = try await StaffAccounts(store: store, hasher: PasswordHasher(cost: 4))
            .create(.init(email: "ana@example.com", role: .owner, password: "a-long-test-password"), by: .commandLine)
        let enrolment = try await SecondFactors(store: store).startEnrolment(staffId: member.id!, email: member.email)
        let (secrets, plans) = try await store.read { db in
            (try Self.eightRuns { try SecondFactors.pendingSecret(db, staffId: member.id!) },
             try Self.plans(db, of: "%SELECT secret FROM staff_second_factors WHERE staff_id = $1 AND confirmed_at IS NULL%"))
        }
        #expect(secrets.map { $0.map(Base32.grouped) } == Array(repeating: enrolment.secretGrouped, count: 8))
        try Self.expectGeneric(plans)
    }

    /// PostgreSQL plans a prepared statement's first five runs for their values, then weighs its generic plan.
    static func eightRuns<Result>(_ run: () throws -> Result) rethrows -> [Result] {
        try (1...8).map { _ in try run() }
    }

    /// How often this connection's prepared read whose SQL is like `pattern` ran on its generic plan, and on a fresh one.
    static func plans(_ db: StoreDatabase, of pattern: String) throws -> (generic: Int, custom: Int)? {
        try StoreRow.fetchOne(db, sql: """
            SELECT generic_plans, custom_plans FROM pg_prepared_statements
            WHERE name LIKE 'stand_read_%' AND statement LIKE ?
            """, arguments: [pattern]).map { ($0["generic_plans"] as Int, $0["custom_plans"] as Int) }
    }

    static func expectGeneric(_ plans: (generic: Int, custom: Int)?, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let (generic, custom) = try #require(plans, "the read runs prepared", sourceLocation: sourceLocation)
        #expect(generic >= 3 && custom <= 5, "generic \(generic), custom \(custom)", sourceLocation: sourceLocation)
    }

    /// A store with a question a day since 1760 (a hundred thousand: a long
    /// calendar makes a range look dear), none on the 1st of a month.
    static func longCalendar() async throws -> StandStore {
        let store = try await temporaryStore()
        do {
            try await store.write { db in
                try db.execute(sql: """
                    INSERT INTO daily_questions (text, runs_on, created_at, updated_at)
                    SELECT 'Question ' || n, to_char(DATE '1760-01-01' + n, 'YYYY-MM-DD'), '1759-12-01 00:00:00.000', '1759-12-01 00:00:00.000'
                    FROM generate_series(0, 100000) AS n WHERE extract(day FROM DATE '1760-01-01' + n) <> 1
                    """)
                try db.execute(sql: "ANALYZE daily_questions")
            }
        } catch {
            store.close()
            throw error
        }
        return store
    }

    /// Accounts `user1@example.com` … with the UUIDs and phones their numbers make.
    static func insertUsers(_ db: StoreDatabase, count: Int) throws {
        try db.execute(sql: """
            INSERT INTO users (uuid, email, phone, password_hash, birthdate, reminder_time, created_at, updated_at)
            SELECT '00000000-0000-4000-8000-' || lpad(g::text, 12, '0'), 'user' || g || '@example.com',
                   '+1555' || lpad(g::text, 7, '0'), 'x', '1990-05-17', '08:30', '2026-01-02 10:00:00.000', '2026-01-02 10:00:00.000'
            FROM generate_series(1, ?) g
            """, arguments: [count])
    }
}
