import GRDB

/// 002: deletion requests found by the account's UUID (the user page lists
/// them; the app writes `user_uuid` for every request, `user_id` goes NULL
/// once the account is deleted).
enum Migration002 {
    static func apply(_ db: Database) throws {
        try db.execute(sql: "CREATE INDEX deletion_requests_by_uuid ON deletion_requests(user_uuid)")
    }
}
