import Foundation

/// A request to erase an account, from the app or opened by staff.
public struct DeletionRequest: Sendable, Equatable, StoreRecord {
    public enum Status: String, Sendable, CaseIterable {
        case pending, done, cancelled
    }

    public let id: Int64
    public let userUUID: String
    /// Whether the account still exists (a pending request's account always should).
    public let accountExists: Bool
    /// The account's email while it exists, so support sees who asked.
    public let accountEmail: String?
    public let source: String
    public let status: Status
    public let note: String?
    public let openedByEmail: String?
    public let resolvedByEmail: String?
    public let createdAt: Date
    public let resolvedAt: Date?
    /// When the account was deleted, if it was.
    public let deletedAt: Date?
    /// When its bytes left the store; nil while the erasure is pending.
    public let erasedAt: Date?
    /// The engine that holds the store: what `erasedAt` means (`StoreErasure`).
    public let storedOn: StoreEngine
    /// The reason staff gave when they deleted the account (kept in its tombstone).
    public let deletionReason: String?
    /// "Suspended until …" while the account is suspended (nil otherwise).
    public let suspension: String?

    public init(row: StoreRow) {
        id = row["id"]
        userUUID = row["user_uuid"]
        accountExists = row["account_exists"]
        accountEmail = row["account_email"]
        source = row["source"]
        status = Status(rawValue: row["status"]) ?? .pending
        note = row["note"]
        openedByEmail = row["opened_by_email"]
        resolvedByEmail = row["resolved_by_email"]
        createdAt = row.timestamp("created_at") ?? .distantPast
        resolvedAt = row.timestamp("resolved_at")
        deletedAt = row.timestamp("deleted_at")
        erasedAt = row.timestamp("erased_at")
        storedOn = row.engine
        deletionReason = row["deletion_reason"]
        suspension = AccountSuspensions.listLabel(row)
    }

    /// Whole days from the request to `now`, or to its resolution once resolved.
    public func ageInDays(at now: Date = Date()) -> Int {
        max(0, Int((resolvedAt ?? now).timeIntervalSince(createdAt) / 86_400))
    }

    static let columns = EngineSQL { engine in """
        SELECT r.id, r.user_uuid, r.user_id IS NOT NULL AS account_exists, u.email AS account_email, r.source, r.status, r.note,
               r.created_at, r.resolved_at, o.email AS opened_by_email, v.email AS resolved_by_email,
               d.deleted_at, d.erased_at, d.reason AS deletion_reason,
               \(AccountSuspensions.listColumn(userId: "r.user_id", engine))
        """ }

    /// Joined to `r`, the requests themselves.
    static let joins = """
        LEFT JOIN users u ON u.id = r.user_id
        LEFT JOIN deleted_accounts d ON d.uuid = r.user_uuid
        LEFT JOIN staff o ON o.id = r.opened_by
        LEFT JOIN staff v ON v.id = r.resolved_by
        """

    static let select = EngineSQL { columns[$0] + " FROM deletion_requests r " + joins }

    /// What `/deletion-requests` shows: a page of the requests with one status
    /// (nil: every status), oldest first, keyset-paginated (`after` is the id
    /// of the last one shown); the tabs' counts (kept by triggers, migration
    /// 023); and the oldest incomplete deletions.
    ///
    /// On PostgreSQL in one statement (`listPageSQL`), since there each
    /// statement is a round trip: 2,254-2,403 req/s against 1,893-2,225 with
    /// three (the 10,000,000-account bench, 16 connections, the two builds
    /// alternating). On SQLite a statement is a call, and the one statement,
    /// which sorts its page again once joined, was slower in 7 of 8 runs
    /// (4,205-5,679 req/s against 4,401-6,142), so it stays three.
    static func listPage(_ db: StoreDatabase, status: Status?, after: Int64?, limit: Int,
                         incompleteShown: Int, incompleteCounts: IncompleteDeletionCounts.Reading) throws -> DeletionRequests.ListPage {
        switch db.engine {
        case .postgres: try listPageInOneStatement(db, status: status, after: after, limit: limit, incompleteShown: incompleteShown, incompleteCounts: incompleteCounts)
        case .sqlite: try listPageStatementByStatement(db, status: status, after: after, limit: limit, incompleteShown: incompleteShown, incompleteCounts: incompleteCounts)
        }
    }

