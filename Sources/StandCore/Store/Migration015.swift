import GRDB

/// 015: notes on an account.
///
/// `account_notes`: free text staff write about an account, with author and
/// time. A note is personal data: it goes with the account
/// (`ON DELETE CASCADE`; `secure_delete` zeroes its bytes) and is part of the
/// person's data export. Index `(user_id, created_at, id)` for the newest-first list.
enum Migration015 {
    static func apply(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE account_notes (
                id INTEGER PRIMARY KEY,
                user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                author_id INTEGER REFERENCES staff(id),
                body TEXT NOT NULL CHECK (length(body) BETWEEN 1 AND 4000),
                created_at TEXT NOT NULL
            );
            CREATE INDEX account_notes_by_user ON account_notes(user_id, created_at, id);
            """)
    }
}
