import Foundation

/// Writing and reading the audit trail.
public struct AuditLog: Sendable {
    let store: StandStore

    public init(store: StandStore) {
        self.store = store
    }

    /// Append an event inside the caller's transaction, so it commits or rolls
    /// back together with the change it describes.
    @discardableResult
    public static func record(
        _ db: StoreDatabase,
        _ action: AuditAction,
        by actor: AuditActor,
        target: (type: String, id: String)? = nil,
        detail: String? = nil,
        at now: Date = Date()
    ) throws -> AuditEvent {
        var event = AuditEvent(
            id: nil, occurredAt: now, staffId: actor.staffId, staffEmail: actor.email,
            action: action.rawValue, targetType: target?.type, targetId: target?.id,
            detail: detail, ip: actor.ip
        )
        try event.insert(db)
        return event
    }

    /// Events of one action, one per target, inserted in a single statement
    /// (a file of many changes applied at once). Made before the transaction
    /// that records them, statement compiled and values set but for the
    /// targets' ids, which the change itself may give (`record(targetIds:)`).
    struct Batch {
        let insert: StoreStatement
        let count: Int
        private var values: StoreArguments

        init(_ db: StoreDatabase, _ action: AuditAction, by actor: AuditActor, targetType: String, details: [String?], at now: Date) throws {
            insert = try db.makeStatement(sql: AuditEvent.insertInto + StoreArguments.rows(details.count, AuditEvent.valuesRow))
            count = details.count
            values = StoreArguments()
            for detail in details {
                values += AuditEvent(id: nil, occurredAt: now, staffId: actor.staffId, staffEmail: actor.email, action: action.rawValue,
                                     targetType: targetType, targetId: nil, detail: detail, ip: actor.ip).insertValues
            }
        }

        /// Inside the caller's transaction: the events, with these target ids in the order of `details`.
        func record(targetIds: [String]) throws {
            guard targetIds.count == count else { throw StoreDatabaseError.batchMismatch }
            let width = values.values.count / max(count, 1)
            var values = values
            for (event, targetId) in targetIds.enumerated() {
                values.values[event * width + AuditEvent.targetIdPosition] = .text(targetId)
            }
            try insert.execute(arguments: values)
        }
    }

    public struct Filter: Sendable, Equatable {
        public var staffId: Int64?
        public var action: AuditAction?
        public var targetType: String?
        public var targetId: String?
        /// From the start of this UTC day.
        public var from: Date?
        /// Up to the end of this UTC day.
        public var through: Date?
        /// `user.viewed` events swamp the rest: they are left out unless asked
        /// for (or their action is chosen).
        public var includeViews: Bool

        public init(staffId: Int64? = nil, action: AuditAction? = nil, targetType: String? = nil, targetId: String? = nil,
                    from: Date? = nil, through: Date? = nil, includeViews: Bool = false) {
            self.staffId = staffId
            self.action = action
            self.targetType = targetType
            self.targetId = targetId
            self.from = from
            self.through = through
            self.includeViews = includeViews
        }

        /// The filter in words and ids only, as an export's audit event keeps it:
        /// an account is named by its UUID, never by the email or phone typed to
        /// find it, so erasing a person never has to touch the audit log.
        public var auditDetail: String {
            var parts: [String] = []
            if let staffId { parts.append("by staff #\(staffId)") }
            if let action { parts.append("action \(action.rawValue)") }
            if let targetType, let targetId { parts.append("about \(targetType) \(targetId)") }
            if let from { parts.append("from \(UTCDate.day(from))") }
            if let through { parts.append("through \(UTCDate.day(through))") }
            if includeViews && action == nil { parts.append("with page views") }
            return parts.isEmpty ? "everything" : parts.joined(separator: ", ")
        }

