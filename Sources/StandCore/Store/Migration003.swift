import GRDB

/// 003: erasure that survives a restart, and sign-in lockout per email address.
///
/// - `deleted_accounts.erased_at`: NULL while the deleted person's bytes may
///   still be in the file or its WAL (another program's read snapshot blocked
///   the TRUNCATE checkpoint); set once a checkpoint succeeded after the
///   deletion. Tombstones written before this migration start as pending: the
///   first checkpoint settles them.
/// - `sign_in_throttle`: failed sign-ins and lockouts by the email typed, for
///   every address, whether or not a staff account has it, so the lockout
///   cannot tell which staff emails exist. It replaces `staff.failed_logins`
///   and `staff.locked_until`.
enum Migration003 {
    static func apply(_ db: Database) throws {
        try db.execute(sql: """
            ALTER TABLE deleted_accounts ADD COLUMN erased_at TEXT;
            CREATE INDEX deleted_accounts_erasure_pending ON deleted_accounts(deleted_at) WHERE erased_at IS NULL;

            CREATE TABLE sign_in_throttle (
                email TEXT PRIMARY KEY COLLATE NOCASE,
                failures INTEGER NOT NULL CHECK (failures >= 0),
                locked_until TEXT,
                last_failure_at TEXT NOT NULL
            ) WITHOUT ROWID;
            ALTER TABLE staff DROP COLUMN failed_logins;
            ALTER TABLE staff DROP COLUMN locked_until;
            """)
    }
}
