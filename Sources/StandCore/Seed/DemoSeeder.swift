import Foundation
import HummingbirdBcrypt

/// Deterministic demo data: the same options always write the same rows
/// (relative to `today`, so every seeded user is 18 or older).
///
/// The data follows the app's rules (`StandRules`): nothing is timestamped
/// after `today` (today's question has answers only in the part of the day
/// that has passed), and each account's points, streaks and last stood day,
/// and its sweepstakes entries, are what its answers earn.
public struct DemoSeeder: Sendable {
    public struct Options: Sendable {
        public var users: Int
        public var days: Int
        public var seed: UInt64
        /// "Now" for the data: the seeder reads no other clock, and writes
        /// nothing timestamped after it.
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

    /// At most this many seeded accounts answer questions (every n-th one on a
    /// big store), so a day has a few thousand answers whatever the user count,
    /// as before: a million-user bench store seeds in the same time.
    static let standingUsers = 5_000

    static let separators = [".", "_", ""]
    static let reminderMinutes = [0, 15, 30, 45]
    static let twoDigits = (0..<60).map { $0 < 10 ? "0\($0)" : String($0) }

    let store: StandStore

    public init(store: StandStore) {
        self.store = store
    }

    public func run(_ options: Options, progress: @Sendable (String, Int, Int) -> Void = { _, _, _ in }) throws -> Summary {
        let started = Date()
        let clock = SeedClock(now: options.today)
        var random = SeedRandom(seed: options.seed)
        var summary = Summary()
        let firstUserId = try store.readBlocking { db in try Int64.fetchOne(db, sql: "SELECT COALESCE(MAX(id), 0) FROM users") ?? 0 } + 1
        // Questions and sweepstakes first: a user's stands are drawn on the days
        // that have a question to answer, and earn entries in what runs then.
        let questions: [PlannedQuestion?]
        (summary.questions, questions) = try seedQuestions(options, clock: clock, random: &random)
        let sweepstakes = try seedSweepstakes(options, clock: clock)
        let histories: StandHistories
        (summary.users, histories) = try seedUsers(options, clock: clock, answerable: questions.map { $0 != nil }, random: &random, progress: progress)
        let userIds = firstUserId..<(firstUserId + Int64(summary.users))
        (summary.answers, summary.entries) = try seedStands(options, clock: clock, questions: questions, sweepstakes: sweepstakes,
                                                            histories: histories, random: &random, progress: progress)
        (summary.suggestions, summary.deletionRequests) = try seedRequests(options, clock: clock, userIds: userIds, random: &random)
        summary.seconds = Date().timeIntervalSince(started)
        return summary
    }

    private func seedUsers(_ options: Options, clock: SeedClock, answerable: [Bool], random: inout SeedRandom,
                           progress: (String, Int, Int) -> Void) throws -> (Int, StandHistories) {
        // App users cannot sign in to the console; one real hash of a random
        // password serves them all (hashing a million would take days).
        let sharedHash = Bcrypt.hash(SecureToken.hex(bytes: 16), cost: 10)
        let existing = try store.readBlocking { db in try Int.fetchOne(db, sql: "SELECT COALESCE(MAX(id), 0) FROM users") ?? 0 }
        let every = max(1, (options.users + Self.standingUsers - 1) / Self.standingUsers)
        // Of the stands today will see, the share made by now (per mille; at
        // least a tenth, so that just after midnight today's question still
        // shows a few answers, all of them in the seconds that have passed).
        let todayShare = max(100, clock.secondsIntoToday * 1_000 / 86_400)
        var histories = StandHistories(days: options.days)
        var inserted = 0
        while inserted < options.users {
            let batch = min(Self.batchSize, options.users - inserted)
            var rows: [StoreArguments] = [], uuids: [String] = [], stands: [[UInt64]?] = []
            rows.reserveCapacity(batch)
            uuids.reserveCapacity(batch)
            stands.reserveCapacity(batch)
            for offset in 0..<batch {
                let index = inserted + offset
                let (uuid, row, stood) = makeUser(number: existing + index, options: options, clock: clock, hash: sharedHash,
                                                  answerable: index % every == 0 ? answerable : nil, todayShare: todayShare, random: &random)
                uuids.append(uuid)
                rows.append(row)
                stands.append(stood)
            }
            let ids = try store.writeBlocking { db in
                // Ids by UUID: the order of a multi-row INSERT's RETURNING rows is not promised.
                var idByUUID: [String: Int64] = [:]
                try Self.insert(db, into: Self.usersInsert, rows: rows[...], returning: "id, uuid") { row in
                    idByUUID[row["uuid"] as String] = row["id"]
                }
                return zip(uuids, stands).compactMap { uuid, stood in stood == nil ? nil : idByUUID[uuid] }
            }
            for (id, stood) in zip(ids, stands.compactMap { $0 }) { histories.append(userId: id, days: stood) }
            inserted += batch
            progress("users", inserted, options.users)
        }
        return (inserted, histories)
    }