        /// The WHERE clause (over `e`, the events) and its arguments.
        func sql(before: Int64?) -> (String, StoreArguments) {
            var conditions: [String] = []
            var arguments: StoreArguments = []
            if let staffId { conditions.append("e.staff_id = ?"); arguments += [staffId] }
            // Actions are spelt out, not bound (they are our own words, no quotes in them).
            // A bound value compared with the column of a partial index's WHERE has SQLite
            // recompile the statement at every run (StatementReuseTests), and only a literal
            // `<> 'user.viewed'` lets it use the partial index `audit_changes` (migration 004).
            if let action { conditions.append("e.action = '\(action.rawValue)'") }
            if action == nil && !includeViews {
                conditions.append("e.action <> '\(AuditAction.userViewed.rawValue)'")
            }
            if let targetType { conditions.append("e.target_type = ?"); arguments += [targetType] }
            if let targetId { conditions.append("e.target_id = ?"); arguments += [targetId] }
            if let from { conditions.append("e.occurred_at >= ?"); arguments += [UTCDate.day(from)] }
            if let through { conditions.append("e.occurred_at < ?"); arguments += [UTCDate.day(UTCDate.adding(days: 1, to: through))] }
            if let before { conditions.append("e.id < ?"); arguments += [before] }
            return (conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND "), arguments)
        }
    }

    /// An event with what its target is called now: the account's email (or
    /// "deleted account"), the staff member's email.
    public struct Entry: Sendable, StoreRecord {
        public let event: AuditEvent
        public let targetLabel: String?

        public init(row: StoreRow) throws {
            event = try AuditEvent(row: row)
            let email: String? = row["target_email"]
            let deleted: Bool = row["target_deleted"] ?? false
            targetLabel = email ?? (deleted ? "deleted account" : nil)
        }
    }

    static let entrySelect = """
        SELECT e.*,
               CASE e.target_type WHEN 'user' THEN u.email WHEN 'staff' THEN s.email END AS target_email,
               e.target_type = 'user' AND u.id IS NULL AND d.uuid IS NOT NULL AS target_deleted
        FROM audit_events e
        LEFT JOIN users u ON e.target_type = 'user' AND u.uuid = e.target_id
        LEFT JOIN deleted_accounts d ON e.target_type = 'user' AND d.uuid = e.target_id
        LEFT JOIN staff s ON e.target_type = 'staff' AND CAST(s.id AS TEXT) = e.target_id
        """

    /// Newest first, keyset-paginated by id: `before` is the last id of the previous page.
    public static func page(_ db: StoreDatabase, filter: Filter, before: Int64?, limit: Int) throws -> KeysetPage<Entry, Int64> {
        let (conditions, arguments) = filter.sql(before: before)
        // Cached: a filter's SQL has a few shapes, and preparing this join (and
        // GRDB's authorizer pass over it) on every view was 6% of the page's CPU.
        let statement = try db.cachedStatement(sql: entrySelect + conditions + " ORDER BY e.id DESC" + StoreSQL.limit(limit + 1))
        let rows = try Entry.fetchAll(statement, arguments: arguments)
        return KeysetPage(items: rows, limit: limit, cursor: { $0.event.id })
    }

    public func page(filter: Filter, before: Int64?, limit: Int) async throws -> KeysetPage<Entry, Int64> {
        try await store.read { db in try Self.page(db, filter: filter, before: before, limit: limit) }
    }

    /// What the audit page shows: a page of the filtered log (none when the
    /// filter has a problem) and every staff member for the filter's choices,
    /// read together: one trip to the store per view.
    public struct Listing: Sendable {
        public let entries: KeysetPage<Entry, Int64>?
        public let staff: [StaffMember]
    }

    public func listing(filter: Filter?, before: Int64?, limit: Int) async throws -> Listing {
        try await store.read { db in
            Listing(
                entries: try filter.map { try Self.page(db, filter: $0, before: before, limit: limit) },
                staff: try StaffAccounts.all(db))
        }
    }

    /// The filtered log, newest first, handed over `batchSize` events at a time:
    /// each batch is its own short read, so an export of the whole log neither
    /// holds a snapshot open for long nor holds the log in memory.
    public func export(
        filter: Filter, batchSize: Int = 500, _ handle: ([Entry]) async throws -> Void
    ) async throws {
        var before: Int64?
        while true {
            let page = try await page(filter: filter, before: before, limit: batchSize)
            if !page.items.isEmpty { try await handle(page.items) }
            guard let next = page.nextCursor else { return }
            before = next
        }
    }
}

extension AuditLog {
    /// An owner downloaded the log; `filter` is the export's address (filters only, no personal data beyond a typed target).
    public func recordExport(by actor: AuditActor, filter: Filter, at now: Date = Date()) async throws {
        try await store.write { db in
            try Self.record(db, .auditExported, by: actor, detail: filter.auditDetail, at: now)
            try ConsoleExports.record(db, .audit, by: actor, auditFilter: filter, at: now)
        }
    }
}
