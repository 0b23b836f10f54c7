import GRDB

/// 024: deletion requests by `(created_at, id)`, for the list of every status.
///
/// The "All" tab pages every request oldest first. The only index led with
/// the status, so each view sorted the whole table to keep fifty: with the
/// app's 24,000 pending requests, 544 views a second at most and 62 ms at
/// p99 while the app wrote.
enum Migration024 {
    static func apply(_ db: Database) throws {
        try db.execute(sql: "CREATE INDEX deletion_requests_by_created ON deletion_requests(created_at, id)")
    }
}