    static let usersInsert = """
        INSERT INTO users (uuid, email, phone, password_hash, birthdate, reminder_time, points,
            current_streak, longest_streak, last_stood_on, created_at, updated_at)
        """

    /// A user's UUID and row, and the days (bits by day index, oldest first) they stood
    /// on when they stood at all. `answerable` is nil for a user who never
    /// answers, otherwise which days have a question.
    private func makeUser(number: Int, options: Options, clock: SeedClock, hash: String, answerable: [Bool]?,
                          todayShare: Int, random: inout SeedRandom) -> (String, StoreArguments, [UInt64]?) {
        let first = random.pick(SeedVocabulary.firstNames), last = random.pick(SeedVocabulary.lastNames)
        let separator = random.pick(Self.separators)
        let email = "\(first)\(separator)\(last)\(number)@\(random.pick(SeedVocabulary.domains))"
        // Unique by construction: the number is part of every phone.
        let phone = number % 10 == 9 ? "+447" + String(100_000_000 + number) : "+1" + String(2_012_000_000 + number)
        let ageDays = random.int((18 * 366)..<(80 * 365))
        let birthdate = UTCDate.day(UTCDate.adding(days: -ageDays, to: options.today))
        let reminder = Self.twoDigits[random.int(0..<24)] + ":" + Self.twoDigits[random.pick(Self.reminderMinutes)]
        // Habits: one in ten who could answer never has; the others keep
        // answering on the day after a stand with chance `keep`, and come back
        // after a missed day with chance `resume` (per mille), so runs of every
        // length, broken streaks and lapsed users all appear.
        var standing = StandRules.Standing(), firstStand: Int?, stood: [UInt64]?
        if let answerable, random.int(0..<10) > 0 {
            let keep = 550 + random.int(0..<430), resume = 80 + random.int(0..<400)
            var days = [UInt64](repeating: 0, count: options.days / 64 + 1)
            var going = random.int(0..<1_000) < resume
            for index in 0...options.days {
                going = random.int(0..<1_000) < (going ? keep : resume)
                let offset = index - options.days
                guard going, answerable[index], offset < 0 || random.int(0..<1_000) < todayShare else { continue }
                days[index >> 6] |= 1 << UInt64(index & 63)
                standing.stand(on: offset)
                if firstStand == nil { firstStand = offset }
            }
            if firstStand != nil { stood = days }
        }
        // Joined before the first stand (the day before it at the latest).
        var joinedDaysAgo = random.int(1..<900)
        if let firstStand { joinedDaysAgo = max(joinedDaysAgo, 1 - firstStand) }
        // Written as GRDB writes a Date (StoreTimestampTests), formatted once for both columns.
        let created = StoreTimestamp.string(UTCDate.adding(days: -joinedDaysAgo, to: clock.now).addingTimeInterval(-Double(random.int(0..<86_400))))
        let lastStood = standing.lastDay.map(clock.day)
        let uuid = random.uuid()
        return (uuid, [uuid, email, phone, hash, birthdate, reminder, standing.points, standing.currentStreak(today: 0),
                       standing.longest, lastStood, created, created], stood)
    }

    /// A question to answer on a past day or today: its choice positions and
    /// how popular each is.
    struct PlannedQuestion {
        let id: Int64
        let positions: [Int]
        let weights: [Int]
    }

