import Foundation
import GRDB
import HummingbirdBcrypt

/// Deterministic demo data: the same options always write the same rows
/// (relative to the day it runs, so every seeded user is 18 or older).
public struct DemoSeeder: Sendable {
    public struct Options: Sendable {
        public var users: Int
        public var days: Int
        public var seed: UInt64
        public var today: Date

        public init(users: Int = 10_000, days: Int = 30, seed: UInt64 = 1, today: Date = Date()) {
            self.users = users
            self.days = days
            self.seed = seed
            self.today = today
        }
    }

    public struct Summary: Sendable, CustomStringConvertible {
        public var users = 0, questions = 0, answers = 0, suggestions = 0, entries = 0, deletionRequests = 0
        public var seconds = 0.0

        public var description: String {
            "seeded \(users) users, \(questions) questions, \(answers) answers, \(entries) sweepstakes entries, "
                + "\(suggestions) suggestions, \(deletionRequests) deletion requests in \(String(format: "%.1f", seconds)) s"
        }
    }

    /// Rows per write transaction: big enough to be fast, small enough that
    /// other writers of the shared file get a turn between batches.
    static let batchSize = 10_000

    let store: StandStore

    public init(store: StandStore) {
        self.store = store
    }

    public func run(_ options: Options, progress: @Sendable (String, Int, Int) -> Void = { _, _, _ in }) throws -> Summary {
        let started = Date()
        var random = SeedRandom(seed: options.seed)
        var summary = Summary()
        let firstUserId = try store.pool.read { db in try Int64.fetchOne(db, sql: "SELECT IFNULL(MAX(id), 0) FROM users") ?? 0 } + 1
        summary.users = try seedUsers(options, random: &random, progress: progress)
        let userIds = firstUserId..<(firstUserId + Int64(summary.users))
        (summary.questions, summary.answers) = try seedQuestions(options, userIds: userIds, random: &random, progress: progress)
        summary.entries = try seedSweepstakes(options, userIds: userIds, random: &random)
        (summary.suggestions, summary.deletionRequests) = try seedRequests(options, userIds: userIds, random: &random)
        summary.seconds = Date().timeIntervalSince(started)
        return summary
    }

    private func seedUsers(_ options: Options, random: inout SeedRandom, progress: (String, Int, Int) -> Void) throws -> Int {
        // App users cannot sign in to the console; one real hash of a random
        // password serves them all (hashing a million would take days).
        let sharedHash = Bcrypt.hash(SecureToken.hex(bytes: 16), cost: 10)
        let existing = try store.pool.read { db in try Int.fetchOne(db, sql: "SELECT IFNULL(MAX(id), 0) FROM users") ?? 0 }
        var inserted = 0
        while inserted < options.users {
            let batch = min(Self.batchSize, options.users - inserted)
            var rows: [StatementArguments] = []
            rows.reserveCapacity(batch)
            for offset in 0..<batch {
                rows.append(makeUser(number: existing + inserted + offset, options: options, hash: sharedHash, random: &random))
            }
            try store.pool.write { db in
                let statement = try db.makeStatement(sql: """
                    INSERT INTO users (uuid, email, phone, password_hash, birthdate, reminder_time, points,
                        current_streak, longest_streak, last_stood_on, created_at, updated_at)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """)
                for row in rows { try statement.execute(arguments: row) }
            }
            inserted += batch
            progress("users", inserted, options.users)
        }
        return inserted
    }

    private func makeUser(number: Int, options: Options, hash: String, random: inout SeedRandom) -> StatementArguments {
        let first = random.pick(SeedVocabulary.firstNames), last = random.pick(SeedVocabulary.lastNames)
        let separator = random.pick([".", "_", ""])
        let email = "\(first)\(separator)\(last)\(number)@\(random.pick(SeedVocabulary.domains))"
        // Unique by construction: the number is part of every phone.
        let phone = number % 10 == 9
            ? "+447" + String(format: "%09d", 100_000_000 + number)
            : "+1" + String(2_012_000_000 + number)
        let ageDays = random.int((18 * 366)..<(80 * 365))
        let birthdate = UTCDate.day(UTCDate.adding(days: -ageDays, to: options.today))
        let reminder = String(format: "%02d:%02d", random.int(0..<24), random.pick([0, 15, 30, 45]))
        let longest = random.int(0..<120)
        let current = longest == 0 ? 0 : random.int(0..<(longest + 1))
        let points = longest * 10 + random.int(0..<500)
        let joinedDaysAgo = random.int(1..<900)
        let created = UTCDate.adding(days: -joinedDaysAgo, to: options.today).addingTimeInterval(-Double(random.int(0..<86_400)))
        let lastStood: String? = current > 0 ? UTCDate.day(UTCDate.adding(days: -random.int(0..<2), to: options.today)) : nil
        return [random.uuid(), email, phone, hash, birthdate, reminder, points, current, longest, lastStood, created, created]
    }

    private func seedQuestions(_ options: Options, userIds: Range<Int64>, random: inout SeedRandom, progress: (String, Int, Int) -> Void) throws -> (Int, Int) {
        var questions = 0, answers = 0
        // Past days with answers, today, then two weeks ahead with a few empty days.
        let offsets = Array((-options.days)...0) + (1...14).filter { ![3, 7, 11].contains($0) }
        for (index, offset) in offsets.enumerated() {
            let day = UTCDate.day(UTCDate.adding(days: offset, to: options.today))
            let (text, choices) = SeedVocabulary.questions[(index + Int(options.seed % 7)) % SeedVocabulary.questions.count]
            let answerCount = offset < 0 ? min(userIds.count * 2 / 5, 3_000) : (offset == 0 ? min(userIds.count / 10, 500) : 0)
            let weights = choices.map { _ in random.int(1..<10) }
            let start = userIds.isEmpty ? 0 : random.int(0..<userIds.count)
            var rows: [StatementArguments] = []
            for n in 0..<answerCount {
                let userId = userIds.lowerBound + Int64((start + n) % userIds.count)
                var pick = random.int(0..<weights.reduce(0, +)), choice = 0
                while pick >= weights[choice] { pick -= weights[choice]; choice += 1 }
                let answeredAt = UTCDate.calendar.startOfDay(for: UTCDate.adding(days: offset, to: options.today)).addingTimeInterval(Double(random.int(0..<86_000)))
                rows.append([userId, choice, answeredAt])
            }
            try store.pool.write { db in
                guard try Int.fetchOne(db, sql: "SELECT 1 FROM daily_questions WHERE runs_on = ?", arguments: [day]) == nil else { return }
                let now = Date()
                try db.execute(sql: "INSERT INTO daily_questions (text, runs_on, created_at, updated_at) VALUES (?, ?, ?, ?)", arguments: [text, day, now, now])
                let questionId = db.lastInsertedRowID
                for (position, choice) in choices.enumerated() {
                    try db.execute(sql: "INSERT INTO question_choices (question_id, position, text) VALUES (?, ?, ?)", arguments: [questionId, position, choice])
                }
                let statement = try db.makeStatement(sql: "INSERT OR IGNORE INTO answers (question_id, user_id, choice_position, answered_at) VALUES (?, ?, ?, ?)")
                for row in rows {
                    try statement.execute(arguments: [questionId] + row)
                }
                questions += 1
                answers += rows.count
            }
            progress("questions", index + 1, offsets.count)
        }
        return (questions, answers)
    }
}
