import Foundation
import GRDB

extension DemoSeeder {
    /// One closed sweepstakes last month and one open this month, with entries.
    func seedSweepstakes(_ options: Options, userIds: Range<Int64>, random: inout SeedRandom) throws -> Int {
        guard !userIds.isEmpty else { return 0 }
        let today = options.today
        let plans: [(String, String, Int, Int, String)] = [
            ("Autumn Streak Sweepstakes", "A weekend for two in Lisbon", -60, -31, "closed"),
            ("Winter Stand Sweepstakes", "A year of free groceries", -20, 20, "open"),
        ]
        var total = 0
        for (name, prize, start, end, status) in plans {
            var rows: [StatementArguments] = []
            let entrants = min(userIds.count / 2, 5_000)
            let first = random.int(0..<userIds.count)
            for n in 0..<entrants {
                let userId = userIds.lowerBound + Int64((first + n) % userIds.count)
                let reason = random.pick(["daily_stand", "daily_stand", "daily_stand", "streak_bonus"])
                let createdAt = UTCDate.adding(days: start + random.int(0..<max(1, min(end, 0) - start)), to: today)
                rows.append([userId, reason == "streak_bonus" ? 5 : random.int(1..<4), reason, createdAt])
            }
            try store.pool.write { db in
                let now = Date()
                try db.execute(sql: "INSERT INTO sweepstakes (name, prize, starts_on, ends_on, status, created_at) VALUES (?, ?, ?, ?, ?, ?)",
                               arguments: [name, prize, UTCDate.day(UTCDate.adding(days: start, to: today)), UTCDate.day(UTCDate.adding(days: end, to: today)), status, now])
                let sweepstakesId = db.lastInsertedRowID
                let statement = try db.makeStatement(sql: "INSERT INTO sweepstakes_entries (sweepstakes_id, user_id, quantity, reason, created_at) VALUES (?, ?, ?, ?, ?)")
                for row in rows { try statement.execute(arguments: [sweepstakesId] + row) }
            }
            total += rows.count
        }
        return total
    }

    /// Pending suggestions (some hostile on purpose) and deletion requests from the app.
    func seedRequests(_ options: Options, userIds: Range<Int64>, random: inout SeedRandom) throws -> (Int, Int) {
        guard !userIds.isEmpty else { return (0, 0) }
        var suggestions = 0, requests = 0
        try store.pool.write { db in
            for (index, text) in SeedVocabulary.suggestions.enumerated() {
                let userId = userIds.lowerBound + Int64(random.int(0..<userIds.count))
                let createdAt = options.today.addingTimeInterval(-Double(index * 3_600 + random.int(0..<3_600)))
                try db.execute(sql: "INSERT INTO suggestions (user_id, text, status, created_at) VALUES (?, ?, 'pending', ?)", arguments: [userId, text, createdAt])
                suggestions += 1
            }
            for index in 0..<min(8, userIds.count) {
                let userId = userIds.lowerBound + Int64(random.int(0..<userIds.count))
                guard let uuid = try String.fetchOne(db, sql: "SELECT uuid FROM users WHERE id = ?", arguments: [userId]),
                      try Int.fetchOne(db, sql: "SELECT 1 FROM deletion_requests WHERE user_id = ?", arguments: [userId]) == nil
                else { continue }
                let createdAt = UTCDate.adding(days: -(index * 2 + random.int(0..<2)), to: options.today)
                let status = index == 7 ? "cancelled" : "pending"
                try db.execute(sql: "INSERT INTO deletion_requests (user_id, user_uuid, source, status, created_at) VALUES (?, ?, 'app', ?, ?)",
                               arguments: [userId, uuid, status, createdAt])
                requests += 1
            }
        }
        return (suggestions, requests)
    }
}
