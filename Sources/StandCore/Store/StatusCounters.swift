/// How many rows of a table have each status, as its triggers keep them in
/// `counters` (migration 023): `<table>.<status>`, one row per status.
enum StatusCounters<Status: RawRepresentable & CaseIterable & Hashable> where Status.RawValue == String {
    /// The counters' names, spelt out: a statement of literals is compiled once and cached.
    static func names(of table: String) -> String {
        Status.allCases.map { "'\(table).\($0.rawValue)'" }.joined(separator: ", ")
    }

    /// The counts as columns of a row of another statement (`<status>_count`,
    /// NULL for a status without a counter), read back by `counts(in:)`.
    static func columns(of table: String) -> String {
        Status.allCases.map { "(SELECT value FROM counters WHERE name = '\(table).\($0.rawValue)') AS \($0.rawValue)_count" }
            .joined(separator: ", ")
    }

    static func counts(in row: StoreRow) -> [Status: Int] {
        var counts: [Status: Int] = [:]
        for status in Status.allCases {
            if let count = row["\(status.rawValue)_count"] as Int? { counts[status] = count }
        }
        return counts
    }

    static func read(_ db: StoreDatabase, table: String) throws -> [Status: Int] {
        var counts: [Status: Int] = [:]
        let sql = "SELECT name, value FROM counters WHERE name IN (\(names(of: table)))"
        for row in try StoreRow.fetchAll(db.cachedStatement(sql: sql)) {
            let name: String = row[0]
            if let status = Status(rawValue: String(name.dropFirst(table.count + 1))) { counts[status] = row[1] }
        }
        return counts
    }
}