    static func listPageStatementByStatement(_ db: StoreDatabase, status: Status?, after: Int64?, limit: Int,
                                             incompleteShown: Int, incompleteCounts: IncompleteDeletionCounts.Reading) throws -> DeletionRequests.ListPage {
        let (sql, arguments) = listSQL(db.engine, status: status, after: after, limit: limit)
        // Cached: the list's SQL has a few shapes (status, cursor or not).
        let requests = try DeletionRequest.fetchAll(db.cachedStatement(sql: sql), arguments: arguments)
        return DeletionRequests.ListPage(
            requests: KeysetPage(items: requests, limit: limit, cursor: { $0.id }),
            counts: try StatusCounters<Status>.read(db, table: "deletion_requests"),
            incomplete: try IncompleteDeletions.read(db, limit: incompleteShown, counts: incompleteCounts))
    }

    /// The counts and the incomplete deletions' accounts are one row (`h`)
    /// that the page's requests are joined to; a page without requests is
    /// that row alone.
    static func listPageInOneStatement(_ db: StoreDatabase, status: Status?, after: Int64?, limit: Int,
                                       incompleteShown: Int, incompleteCounts: IncompleteDeletionCounts.Reading) throws -> DeletionRequests.ListPage {
        let (sql, arguments) = listPageSQL(db.engine, status: status, after: after, limit: limit, incompleteShown: incompleteShown)
        let rows = try StoreRow.fetchAll(db.cachedStatement(sql: sql), arguments: arguments)
        let requests = rows.filter { ($0["id"] as Int64?) != nil }.map(DeletionRequest.init(row:))
        let accounts = rows.first.flatMap { $0["incomplete_accounts"] as String? }?.split(separator: ",").map(String.init) ?? []
        return DeletionRequests.ListPage(
            requests: KeysetPage(items: requests, limit: limit, cursor: { $0.id }),
            counts: rows.first.map { StatusCounters<Status>.counts(in: $0) } ?? [:],
            incomplete: try IncompleteDeletions.read(db, accounts: accounts, limit: incompleteShown, counts: incompleteCounts))
    }

    static func listPageSQL(_ engine: StoreEngine, status: Status?, after: Int64?, limit: Int, incompleteShown: Int) -> (String, StoreArguments) {
        let (list, arguments) = listSQL(engine, status: status, after: after, limit: limit)
        let heading = "SELECT " + StatusCounters<Status>.columns(of: "deletion_requests")
            + ", (SELECT " + engine.joined("account_uuid", separator: ",", orderedBy: "account_uuid")
            + " FROM (" + IncompleteDeletions.oldestAccountsSQL + ") AS incomplete) AS incomplete_accounts"
        return ("SELECT h.*, r.* FROM (" + heading + ") h LEFT JOIN (" + list + ") r ON 1 = 1 ORDER BY r.created_at, r.id",
                [incompleteShown, incompleteShown] + arguments)
    }

    /// One status's requests come by `deletion_requests_by_status`, every status's by `deletion_requests_by_created`.
    ///
    /// The page's requests are chosen first and only they are joined: joined
    /// first, every request of the list met its account, tombstone, staff and
    /// suspension before the sort kept a page of them (with the app adding
    /// 2,300 pending requests at 10,000,000 accounts, `status=all` took
    /// 140–250 ms at p99; 70 ms with this, as the pending tab).
    static func listSQL(_ engine: StoreEngine, status: Status?, after: Int64?, limit: Int) -> (String, StoreArguments) {
        var conditions: [String] = []
        var arguments: StoreArguments = []
        if let status {
            conditions.append("status = ?")
            arguments += [status.rawValue]
        }
        if let after {
            conditions.append("(created_at, id) > (SELECT created_at, id FROM deletion_requests WHERE id = ?)")
            arguments += [after]
        }
        var page = "SELECT * FROM deletion_requests"
        if !conditions.isEmpty { page += " WHERE " + conditions.joined(separator: " AND ") }
        page += " ORDER BY created_at, id" + StoreSQL.limit(limit + 1)
        return (columns[engine] + " FROM (" + page + ") r " + joins + " ORDER BY r.created_at, r.id", arguments)
    }

    /// The ids of an account's pending requests, found by its id or by its UUID
    /// (arguments in that order), each through its own index. Asked as
    /// `(user_id = ? OR user_uuid = ?) AND status = 'pending'`, SQLite walked
    /// every pending request instead: 3.3 ms at 33,000 pending, twice inside
    /// a deletion's write, while every other writer waited.
    static let pendingForAccount = """
        SELECT id FROM deletion_requests WHERE user_id = ? AND status = 'pending'
        UNION SELECT id FROM deletion_requests WHERE user_uuid = ? AND status = 'pending'
        """

    /// Every request about one account, newest first.
    public static func forAccount(_ db: StoreDatabase, uuid: String) throws -> [DeletionRequest] {
        try DeletionRequest.fetchAll(db.cachedStatement(sql: select[db.engine] + " WHERE r.user_uuid = ? ORDER BY r.created_at DESC, r.id DESC"), arguments: [uuid])
    }

