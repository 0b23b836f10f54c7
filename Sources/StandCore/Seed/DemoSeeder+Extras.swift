import Foundation

extension DemoSeeder {
    /// A seeded sweepstakes: its days as offsets from today and its earning rules.
    struct PlannedSweepstakes {
        let id: Int64
        let firstDay: Int, lastDay: Int
        let entriesPerStand: Int, streakBonusEntries: Int
    }

    /// One sweepstakes that has ended (not drawn yet) and one open now, both
    /// over seeded days, so their entries come from the seeded answers
    /// (`seedStands` writes them with the answers that earn them).
    ///
    /// A store that has sweepstakes already (seeded before) gets no more: the
    /// new users' stands earn entries in those neither drawn nor closed early,
    /// by their rules, as the app's stands would have. A drawn one's entries
    /// stay as they were drawn from.
    func seedSweepstakes(_ options: Options, clock: SeedClock) throws -> [PlannedSweepstakes] {
        guard options.users > 0 else { return [] }
        let existing = try store.readBlocking { db in
            try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM sweepstakes") ?? 0 > 0
                ? StoreRow.fetchAll(db, sql: """
                    SELECT id, starts_on, ends_on, entries_per_stand, streak_bonus_entries FROM sweepstakes WHERE status = 'open' ORDER BY id
                    """)
                : nil
        }
        if let existing {
            return existing.compactMap { row in
                guard let first = UTCDate.parseDay(row["starts_on"]), let last = UTCDate.parseDay(row["ends_on"]) else { return nil }
                return PlannedSweepstakes(id: row["id"], firstDay: clock.offset(of: first), lastDay: clock.offset(of: last),
                                          entriesPerStand: row["entries_per_stand"], streakBonusEntries: row["streak_bonus_entries"])
            }
        }
        // The ended one takes the older half of the seeded days (up to 60).
        let span = min(max(options.days, 2), 60)
        let endedLast = -(span / 2) - 1
        let plans: [(name: String, prize: String, first: Int, last: Int, perStand: Int, bonus: Int)] = [
            ("Autumn Streak Sweepstakes", "A weekend for two in Lisbon", -span, endedLast, 1, 5),
            ("Winter Stand Sweepstakes", "A year of free groceries", endedLast + 1, 20, 2, 5),
        ]
        return try store.writeBlocking { db in
            try plans.map { plan in
                // Status `open` for both: "ended" follows from the dates; `closed` means closed early by an owner.
                let id = try db.insertReturningId(sql: """
                    INSERT INTO sweepstakes (name, prize, starts_on, ends_on, status, entries_per_stand, streak_bonus_entries, created_at)
                    VALUES (?, ?, ?, ?, 'open', ?, ?, ?)
                    """, arguments: [plan.name, plan.prize, clock.day(plan.first), clock.day(plan.last), plan.perStand, plan.bonus,
                                     clock.startOfDay(plan.first - 14).addingTimeInterval(10 * 3_600)])
                return PlannedSweepstakes(id: id, firstDay: plan.first, lastDay: plan.last,
                                          entriesPerStand: plan.perStand, streakBonusEntries: plan.bonus)
            }
        }
    }

    /// Pending suggestions (some hostile on purpose) and deletion requests from
    /// the app, each after its account was made and before now.
    func seedRequests(_ options: Options, clock: SeedClock, userIds: Range<Int64>, random: inout SeedRandom) throws -> (Int, Int) {
        guard !userIds.isEmpty else { return (0, 0) }
        var suggestions = 0, requests = 0
        try store.writeBlocking { db in
            for (index, text) in SeedVocabulary.suggestions.enumerated() {
                let userId = userIds.lowerBound + Int64(random.int(0..<userIds.count))
                // Accounts are at least a day old: these are all younger.
                let createdAt = clock.now.addingTimeInterval(-Double(index * 3_600 + random.int(0..<3_600)))
                try db.execute(sql: "INSERT INTO suggestions (user_id, text, status, created_at) VALUES (?, ?, 'pending', ?)", arguments: [userId, text, createdAt])
                suggestions += 1
            }
            for index in 0..<min(8, userIds.count) {
                let userId = userIds.lowerBound + Int64(random.int(0..<userIds.count))
                guard let user = try StoreRow.fetchOne(db, sql: "SELECT uuid, created_at FROM users WHERE id = ?", arguments: [userId]),
                      try Int.fetchOne(db, sql: "SELECT 1 FROM deletion_requests WHERE user_id = ?", arguments: [userId]) == nil
                else { continue }
                let uuid: String = user["uuid"], joined: Date = user["created_at"]
                // Accounts are at least a day old, so an hour after joining is still in the past.
                let createdAt = max(UTCDate.adding(days: -(index * 2 + random.int(0..<2)), to: clock.now), joined.addingTimeInterval(3_600))
                // The last one was withdrawn in the app a day later (or by now).
                let status = index == 7 ? "cancelled" : "pending"
                let resolvedAt = index == 7 ? min(createdAt.addingTimeInterval(86_400), clock.now) : nil
                try db.execute(sql: "INSERT INTO deletion_requests (user_id, user_uuid, source, status, created_at, resolved_at) VALUES (?, ?, 'app', ?, ?, ?)",
                               arguments: [userId, uuid, status, createdAt, resolvedAt])
                requests += 1
            }
        }
        return (suggestions, requests)
    }
}
