import Foundation
import GRDB
import Testing
@testable import StandCore

@Suite struct SeedTests {
    static let today = Date(timeIntervalSince1970: 1_795_000_000)  // 2026-11-18 11:06:40 UTC
    /// Instants the rules are checked at: mid-afternoon (in the past, so a seeder
    /// that reads the machine's clock instead of `today` writes "future" rows),
    /// half a minute after midnight (today has barely begun; yesterday's
    /// answers keep streaks alive), and the suite's usual instant.
    static let instants = [
        Date(timeIntervalSince1970: 1_750_000_000),  // 2025-06-15 15:06:40 UTC
        Date(timeIntervalSince1970: 1_750_032_030),  // 2025-06-16 00:00:30 UTC
        today,
    ]

    func snapshot(_ store: StandStore) async throws -> [String] {
        try await store.read { db in
            try String.fetchAll(db, sql: """
                SELECT uuid || email || phone || birthdate || reminder_time || points || ':' || current_streak || ':'
                    || longest_streak || ':' || COALESCE(last_stood_on, '-') || created_at FROM users ORDER BY id
                """)
                + String.fetchAll(db, sql: "SELECT runs_on || text FROM daily_questions ORDER BY id")
                + String.fetchAll(db, sql: "SELECT question_id || ':' || position || ':' || answer_count FROM question_choices ORDER BY 1")
                + String.fetchAll(db, sql: "SELECT question_id || ':' || user_id || ':' || answered_at FROM answers ORDER BY id")
                + String.fetchAll(db, sql: "SELECT sweepstakes_id || ':' || user_id || ':' || reason || ':' || quantity || ':' || created_at FROM sweepstakes_entries ORDER BY id")
        }
    }

    @Test func theSameSeedWritesTheSameData() async throws {
        let first = try await temporaryStore(), second = try await temporaryStore(), other = try await temporaryStore()
        _ = try await DemoSeeder(store: first).seeded(.init(users: 500, days: 5, seed: 42, today: Self.today))
        _ = try await DemoSeeder(store: second).seeded(.init(users: 500, days: 5, seed: 42, today: Self.today))
        _ = try await DemoSeeder(store: other).seeded(.init(users: 500, days: 5, seed: 43, today: Self.today))
        await #expect(try snapshot(first) == snapshot(second))
        await #expect(try snapshot(first) != snapshot(other))
    }