    public static func find(_ db: StoreDatabase, id: Int64) throws -> DeletionRequest? {
        try DeletionRequest.fetchOne(db.cachedStatement(sql: select[db.engine] + " WHERE r.id = ?"), arguments: [id])
    }
}

/// Deletion requests: listed by status, and opened or cancelled by staff.
public struct DeletionRequests: Sendable {
    let store: StandStore
    let incompleteCounts: IncompleteDeletionCounts

    public init(store: StandStore, incompleteCounts: IncompleteDeletionCounts? = nil) {
        self.store = store
        self.incompleteCounts = incompleteCounts ?? IncompleteDeletionCounts()
    }

    public static let maximumNoteLength = 500

    /// What `/deletion-requests` shows, read in one transaction.
    public struct ListPage: Sendable {
        public let requests: KeysetPage<DeletionRequest, Int64>
        /// How many requests each status has (for the tabs).
        public let counts: [DeletionRequest.Status: Int]
        public let incomplete: IncompleteDeletions
    }

    /// One page of a status's list, the counts and the oldest incomplete deletions.
    public func list(status: DeletionRequest.Status?, after: Int64?, limit: Int, incompleteShown: Int) async throws -> ListPage {
        let incompleteCounts = self.incompleteCounts.reading()
        return try await store.read { db in
            try DeletionRequest.listPage(db, status: status, after: after, limit: limit,
                                         incompleteShown: incompleteShown, incompleteCounts: incompleteCounts)
        }
    }

    public func find(id: Int64) async throws -> DeletionRequest? {
        try await store.read { db in try DeletionRequest.find(db, id: id) }
    }

    /// Support records a request that reached them outside the app (email, phone call).
    /// One pending request per account is enough: a second one returns the first.
    @discardableResult
    public func open(uuid: String, note: String, by actor: AuditActor, now: Date = Date()) async throws -> Int64? {
        let note = note.trimmingCharacters(in: .whitespacesAndNewlines)
        var errors = ValidationErrors()
        TextInput.check(note, field: "note", multiline: true, into: &errors)
        if note.count > Self.maximumNoteLength { errors.add("note", "Keep the note under \(Self.maximumNoteLength) characters.") }
        try errors.throwIfAny()
        return try await store.write { db -> Int64? in
            guard let account = try UserAccount.find(db, uuid: uuid) else { return nil }
            if let pending = try Int64.fetchOne(db, sql: "SELECT id FROM deletion_requests WHERE user_uuid = ? AND status = 'pending'", arguments: [uuid]) {
                return pending
            }
            let id = try db.insertReturningId(sql: """
                INSERT INTO deletion_requests (user_id, user_uuid, source, opened_by, note, created_at)
                VALUES (?, ?, 'staff', ?, ?, ?)
                """, arguments: [account.id, uuid, actor.staffId, note.isEmpty ? nil : note, now])
            try AuditLog.record(db, .deletionRequestOpened, by: actor, target: (AuditTarget.user, uuid), detail: "request \(id)", at: now)
            return id
        }
    }

    /// The person changed their mind, or the request was a mistake. Pending requests only.
    /// Returns the request as it was before, or nil when it is not pending any
    /// more (done or cancelled meanwhile) or does not exist.
    public func cancel(id: Int64, reason: String, by actor: AuditActor, now: Date = Date()) async throws -> DeletionRequest? {
        let reason = reason.trimmingCharacters(in: .whitespacesAndNewlines)
        var errors = ValidationErrors()
        TextInput.check(reason, field: "reason", into: &errors)
        KeptText.check(reason, field: "reason", into: &errors)
        if reason.isEmpty { errors.add("reason", "Say why the request is cancelled.") }
        if reason.count > Self.maximumNoteLength { errors.add("reason", "Keep the reason under \(Self.maximumNoteLength) characters.") }
        try errors.throwIfAny()
        return try await store.write { db in
            guard let request = try DeletionRequest.find(db, id: id), request.status == .pending else { return nil }
            try db.execute(sql: """
                UPDATE deletion_requests SET status = 'cancelled', resolved_at = ?, resolved_by = ?,
                    note = CASE WHEN note IS NULL THEN ? ELSE note || ? END
                WHERE id = ?
                """, arguments: [now, actor.staffId, "Cancelled: " + reason, "\nCancelled: " + reason, id])
            try AuditLog.record(db, .deletionRequestCancelled, by: actor, target: (AuditTarget.user, request.userUUID), detail: "request \(id)", at: now)
            return request
        }
    }
}
