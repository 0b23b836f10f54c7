import Foundation
import GRDB

/// Writing and reading the audit trail.
public enum AuditLog {
    /// Append an event inside the caller's transaction, so it commits or rolls
    /// back together with the change it describes.
    @discardableResult
    public static func record(
        _ db: Database,
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

    public struct Filter: Sendable, Equatable {
        public var staffId: Int64?
        public var action: String?
        public var targetType: String?
        public var targetId: String?

        public init(staffId: Int64? = nil, action: String? = nil, targetType: String? = nil, targetId: String? = nil) {
            self.staffId = staffId
            self.action = action
            self.targetType = targetType
            self.targetId = targetId
        }
    }

    /// Newest first, keyset-paginated by id: `before` is the last id of the previous page.
    public static func page(_ db: Database, filter: Filter, before: Int64?, limit: Int) throws -> Page<AuditEvent> {
        var request = AuditEvent.all()
        if let staffId = filter.staffId { request = request.filter(Column("staff_id") == staffId) }
        if let action = filter.action { request = request.filter(Column("action") == action) }
        if let type = filter.targetType { request = request.filter(Column("target_type") == type) }
        if let id = filter.targetId { request = request.filter(Column("target_id") == id) }
        if let before { request = request.filter(Column("id") < before) }
        let rows = try request.order(Column("id").desc).limit(limit + 1).fetchAll(db)
        return Page(items: rows, limit: limit, cursor: { $0.id })
    }

    public static func page(_ store: StandStore, filter: Filter, before: Int64?, limit: Int) async throws -> Page<AuditEvent> {
        try await store.read { db in try page(db, filter: filter, before: before, limit: limit) }
    }
}

/// One page of a keyset-paginated list: fetch `limit + 1` rows, show `limit`,
/// and the extra row tells whether a next page exists.
public struct Page<Item: Sendable>: Sendable {
    public let items: [Item]
    public let nextCursor: Int64?

    public init(items: [Item], limit: Int, cursor: (Item) -> Int64?) {
        if items.count > limit {
            self.items = Array(items.prefix(limit))
            self.nextCursor = self.items.last.flatMap(cursor)
        } else {
            self.items = items
            self.nextCursor = nil
        }
    }
}
