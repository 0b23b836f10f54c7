import GRDB

/// 023: how many suggestions and deletion requests have each status, kept by
/// triggers in `counters`.
///
/// The dashboard and the two queues counted them at every view. The app adds
/// suggestions and requests all day and a backlog is only worked down by
/// staff, so the counts grew with it: at 24,000 pending requests the count
/// was a third of `/deletion-requests`' time while the app wrote (each write
/// of the app empties SQLite's page cache, so every count read its index
/// from the file again). Kept by triggers, any writer keeps them right, and
/// a view reads six rows. Rows are named `suggestions.<status>` and
/// `deletion_requests.<status>`, one for every status the table allows.
enum Migration023 {
    static func apply(_ db: Database) throws {
        try db.execute(sql: """
            INSERT INTO counters (name, value)
            SELECT 'suggestions.' || status.name, (SELECT COUNT(*) FROM suggestions WHERE suggestions.status = status.name)
            FROM (SELECT 'pending' AS name UNION ALL SELECT 'approved' UNION ALL SELECT 'rejected') AS status;
            INSERT INTO counters (name, value)
            SELECT 'deletion_requests.' || status.name, (SELECT COUNT(*) FROM deletion_requests WHERE deletion_requests.status = status.name)
            FROM (SELECT 'pending' AS name UNION ALL SELECT 'done' UNION ALL SELECT 'cancelled') AS status;

            CREATE TRIGGER suggestions_count_insert AFTER INSERT ON suggestions BEGIN
                UPDATE counters SET value = value + 1 WHERE name = 'suggestions.' || NEW.status;
            END;
            CREATE TRIGGER suggestions_count_update AFTER UPDATE OF status ON suggestions WHEN OLD.status IS NOT NEW.status BEGIN
                UPDATE counters SET value = value - 1 WHERE name = 'suggestions.' || OLD.status;
                UPDATE counters SET value = value + 1 WHERE name = 'suggestions.' || NEW.status;
            END;
            CREATE TRIGGER suggestions_count_delete AFTER DELETE ON suggestions BEGIN
                UPDATE counters SET value = value - 1 WHERE name = 'suggestions.' || OLD.status;
            END;

            CREATE TRIGGER deletion_requests_count_insert AFTER INSERT ON deletion_requests BEGIN
                UPDATE counters SET value = value + 1 WHERE name = 'deletion_requests.' || NEW.status;
            END;
            CREATE TRIGGER deletion_requests_count_update AFTER UPDATE OF status ON deletion_requests WHEN OLD.status IS NOT NEW.status BEGIN
                UPDATE counters SET value = value - 1 WHERE name = 'deletion_requests.' || OLD.status;
                UPDATE counters SET value = value + 1 WHERE name = 'deletion_requests.' || NEW.status;
            END;
            CREATE TRIGGER deletion_requests_count_delete AFTER DELETE ON deletion_requests BEGIN
                UPDATE counters SET value = value - 1 WHERE name = 'deletion_requests.' || OLD.status;
            END;
            """)
    }
}
