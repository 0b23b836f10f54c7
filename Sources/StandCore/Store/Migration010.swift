import GRDB

/// 010: forms that submit once.
///
/// `form_submissions` holds the single-use id every rendered form carries,
/// with the form's action: the first POST with it inserts the row in the same
/// transaction as its change, so a repeat (a double-click, a second tab, the
/// back button) finds it and changes nothing. `outcome` is where the first
/// submission led (a console path), recorded just after its change, so a
/// repeat lands on the same page. Rows older than a day are pruned: no open
/// tab keeps a form that long (sessions end after 12 hours).
enum Migration010 {
    static func apply(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE form_submissions (
                token TEXT NOT NULL,
                path TEXT NOT NULL,
                staff_id INTEGER NOT NULL,
                submitted_at TEXT NOT NULL,
                outcome TEXT,
                PRIMARY KEY (token, path)
            ) WITHOUT ROWID;
            CREATE INDEX form_submissions_by_time ON form_submissions(submitted_at);
            """)
    }
}