    @Test func seededUsersAreValidAdultsWithE164Phones() async throws {
        let store = try await temporaryStore()
        let summary = try await DemoSeeder(store: store).seeded(.init(users: 1_000, days: 3, seed: 1, today: Self.today))
        #expect(summary.users == 1_000)
        let eighteenYearsAgo = UTCDate.day(UTCDate.calendar.date(byAdding: .year, value: -18, to: Self.today)!)
        struct Facts: Sendable { var minors = 0, phones: [String] = [], emails: [String] = [], hostile = 0, sweepstakes = 0, pending = 0, today = 0 }
        let facts = try await store.read { db in
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
        let summaryOfDashboard = try await Dashboard(store: store).summary(now: Self.today)
        #expect(summaryOfDashboard.unscheduledDays.count == 3)
        #expect(summaryOfDashboard.userCount == 1_000)
    }

    // MARK: - The app's rules, checked for every seeded user from the rows themselves

    @Test(arguments: instants)
    func nothingIsTimestampedAfterNow(_ now: Date) async throws {
        let store = try await temporaryStore()
        _ = try await DemoSeeder(store: store).seeded(.init(users: 600, days: 40, seed: 11, today: now))
        let stamp = StoreTimestamp.string(now)
        let late = try await store.read { db in
            try [
                "answers": "SELECT COUNT(*) FROM answers WHERE answered_at > ?1",
                "hourly tallies": "SELECT COUNT(*) FROM question_hourly_answers WHERE hour > substr(?1, 1, 13)",
                "users": "SELECT COUNT(*) FROM users WHERE created_at > ?1 OR updated_at > ?1 OR last_stood_on > substr(?1, 1, 10)",
                "questions": "SELECT COUNT(*) FROM daily_questions WHERE created_at > ?1 OR updated_at > ?1",
                "sweepstakes": "SELECT COUNT(*) FROM sweepstakes WHERE created_at > ?1 OR closed_at > ?1",
                "entries": "SELECT COUNT(*) FROM sweepstakes_entries WHERE created_at > ?1",
                "entry days": "SELECT COUNT(*) FROM sweepstakes_daily_entries WHERE day > substr(?1, 1, 10)",
                "suggestions": "SELECT COUNT(*) FROM suggestions WHERE created_at > ?1 OR reviewed_at > ?1",
                "deletion requests": "SELECT COUNT(*) FROM deletion_requests WHERE created_at > ?1 OR resolved_at > ?1",
                "audit events": "SELECT COUNT(*) FROM audit_events WHERE occurred_at > ?1",
            ].mapValues { sql in try Int.fetchOne(db, sql: sql, arguments: [stamp]) ?? -1 }
        }
        for (table, count) in late.sorted(by: { $0.key < $1.key }) {
            #expect(count == 0, "\(table): \(count) rows after \(stamp)")
        }
        // Today's question has answers, all in hours that have begun.
        let todays = try await store.read { db in
            try Int.fetchOne(db, sql: """
                SELECT COUNT(*) FROM answers a JOIN daily_questions q ON q.id = a.question_id WHERE q.runs_on = ?
                """, arguments: [UTCDate.day(now)]) ?? 0
        }
        #expect(todays > 0)
    }

    @Test(arguments: instants)
    func streaksLastStoodAndPointsFollowFromTheAnswers(_ now: Date) async throws {
        let store = try await temporaryStore()
        _ = try await DemoSeeder(store: store).seeded(.init(users: 600, days: 40, seed: 11, today: now))
        let seeded = try await SeededStore(store)
        #expect(seeded.users.count == 600)
        try expectRulesHold(seeded, now: now)
        // Demo data worth looking at: streaks of every kind, not all zero.
        #expect(seeded.users.contains { $0.currentStreak >= 7 })
        #expect(seeded.users.contains { $0.currentStreak == 0 && $0.longestStreak > 0 })
        #expect(seeded.users.contains { $0.lastStoodOn == nil })
    }

    @Test(arguments: instants)
    func sweepstakesEntriesFollowFromTheAnswers(_ now: Date) async throws {
        let store = try await temporaryStore()
        _ = try await DemoSeeder(store: store).seeded(.init(users: 600, days: 40, seed: 11, today: now))
        let seeded = try await SeededStore(store)
        #expect(seeded.sweepstakes.count == 2)
        #expect(seeded.sweepstakes.allSatisfy { $0.entriesPerStand > 0 && $0.streakBonusEntries > 0 })
        try expectEntriesFollowTheRules(seeded, now: now)
        #expect(seeded.entries.contains { $0.reason == "streak_bonus" })
        // Both sweepstakes have entries to look at.
        #expect(Set(seeded.entries.map(\.sweepstakesId)).count == 2)
    }

    @Test func aSecondSeedOfTheSameStoreFollowsTheRulesToo() async throws {
        let store = try await temporaryStore()
        _ = try await DemoSeeder(store: store).seeded(.init(users: 200, days: 10, seed: 1, today: Self.today))
        _ = try await DemoSeeder(store: store).seeded(.init(users: 200, days: 12, seed: 2, today: Self.today))
        let seeded = try await SeededStore(store)
        #expect(seeded.users.count == 400)
        // The second run answered the questions the first one scheduled.
        #expect(seeded.answers.contains { $0.userId > 200 && $0.day == UTCDate.day(UTCDate.adding(days: -1, to: Self.today)) })
        try expectRulesHold(seeded, now: Self.today)
        try expectEntriesFollowTheRules(seeded, now: Self.today)
    }

    @Test func aStoreWithoutPastDaysHasNoStreaks() async throws {
        let store = try await temporaryStore()
        _ = try await DemoSeeder(store: store).seeded(.init(users: 100, days: 0, seed: 3, today: Self.instants[0]))
        let seeded = try await SeededStore(store)
        try expectRulesHold(seeded, now: Self.instants[0])
        try expectEntriesFollowTheRules(seeded, now: Self.instants[0])
        #expect(seeded.users.allSatisfy { $0.longestStreak <= 1 })
    }

    // MARK: - Reading the store and applying the rules independently

    struct SeededStore {
        struct User { var id: Int64, createdAt: String, points: Int, currentStreak: Int, longestStreak: Int, lastStoodOn: String? }
        struct Answer { var userId: Int64, day: String, answeredAt: String }
        struct Sweepstakes { var id: Int64, startsOn: String, endsOn: String, entriesPerStand: Int, streakBonusEntries: Int }
        struct Entry: Hashable { var sweepstakesId: Int64, userId: Int64, day: String, reason: String, quantity: Int }

        var users: [User] = []
        var answers: [Answer] = []
        var sweepstakes: [Sweepstakes] = []
        var entries: [Entry] = []
        var entryTimes: [Entry: [String]] = [:]
        var questionDayMismatches = 0

        init(_ store: StandStore) async throws {
            self = try await store.read { db in try SeededStore(db) }
        }

        private init(_ db: StoreDatabase) throws {
            do {
                users = try StoreRow.fetchAll(db, sql: """
                    SELECT id, created_at, points, current_streak, longest_streak, last_stood_on FROM users ORDER BY id
                    """).map { User(id: $0[0], createdAt: $0[1], points: $0[2], currentStreak: $0[3], longestStreak: $0[4], lastStoodOn: $0[5]) }
                answers = try StoreRow.fetchAll(db, sql: """
                    SELECT a.user_id, q.runs_on, a.answered_at FROM answers a JOIN daily_questions q ON q.id = a.question_id
                    WHERE a.user_id IS NOT NULL ORDER BY a.user_id, q.runs_on
                    """).map { Answer(userId: $0[0], day: $0[1], answeredAt: $0[2]) }
                questionDayMismatches = try Int.fetchOne(db, sql: """
                    SELECT COUNT(*) FROM answers a JOIN daily_questions q ON q.id = a.question_id WHERE substr(a.answered_at, 1, 10) <> q.runs_on
                    """) ?? -1
                sweepstakes = try StoreRow.fetchAll(db, sql: """
                    SELECT id, starts_on, ends_on, entries_per_stand, streak_bonus_entries FROM sweepstakes ORDER BY id
                    """).map { Sweepstakes(id: $0[0], startsOn: $0[1], endsOn: $0[2], entriesPerStand: $0[3], streakBonusEntries: $0[4]) }
                for row in try StoreRow.fetchAll(db, sql: """
                    SELECT sweepstakes_id, user_id, substr(created_at, 1, 10), reason, quantity, created_at
                    FROM sweepstakes_entries ORDER BY id
                    """) {
                    let entry = Entry(sweepstakesId: row[0], userId: row[1] ?? -1, day: row[2], reason: row[3], quantity: row[4])
                    entries.append(entry)
                    entryTimes[entry, default: []].append(row[5])
                }
            }
        }
    }

    /// What one user's answer days give under the rules: each day's run length
    /// (consecutive answered UTC days ending that day), the current streak
    /// (the run ending at the last answered day, if that day is today or
    /// yesterday; otherwise 0), the longest run, the last day and the points.
    struct Standing: Equatable, CustomStringConvertible {
        var runs: [String: Int] = [:]
        var current = 0, longest = 0, points = 0
        var lastStoodOn: String?

        init(days: [String], today: String) {
            var previous: Date?, run = 0
            for day in days {
                let date = UTCDate.parseDay(day)!
                run = previous.map { date.timeIntervalSince($0) == 86_400 } == true ? run + 1 : 1
                runs[day] = run
                longest = max(longest, run)
                points += StandRules.pointsPerStand + (run % StandRules.streakBonusDays == 0 ? StandRules.streakBonusPoints : 0)
                previous = date
            }
            lastStoodOn = days.last
            if let last = days.last, last == today || UTCDate.dayAfter(last) == today { current = run }
        }

        init(_ user: SeededStore.User) {
            current = user.currentStreak; longest = user.longestStreak; points = user.points; lastStoodOn = user.lastStoodOn
        }

        static func == (a: Standing, b: Standing) -> Bool {
            (a.current, a.longest, a.points, a.lastStoodOn) == (b.current, b.longest, b.points, b.lastStoodOn)
        }

        var description: String { "current \(current), longest \(longest), points \(points), last stood \(lastStoodOn ?? "never")" }
    }

    func expectRulesHold(_ seeded: SeededStore, now: Date, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let today = UTCDate.day(now)
        let byUser = Dictionary(grouping: seeded.answers, by: \.userId)
        #expect(seeded.questionDayMismatches == 0, "answers given on another day than their question's", sourceLocation: sourceLocation)
        var wrong: [String] = []
        for user in seeded.users {
            let answers = byUser[user.id] ?? []
            let days = answers.map(\.day)
            let expected = Standing(days: days, today: today), stored = Standing(user)
            if Set(days).count != days.count { wrong.append("user \(user.id): two answers on one day") }
            if stored != expected { wrong.append("user \(user.id): stored \(stored), answers give \(expected)") }
            if stored.current < 0 || stored.longest < stored.current || stored.points < 0 {
                wrong.append("user \(user.id): impossible \(stored)")
            }
            if let first = answers.first, first.answeredAt < user.createdAt {
                wrong.append("user \(user.id): answered at \(first.answeredAt), before joining at \(user.createdAt)")
            }
        }
        #expect(wrong.isEmpty, "\(wrong.count) broken rules, e.g.\n\(wrong.prefix(10).joined(separator: "\n"))", sourceLocation: sourceLocation)
    }

    /// Each answer on a day a sweepstakes runs (up to today) earns its
    /// `entries_per_stand`, and each day that completes a 7-day run its
    /// `streak_bonus_entries`, both written when the answer was given.
    func expectEntriesFollowTheRules(_ seeded: SeededStore, now: Date, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let today = UTCDate.day(now)
        let byUser = Dictionary(grouping: seeded.answers, by: \.userId)
        var expected: [SeededStore.Entry] = [], answeredAt: [String: String] = [:]
        for (userId, answers) in byUser {
            let standing = Standing(days: answers.map(\.day), today: today)
            for answer in answers {
                answeredAt["\(userId) \(answer.day)"] = answer.answeredAt
                for sweepstakes in seeded.sweepstakes where sweepstakes.startsOn <= answer.day && answer.day <= sweepstakes.endsOn {
                    if sweepstakes.entriesPerStand > 0 {
                        expected.append(.init(sweepstakesId: sweepstakes.id, userId: userId, day: answer.day, reason: "daily_stand", quantity: sweepstakes.entriesPerStand))
                    }
                    if sweepstakes.streakBonusEntries > 0, standing.runs[answer.day]! % StandRules.streakBonusDays == 0 {
                        expected.append(.init(sweepstakes.id, userId, answer.day, "streak_bonus", sweepstakes.streakBonusEntries))
                    }
                }
            }
        }
        func key(_ e: SeededStore.Entry) -> String { "\(e.sweepstakesId) \(e.userId) \(e.day) \(e.reason) \(e.quantity)" }
        let stored = seeded.entries.map(key).sorted(), wanted = expected.map(key).sorted()
        let missing = Set(wanted).subtracting(stored), extra = Set(stored).subtracting(wanted)
        #expect(stored == wanted, "\(stored.count) entries, the answers give \(wanted.count); missing e.g. \(missing.sorted().prefix(5)), not earned e.g. \(extra.sorted().prefix(5))",
                sourceLocation: sourceLocation)
        // An entry is written when its stand is, not before it.
        let early = seeded.entryTimes.flatMap { entry, times in
            times.filter { time in answeredAt["\(entry.userId) \(entry.day)"].map { time < $0 } ?? true }
        }
        #expect(early.isEmpty, "\(early.count) entries written before their answer", sourceLocation: sourceLocation)
        #expect(seeded.entries.allSatisfy { $0.quantity > 0 && $0.day <= today }, sourceLocation: sourceLocation)
    }
}

extension SeedTests.SeededStore.Entry {
    init(_ sweepstakesId: Int64, _ userId: Int64, _ day: String, _ reason: String, _ quantity: Int) {
        self.init(sweepstakesId: sweepstakesId, userId: userId, day: day, reason: reason, quantity: quantity)
    }
}
