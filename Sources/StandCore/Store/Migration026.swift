import GRDB

/// 026: a deletion in steps (`deletions_underway`).
///
/// Detaching a 2,000-answer account's answers in the deletion's one
/// transaction held SQLite's write lock 18 of its 30 ms, and every write of
/// the app waited behind it. A row here says the account is being deleted
/// (the app refuses it, as it refuses a suspended one); its answers are then
/// detached in batches, each a short transaction of its own, and the last
/// transaction deletes the account, which takes this row with it. A console
/// that stops between steps finishes the deletion when it starts again.
enum Migration026 {
    static func apply(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE deletions_underway (
                user_id INTEGER PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
                started_at TEXT NOT NULL,
                started_by INTEGER NOT NULL REFERENCES staff(id),
                reason TEXT NOT NULL,
                answers_detached INTEGER NOT NULL DEFAULT 0
            )
            """)
    }
}
