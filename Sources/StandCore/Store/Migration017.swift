import GRDB

/// 017: a staff member's second factor (TOTP, RFC 6238).
///
/// - `staff_second_factors`: one row per staff member who started enrolling:
///   the shared secret (base32; the console must read it to check a code),
///   `confirmed_at` (NULL until the first code confirmed it: only then does
///   sign-in ask for codes), and `last_used_step`, the newest 30-second step
///   accepted, so no code is accepted twice.
/// - `staff_recovery_codes`: ten single-use codes per confirmed factor, kept
///   as SHA-256 hashes only; `used_at` once spent.
/// Neither is ever shown after enrolment, logged or put in the audit trail.
enum Migration017 {
    static func apply(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE staff_second_factors (
                staff_id INTEGER PRIMARY KEY REFERENCES staff(id),
                secret TEXT NOT NULL,
                created_at TEXT NOT NULL,
                confirmed_at TEXT,
                last_used_step INTEGER
            );
            CREATE TABLE staff_recovery_codes (
                staff_id INTEGER NOT NULL REFERENCES staff(id),
                code_hash TEXT NOT NULL,
                used_at TEXT,
                PRIMARY KEY (staff_id, code_hash)
            ) WITHOUT ROWID;
            """)
    }
}
