import GRDB

/// 004: the audit trail read fast although page views are most of it.
///
/// - `audit_changes`: the log hides `user.viewed` unless asked; walking `id`
///   backwards past thousands of views to fill a page was the slow path. A
///   partial index holds only the other events. (SQLite uses it only when the
///   query spells `action <> 'user.viewed'` literally.)
/// - `audit_views_by_target` and `audit_changes_by_target`: a user page counts
///   its views and lists the other events about the account; split this way,
///   neither reads the rows of the other (an account opened 7,000 times made
///   every open of it slower).
enum Migration004 {
    static func apply(_ db: Database) throws {
        try db.execute(sql: """
            CREATE INDEX IF NOT EXISTS audit_changes ON audit_events(id) WHERE action <> 'user.viewed';
            CREATE INDEX audit_views_by_target ON audit_events(target_type, target_id, id) WHERE action = 'user.viewed';
            CREATE INDEX audit_changes_by_target ON audit_events(target_type, target_id, id) WHERE action <> 'user.viewed';
            """)
    }
}
