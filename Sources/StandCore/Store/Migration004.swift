import GRDB

/// 004: the audit log without page views, fast.
///
/// `user.viewed` events are most of the trail and the log hides them unless
/// asked; walking `id` backwards past thousands of views to fill a page was
/// the slow path. A partial index holds only the other events. (SQLite uses
/// it only when the query spells `action <> 'user.viewed'` literally.)
enum Migration004 {
    static func apply(_ db: Database) throws {
        try db.execute(sql: """
            CREATE INDEX audit_changes ON audit_events(id) WHERE action <> 'user.viewed';
            """)
    }
}