    /// Past days, today, then two weeks ahead with a few empty days. A day that
    /// already has a question (a store seeded before) keeps it, and its answers
    /// go to it. Returns how many questions were written, and the question of
    /// each past day and today (by day index, oldest first).
    private func seedQuestions(_ options: Options, clock: SeedClock, random: inout SeedRandom) throws -> (Int, [PlannedQuestion?]) {
        var written = 0, planned: [PlannedQuestion?] = []
        let offsets = Array((-options.days)...0) + (1...14).filter { ![3, 7, 11].contains($0) }
        for chunk in stride(from: 0, to: offsets.count, by: 1_000) {
            try store.writeBlocking { db in
                for index in chunk..<min(chunk + 1_000, offsets.count) {
                    let offset = offsets[index]
                    let day = clock.day(offset)
                    let (text, choices) = SeedVocabulary.questions[(index + Int(options.seed % 7)) % SeedVocabulary.questions.count]
                    let questionId: Int64, positions: [Int]
                    if let existing = try Int64.fetchOne(db, sql: "SELECT id FROM daily_questions WHERE runs_on = ?", arguments: [day]) {
                        questionId = existing
                        positions = try Int.fetchAll(db, sql: "SELECT position FROM question_choices WHERE question_id = ? ORDER BY position", arguments: [existing])
                    } else {
                        // Scheduled a week ahead; the ones still to come, an hour ago.
                        let created = min(clock.startOfDay(offset - 7), clock.now.addingTimeInterval(-3_600))
                        questionId = try db.insertReturningId(sql: "INSERT INTO daily_questions (text, runs_on, created_at, updated_at) VALUES (?, ?, ?, ?)",
                                                              arguments: [text, day, created, created])
                        for (position, choice) in choices.enumerated() {
                            try db.execute(sql: "INSERT INTO question_choices (question_id, position, text) VALUES (?, ?, ?)", arguments: [questionId, position, choice])
                        }
                        positions = Array(choices.indices)
                        written += 1
                    }
                    if offset <= 0 {
                        planned.append(positions.isEmpty ? nil : PlannedQuestion(id: questionId, positions: positions, weights: positions.map { _ in random.int(1..<10) }))
                    }
                }
            }
        }
        return (written, planned)
    }

    /// Every stand of the standing users, day by day: the answer and the
    /// sweepstakes entries it earns, written together at the answer's time.
    private func seedStands(_ options: Options, clock: SeedClock, questions: [PlannedQuestion?], sweepstakes: [PlannedSweepstakes],
                            histories: StandHistories, random: inout SeedRandom, progress: (String, Int, Int) -> Void) throws -> (Int, Int) {
        var answers = 0, entries = 0
        var runs = [Int](repeating: 0, count: histories.count), lastStood = [Int](repeating: -2, count: histories.count)
        for (index, question) in questions.enumerated() {
            let offset = index - options.days
            let start = clock.startOfDay(offset)
            let earning = sweepstakes.filter { $0.firstDay <= offset && offset <= $0.lastDay }
            var answerRows: [StoreArguments] = [], entryRows: [StoreArguments] = []
            if let question {
                let totalWeight = question.weights.reduce(0, +)
                for user in 0..<histories.count where histories.stood(user, onDay: index) {
                    runs[user] = lastStood[user] == index - 1 ? runs[user] + 1 : 1
                    lastStood[user] = index
                    let userId = histories.userIds[user]
                    // Today: only in the seconds that have passed.
                    let second = offset < 0 ? random.int(0..<86_400) : random.int(0..<(clock.secondsIntoToday + 1))
                    let answeredAt = StoreTimestamp.string(start.addingTimeInterval(Double(second)))
                    var pick = random.int(0..<totalWeight), choice = 0
                    while pick >= question.weights[choice] { pick -= question.weights[choice]; choice += 1 }
                    answerRows.append([question.id, userId, question.positions[choice], answeredAt])
                    for plan in earning {
                        if plan.entriesPerStand > 0 { entryRows.append([plan.id, userId, plan.entriesPerStand, "daily_stand", answeredAt]) }
                        if plan.streakBonusEntries > 0, StandRules.earnsStreakBonus(run: runs[user]) {
                            entryRows.append([plan.id, userId, plan.streakBonusEntries, "streak_bonus", answeredAt])
                        }
                    }
                }
            }
            try insertInBatches([
                ("INSERT INTO answers (question_id, user_id, choice_position, answered_at)", answerRows),
                ("INSERT INTO sweepstakes_entries (sweepstakes_id, user_id, quantity, reason, created_at)", entryRows),
            ])
            answers += answerRows.count
            entries += entryRows.count
            progress("answers", index + 1, questions.count)
        }
        return (answers, entries)
    }

