import Foundation

/// What the console's front page shows.
public struct DashboardSummary: Sendable {
    public let today: String
    public let todaysQuestion: QuestionResults?
    public let userCount: Int
    public let pendingSuggestions: Int
    public let pendingDeletionRequests: Int
    /// Deletions not yet complete everywhere (store bytes or a downstream system), and those with a failed delivery.
    public let incompleteDeletions: Int
    public let failedErasureDeliveries: Int
    /// Days in the next two weeks (today included) with no question scheduled.
    public let unscheduledDays: [String]

    static let lookahead = 14
}

/// The front page's figures, read together.
public struct Dashboard: Sendable {
    let store: StandStore
    let incompleteCounts: IncompleteDeletionCounts

    public init(store: StandStore, incompleteCounts: IncompleteDeletionCounts? = nil) {
        self.store = store
        self.incompleteCounts = incompleteCounts ?? IncompleteDeletionCounts()
    }

    public func summary(now: Date = Date()) async throws -> DashboardSummary {
        let today = UTCDate.day(now)
        let window = (0..<DashboardSummary.lookahead).map { UTCDate.day(UTCDate.adding(days: $0, to: now)) }
        let incompleteCounts = self.incompleteCounts.reading()
        return try await store.read { db in
            let unscheduled = try QuestionCalendar.emptyDays(db, in: window)
            // One statement for the three figures (on PostgreSQL each is a round trip), all kept by triggers.
            let counts = try StoreRow.fetchOne(db.cachedStatement(sql: """
                SELECT (SELECT value FROM counters WHERE name = 'users') AS users,
                       (SELECT value FROM counters WHERE name = 'suggestions.pending') AS suggestions,
                       (SELECT value FROM counters WHERE name = 'deletion_requests.pending') AS deletion_requests
                """))
            let incomplete = try incompleteCounts.read(db, now: now)
            return DashboardSummary(
                today: today,
                todaysQuestion: try QuestionResults.fetch(db, runsOn: today),
                userCount: counts?["users"] ?? 0,
                pendingSuggestions: counts?["suggestions"] ?? 0,
                pendingDeletionRequests: counts?["deletion_requests"] ?? 0,
                incompleteDeletions: incomplete.count,
                failedErasureDeliveries: incomplete.failed,
                unscheduledDays: unscheduled
            )
        }
    }
}
