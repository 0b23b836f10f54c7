import Foundation

/// Accounts newest first, by creation time: keyset pages on the
/// `users_by_created (created_at, id)` index in both directions, never OFFSET
/// and never COUNT, so page 1,000 costs what page 1 does.
public struct UserDirectory: Sendable {
    let store: StandStore

    public init(store: StandStore) {
        self.store = store
    }

    /// Where a page starts: an account's `created_at` (as stored) and id.
    public typealias Cursor = TimeCursor

    public enum Position: Sendable, Equatable {
        case newest
        /// The page after this account (older ones).
        case olderThan(Cursor)
        /// The page before this account (newer ones).
        case newerThan(Cursor)
    }

    public struct Listing: Sendable {
        public let items: [UserSummary]
        /// Where the next (older) page starts; nil on the last page.
        public let older: Cursor?
        /// Where the previous (newer) page ends; nil on the first page.
        public let newer: Cursor?
        /// The newest accounts: a "previous" request that reached the top lands here.
        public let isFirstPage: Bool
    }

    public static func page(_ db: StoreDatabase, at position: Position, limit: Int) throws -> Listing {
        let select = "SELECT \(UserSummary.columns[db.engine]) FROM users"
        switch position {
        case .newest:
            let rows = try UserSummary.fetchAll(db.cachedStatement(sql: select + " ORDER BY created_at DESC, id DESC" + StoreSQL.limit(limit + 1)))
            return Listing(items: Array(rows.prefix(limit)), older: rows.count > limit ? rows[limit - 1].cursor : nil, newer: nil, isFirstPage: true)
        case .olderThan(let cursor):
            let rows = try UserSummary.fetchAll(db.cachedStatement(sql: select + """
                 WHERE (created_at, id) < (?, ?) ORDER BY created_at DESC, id DESC
                """ + StoreSQL.limit(limit + 1)), arguments: [cursor.time, cursor.id])
            let items = Array(rows.prefix(limit))
            return Listing(items: items, older: rows.count > limit ? items.last?.cursor : nil, newer: items.first?.cursor ?? cursor, isFirstPage: false)
        case .newerThan(let cursor):
            let rows = try UserSummary.fetchAll(db.cachedStatement(sql: select + """
                 WHERE (created_at, id) > (?, ?) ORDER BY created_at ASC, id ASC
                """ + StoreSQL.limit(limit + 1)), arguments: [cursor.time, cursor.id])
            // Back at the top: show a full first page rather than a short one.
            guard rows.count > limit else { return try page(db, at: .newest, limit: limit) }
            let items = Array(rows.prefix(limit).reversed())
            return Listing(items: items, older: items.last?.cursor, newer: items.first?.cursor, isFirstPage: false)
        }
    }

    public func page(at position: Position, limit: Int) async throws -> Listing {
        try await store.read { db in try Self.page(db, at: position, limit: limit) }
    }
}

extension UserSummary {
    var cursor: UserDirectory.Cursor { UserDirectory.Cursor(time: createdAtText, id: id) }
}

extension UserDirectory {
    public func find(uuid: String) async throws -> UserAccount? {
        try await store.read { db in try UserAccount.find(db, uuid: uuid) }
    }

    public func search(_ query: UserQuery, after: String? = nil, limit: Int) async throws -> UserSearch.Outcome {
        try await store.read { db in try UserSearch.run(db, query, after: after, limit: limit) }
    }

    public func overview(uuid: String, answersBefore: Int64?, answersLimit: Int, eventsLimit: Int) async throws -> UserOverview? {
        try await store.read { db in
            try UserOverview.load(db, uuid: uuid, answersBefore: answersBefore, answersLimit: answersLimit, eventsLimit: eventsLimit)
        }
    }
}