    /// Rows for several `INSERT INTO table (columns)` heads, in order, at most `batchSize` a transaction.
    func insertInBatches(_ work: [(head: String, rows: [StoreArguments])]) throws {
        var item = 0, next = 0
        while item < work.count {
            try store.writeBlocking { db in
                var budget = Self.batchSize
                while budget > 0, item < work.count {
                    let (head, rows) = work[item]
                    let end = min(rows.count, next + budget)
                    if end > next { try Self.insert(db, into: head, rows: rows[next..<end]) }
                    budget -= end - next
                    (item, next) = end == rows.count ? (item + 1, 0) : (item, end)
                }
            }
        }
    }
}

extension DemoSeeder {
    /// Rows per INSERT statement: on a server each statement is a round trip,
    /// so a few hundred rows go in one, within both engines' limits on
    /// parameters (SQLite 32,766 by default, 250,000 as built here; PostgreSQL 65,535).
    static func rowsPerStatement(columns: Int) -> Int {
        max(1, min(500, 30_000 / max(1, columns)))
    }

    /// `head VALUES (…), (…), …` for `rows` (all of one width), several rows a
    /// statement; each row `returning` names is handed to `returned`.
    static func insert(_ db: StoreDatabase, into head: String, rows: ArraySlice<StoreArguments>, returning: String? = nil,
                       _ returned: (StoreRow) throws -> Void = { _ in }) throws {
        guard let columns = rows.first?.values.count else { return }
        let perStatement = rowsPerStatement(columns: columns)
        let tuple = "(" + StoreArguments.placeholders(columns) + ")"
        var start = rows.startIndex
        while start < rows.endIndex {
            let end = min(start + perStatement, rows.endIndex)
            var sql = head + " VALUES " + Array(repeating: tuple, count: end - start).joined(separator: ", ")
            if let returning { sql += " RETURNING " + returning }
            var arguments = StoreArguments()
            arguments.values.reserveCapacity((end - start) * columns)
            for row in rows[start..<end] { arguments += row }
            // The full-size statement is prepared once per transaction (SQLite caches it by its text).
            let statement = end - start == perStatement ? try db.cachedStatement(sql: sql) : try db.makeStatement(sql: sql)
            if returning == nil {
                try statement.execute(arguments: arguments)
            } else {
                for row in try StoreRow.fetchAll(statement, arguments: arguments) { try returned(row) }
            }
            start = end
        }
    }
}

/// The seeder's clock: `now` and the UTC days around it. Every time it hands
/// out is at or before `now`.
struct SeedClock {
    let now: Date
    let startOfToday: Date
    /// Whole seconds of today that have passed.
    let secondsIntoToday: Int

    init(now: Date) {
        self.now = now
        startOfToday = UTCDate.calendar.startOfDay(for: now)
        secondsIntoToday = max(0, Int(now.timeIntervalSince(startOfToday)))
    }

    /// The start of the UTC day `offset` days from today.
    func startOfDay(_ offset: Int) -> Date {
        startOfToday.addingTimeInterval(Double(offset) * 86_400)
    }

    /// How many days from today the UTC day starting at `startOfDay` is.
    func offset(of startOfDay: Date) -> Int {
        Int((startOfDay.timeIntervalSince(startOfToday) / 86_400).rounded(.down))
    }

    /// `YYYY-MM-DD` of the UTC day `offset` days from today.
    func day(_ offset: Int) -> String {
        UTCDate.day(startOfDay(offset))
    }
}

/// The standing users and the days each stood on: one bit a day, by day index
/// (0 is the oldest seeded day, `days` is today).
struct StandHistories {
    private(set) var userIds: [Int64] = []
    private var bits: [UInt64] = []
    private let words: Int

    init(days: Int) {
        words = days / 64 + 1
    }

    var count: Int { userIds.count }

    mutating func append(userId: Int64, days: [UInt64]) {
        userIds.append(userId)
        bits += days
    }

    func stood(_ user: Int, onDay index: Int) -> Bool {
        bits[user * words + (index >> 6)] & (1 << UInt64(index & 63)) != 0
    }
}
