import Foundation
import GRDB

/// A question an app user suggested. Its text is hostile until escaped.
public struct Suggestion: Sendable, FetchableRecord {
    public enum Status: String, Sendable, CaseIterable {
        case pending, approved, rejected
    }

    public let id: Int64
    public let text: String
    public let status: Status
    public let createdAt: Date
    /// The suggesting user, while the account exists.
    public let userUUID: String?
    public let userEmail: String?
    public let reviewedAt: Date?
    public let reviewedByEmail: String?
    public let reviewNote: String?
    /// The question an approval became, while it is scheduled.
    public let questionId: Int64?
    public let questionRunsOn: String?

    public init(row: Row) throws {
        id = row["id"]
        text = row["text"]
        status = Status(rawValue: row["status"]) ?? .pending
        createdAt = row.timestamp("created_at") ?? .distantPast
        userUUID = row["user_uuid"]
        userEmail = row["user_email"]
        reviewedAt = row.timestamp("reviewed_at")
        reviewedByEmail = row["reviewer_email"]
        reviewNote = row["review_note"]
        questionId = row["question_id"]
        questionRunsOn = row["question_runs_on"]
    }

    static let select = """
        SELECT s.id, s.text, s.status, s.created_at, s.reviewed_at, s.review_note, s.question_id,
               u.uuid AS user_uuid, u.email AS user_email, st.email AS reviewer_email, q.runs_on AS question_runs_on
        FROM suggestions s
        LEFT JOIN users u ON u.id = s.user_id
        LEFT JOIN staff st ON st.id = s.reviewed_by
        LEFT JOIN daily_questions q ON q.id = s.question_id
        """

    public static func find(_ db: Database, id: Int64) throws -> Suggestion? {
        try Suggestion.fetchOne(db.cachedStatement(sql: select + " WHERE s.id = ?"), arguments: [id])
    }

    public static func find(_ store: StandStore, id: Int64) async throws -> Suggestion? {
        try await store.read { db in try find(db, id: id) }
    }
}

/// The suggestions lists: pending ones newest first (the partial index
/// `suggestions_pending`), reviewed ones by newest review (`suggestions_reviewed`),
/// 25 a page, keyset-paginated.
public enum SuggestionQueue {
    /// Where a page starts: the sort time (received, or reviewed) and id of the last row shown.
    public typealias Cursor = TimeCursor

    public struct Listing: Sendable {
        public let items: [Suggestion]
        public let next: Cursor?
        public let counts: [Suggestion.Status: Int]
    }

    public static let pageSize = 25

    public static func page(_ store: StandStore, status: Suggestion.Status, after cursor: Cursor?, limit: Int = pageSize) async throws -> Listing {
        try await store.read { db in
            let column = status == .pending ? "s.created_at" : "s.reviewed_at"
            // The status is spelt out, not bound: a bound value compared with the column of a
            // partial index's WHERE has SQLite recompile the statement at every run (StatementReuseTests).
            var sql = Suggestion.select + " WHERE s.status = '\(status.rawValue)'"
            var arguments: StatementArguments = []
            if let cursor {
                sql += " AND (\(column), s.id) < (?, ?)"
                arguments += [cursor.time, cursor.id]
            }
            sql += " ORDER BY \(column) DESC, s.id DESC LIMIT ?"
            arguments += [limit + 1]
            let rows = try Suggestion.fetchAll(db.cachedStatement(sql: sql), arguments: arguments)
            let items = Array(rows.prefix(limit))
            let next = rows.count > limit ? items.last.map { row in
                Cursor(time: StoreTimestamp.string(status == .pending ? row.createdAt : (row.reviewedAt ?? row.createdAt)), id: row.id)
            } : nil
            var counts: [Suggestion.Status: Int] = [:]
            for row in try Row.fetchAll(db.cachedStatement(sql: "SELECT status, COUNT(*) FROM suggestions GROUP BY status")) {
                if let status = Suggestion.Status(rawValue: row[0]) { counts[status] = row[1] }
            }
            return Listing(items: items, next: next, counts: counts)
        }
    }
}
