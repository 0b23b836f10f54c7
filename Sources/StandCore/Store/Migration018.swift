import GRDB

/// 018: staff sessions in view, the two-step sign-in, and the owners'
/// second-factor requirement.
///
/// - `staff_sessions` gains `reference` (a random handle that names a session
///   on pages and in forms: the id is the cookie and is never shown),
///   `confirmed_at` (the last time the password, and the code when there is
///   one, were checked for this session: sign-in or a re-confirmation; the
///   riskiest actions ask again when it is more than 15 minutes old),
///   `user_agent` and `address` (the browser and IP address at sign-in, for
///   the list of sessions). Rows from before take their sign-in time.
/// - `sign_in_challenges`: a sign-in between its password and its code,
///   named by a random token in a cookie for 5 minutes. `password_ok` is the
///   answer the first step kept to itself, so that nothing says whether the
///   password was right until the code is checked too. `code_tries` counts
///   the codes sent for it: the first rides on the failure the first step
///   already counted, each further one counts again.
/// - `console_settings`: settings owners change from the console, one row
///   each (`second_factor_required` = `on` or `off`).
enum Migration018 {
    static func apply(_ db: Database) throws {
        try db.execute(sql: """
            ALTER TABLE staff_sessions ADD COLUMN reference TEXT;
            ALTER TABLE staff_sessions ADD COLUMN confirmed_at TEXT;
            ALTER TABLE staff_sessions ADD COLUMN user_agent TEXT;
            ALTER TABLE staff_sessions ADD COLUMN address TEXT;
            UPDATE staff_sessions SET reference = lower(hex(randomblob(8))), confirmed_at = created_at;
            CREATE UNIQUE INDEX staff_sessions_reference ON staff_sessions(reference);
            CREATE TABLE sign_in_challenges (
                token TEXT PRIMARY KEY,
                email TEXT NOT NULL COLLATE NOCASE,
                staff_id INTEGER REFERENCES staff(id) ON DELETE CASCADE,
                password_ok INTEGER NOT NULL,
                code_tries INTEGER NOT NULL DEFAULT 0,
                created_at TEXT NOT NULL,
                expires_at TEXT NOT NULL
            ) WITHOUT ROWID;
            CREATE TABLE console_settings (
                name TEXT PRIMARY KEY,
                value TEXT NOT NULL,
                changed_at TEXT NOT NULL,
                changed_by INTEGER REFERENCES staff(id)
            );
            """)
    }
}
