import Foundation

/// A question an app user suggested. Its text is hostile until escaped.
public struct Suggestion: Sendable, StoreRecord {
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

    public init(row: StoreRow) throws {
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

    public static func find(_ db: StoreDatabase, id: Int64) throws -> Suggestion? {
        try Suggestion.fetchOne(db.cachedStatement(sql: select + " WHERE s.id = ?"), arguments: [id])
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

}
