import Foundation

/// What an account has done: answers, sweepstakes entries, deletion requests,
/// and what staff have done to it. Each read is on an index keyed by the user.
public enum UserActivity {
    public struct Answer: Sendable, Equatable, StoreRecord {
        public let id: Int64
        public let runsOn: String
        public let question: String
        public let choice: String
        public let answeredAt: Date

        public init(row: StoreRow) {
            id = row["id"]
            runsOn = row["runs_on"]
            question = row["question"]
            choice = row["choice"]
            answeredAt = row.timestamp("answered_at") ?? .distantPast
        }
    }

    /// Newest first, keyset on `(answered_at, id)`; `before` is the id of the last answer shown.
    public static func answers(_ db: StoreDatabase, userId: Int64, before: Int64?, limit: Int) throws -> KeysetPage<Answer, Int64> {
        var sql = """
            SELECT a.id, a.answered_at, q.runs_on, q.text AS question, c.text AS choice
            FROM answers a
            JOIN daily_questions q ON q.id = a.question_id
            JOIN question_choices c ON c.question_id = a.question_id AND c.position = a.choice_position
            WHERE a.user_id = ?
            """
        var arguments: StoreArguments = [userId]
        if let before {
            sql += " AND (a.answered_at, a.id) < (SELECT answered_at, id FROM answers WHERE id = ?)"
            arguments += [before]
        }
        sql += " ORDER BY a.answered_at DESC, a.id DESC" + StoreSQL.limit(limit + 1)
        return KeysetPage(items: try Answer.fetchAll(db.cachedStatement(sql: sql), arguments: arguments), limit: limit, cursor: { $0.id })
    }

    /// Entries of one account in one sweepstakes, totalled.
    public struct SweepstakesEntries: Sendable, Equatable, StoreRecord {
        public let sweepstakesId: Int64
        public let name: String
        public let status: String
        /// Entries that count (not voided), summed over their quantities.
        public let entries: Int
        public let voided: Int
        public let grants: Int

        public init(row: StoreRow) {
            sweepstakesId = row["sweepstakes_id"]
            name = row["name"]
            status = row["status"]
            entries = row["entries"]
            voided = row["voided"]
            grants = row["grants"]
        }
    }

    public static func entries(_ db: StoreDatabase, userId: Int64) throws -> [SweepstakesEntries] {
        try SweepstakesEntries.fetchAll(db.cachedStatement(sql: """
            SELECT e.sweepstakes_id, s.name, s.status,
                   COALESCE(SUM(CASE WHEN e.voided = 0 THEN e.quantity END), 0) AS entries,
                   COALESCE(SUM(CASE WHEN e.voided = 1 THEN e.quantity END), 0) AS voided,
                   COUNT(*) AS grants
            FROM sweepstakes_entries e JOIN sweepstakes s ON s.id = e.sweepstakes_id
            WHERE e.user_id = ?
            GROUP BY e.sweepstakes_id, s.id ORDER BY s.starts_on DESC, s.id DESC
            """), arguments: [userId])
    }

    /// Staff actions on this account, newest first (the audit trail keys them by
    /// UUID). Page views are left out: they would push edits and requests off
    /// the list after a few lookups; `views` sums them up instead.
    public static func auditEvents(_ db: StoreDatabase, uuid: String, limit: Int) throws -> [AuditEvent] {
        try AuditEvent.fetchAll(db.cachedStatement(sql: auditEventsSQL(db.engine, limit: limit)), arguments: [AuditTarget.user, uuid])
    }

    /// `action <> 'user.viewed'` spelt out: the partial index `audit_changes_by_target`
    /// (migration 004) needs it.
    ///
    /// PostgreSQL takes the target and the action as unrelated, so given the
    /// account's UUID it judged an account opened 60,000 times to own most of
    /// the store's changes too, and walked them all newest first (`audit_changes`,
    /// filtered by target) to find its 20: 3.4 ms a view on the bench's store,
    /// where the account's own index takes 0.06. Given the UUID as a subquery's
    /// value, unknown when it plans, it counts on an account's share of the rows.
    static func auditEventsSQL(_ engine: StoreEngine, limit: Int) -> String {
        let account = engine.parameterUnseenByPlanner(as: "TEXT")
        return "SELECT * FROM audit_events WHERE target_type = ? AND target_id = \(account) AND action <> 'user.viewed' ORDER BY id DESC"
            + StoreSQL.limit(limit)
    }

    /// How often staff opened this account's page, and the last time.
    public struct Views: Sendable, Equatable {
        /// Views are counted up to this many: an account opened for years must not
        /// make its page slower with every visit, and past it the number says nothing more.
        public static let countLimit = 1_000

        /// Exact up to `countLimit`; `countLimit + 1` means "more than `countLimit`".
        public let count: Int
        public let lastAt: Date?
        public let lastBy: String?

        public var isOverLimit: Bool { count > Self.countLimit }
    }

    /// The account with what its page heads with, the number of answers and
    /// the staff views, in one statement: on PostgreSQL every statement is a
    /// round trip and about 0.2 ms of CPU across server, client and kernel,
    /// and the account page is the one support opens most.
    public struct Heading: Sendable {
        public let account: UserAccount
        public let answerCount: Int
        public let views: Views
    }

    /// Views are counted on the partial index `audit_views_by_target` (migration
    /// 004). SQLite reads each counted event's row as well (a partial index covers
    /// only the columns it holds), so the count stops one past the limit.
    static let headingSQL = """
        SELECT \(UserAccount.columns),
               (SELECT COUNT(*) FROM answers WHERE user_id = users.id) AS answer_count,
               (SELECT COUNT(*) FROM (
                   SELECT 1 FROM audit_events WHERE target_type = ? AND target_id = ? AND action = 'user.viewed'\(StoreSQL.limit(Views.countLimit + 1))
               ) AS views) AS view_count,
               (SELECT occurred_at FROM audit_events WHERE target_type = ? AND target_id = ? AND action = 'user.viewed'
                ORDER BY id DESC LIMIT 1) AS last_viewed_at,
               (SELECT staff_email FROM audit_events WHERE target_type = ? AND target_id = ? AND action = 'user.viewed'
                ORDER BY id DESC LIMIT 1) AS last_viewed_by
        FROM users WHERE uuid = ?
        """

    public static func heading(_ db: StoreDatabase, uuid: String) throws -> Heading? {
        let target: StoreArguments = [AuditTarget.user, uuid]
        guard let row = try StoreRow.fetchOne(db.cachedStatement(sql: headingSQL), arguments: target + target + target + [uuid]) else { return nil }
        return Heading(account: UserAccount(row: row), answerCount: row["answer_count"],
                       views: Views(count: row["view_count"], lastAt: row.timestamp("last_viewed_at"), lastBy: row["last_viewed_by"]))
    }
}
