/// What a stand earns, as the app counts it. The demo data follows these rules, so
/// that every seeded account's points, streaks and last stood day follow from its
/// answers (SeedTests recomputes them from the stored answers for every user).
///
/// - A **stand** is an answer to the day's question: at most one a UTC day.
/// - A **run** is a sequence of consecutive UTC days, each with a stand.
/// - `last_stood_on` is "the UTC day of the last answer" (docs/store.md), NULL with none.
/// - `current_streak` is the run ending at the last stand if that day is today or
///   yesterday (a streak stays alive until a whole UTC day passes without a
///   stand), otherwise 0.
/// - `longest_streak` is the longest run ever: never less than the current one.
/// - `points`: `pointsPerStand` for each stand, and `streakBonusPoints` more on
///   each day that completes a `streakBonusDays`-day run (days 7, 14, 21… of a
///   run). Sweepstakes earn the same way: a sweepstakes' `entries_per_stand` for
///   each stand on one of its days, and its `streak_bonus_entries` "more for each
///   7-day streak" (the words the sweepstakes page shows), both written with the
///   answer that earned them.
enum StandRules {
    static let pointsPerStand = 10
    static let streakBonusDays = 7
    static let streakBonusPoints = 50

    /// Whether the stand that makes a run `run` days long earns the streak bonus.
    static func earnsStreakBonus(run: Int) -> Bool {
        run > 0 && run % streakBonusDays == 0
    }

    /// One account's standing, built up stand by stand in day order. Days are
    /// numbers that grow by one a UTC day (the seeder uses offsets from today).
    struct Standing {
        private(set) var points = 0
        private(set) var longest = 0
        /// The run ending at `lastDay`.
        private(set) var run = 0
        private(set) var lastDay: Int?

        /// A stand on `day` (after every earlier one); returns the run it makes.
        @discardableResult
        mutating func stand(on day: Int) -> Int {
            run = lastDay == day - 1 ? run + 1 : 1
            lastDay = day
            longest = max(longest, run)
            points += StandRules.pointsPerStand + (StandRules.earnsStreakBonus(run: run) ? StandRules.streakBonusPoints : 0)
            return run
        }

        /// The current streak on `today`: 0 once a whole day has passed without a stand.
        func currentStreak(today: Int) -> Int {
            guard let lastDay, lastDay >= today - 1 else { return 0 }
            return run
        }
    }
}
