import GRDB

/// 014: support's account tools.
///
/// - `account_suspensions`: an account suspended from `starts_at` until
///   `ends_at` (NULL: until lifted), by whom and why; lifted early with
///   `lifted_at`, `lifted_by`, `lift_reason`. Rows are history: a suspension
///   is in force at time T when `starts_at <= T`, `ends_at` is NULL or after
///   T, and `lifted_at` is NULL or after T, so it ends by itself at the time
///   given, and a draw can ask who was suspended on its day. The reason is
///   staff's words about a person: the rows go with the account
///   (`ON DELETE CASCADE`).
/// - `users.tokens_valid_after`: "sign out everywhere". The app's backend
///   refuses every token issued before it (Firebase's `tokensValidAfterTime`).
enum Migration014 {
    static func apply(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE account_suspensions (
                id INTEGER PRIMARY KEY,
                user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                starts_at TEXT NOT NULL,
                ends_at TEXT,
                reason TEXT NOT NULL,
                suspended_by INTEGER REFERENCES staff(id),
                lifted_at TEXT,
                lifted_by INTEGER REFERENCES staff(id),
                lift_reason TEXT,
                CHECK (ends_at IS NULL OR ends_at > starts_at)
            );
            CREATE INDEX account_suspensions_by_user ON account_suspensions(user_id, starts_at);
            ALTER TABLE users ADD COLUMN tokens_valid_after TEXT;
            """)
    }
}
