import GRDB

/// 011: a sweepstakes created by mistake can be cancelled.
///
/// A cancelled sweepstakes keeps its row, entries and audit trail, with who
/// cancelled it, when and why. Its `status` becomes `closed`, so a program
/// that knows only `open|closed|drawn` (the app's backend) already stops
/// awarding entries to it; `cancelled_at` says it will never be drawn.
enum Migration011 {
    static func apply(_ db: Database) throws {
        try db.execute(sql: """
            ALTER TABLE sweepstakes ADD COLUMN cancelled_at TEXT;
            ALTER TABLE sweepstakes ADD COLUMN cancelled_by INTEGER REFERENCES staff(id);
            ALTER TABLE sweepstakes ADD COLUMN cancel_reason TEXT;
            """)
    }
}
