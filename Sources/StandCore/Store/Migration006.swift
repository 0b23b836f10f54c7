import GRDB

/// 006: suggestions reviewed with a note, and listed by review.
///
/// - `suggestions.review_note`: why a suggestion was rejected (optional),
///   written by the console; NULL for pending and approved ones.
/// - `suggestions_reviewed`: the approved and rejected lists, newest review
///   first, without reading the pending ones.
enum Migration006 {
    static func apply(_ db: Database) throws {
        try db.execute(sql: """
            ALTER TABLE suggestions ADD COLUMN review_note TEXT;
            CREATE INDEX suggestions_reviewed ON suggestions(status, reviewed_at, id) WHERE status <> 'pending';
            """)
    }
}
