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
    public static func page(_ db: Database, filter: Filter, before: Int64?, limit: Int) throws -> KeysetPage<AuditEvent, Int64> {
        var request = AuditEvent.all()
        if let staffId = filter.staffId { request = request.filter(Column("staff_id") == staffId) }
        if let action = filter.action { request = request.filter(Column("action") == action) }
        if let type = filter.targetType { request = request.filter(Column("target_type") == type) }
        if let id = filter.targetId { request = request.filter(Column("target_id") == id) }
        if let before { request = request.filter(Column("id") < before) }
        let rows = try request.order(Column("id").desc).limit(limit + 1).fetchAll(db)
        return KeysetPage(items: rows, limit: limit, cursor: { $0.id })
    }

    public static func page(_ store: StandStore, filter: Filter, before: Int64?, limit: Int) async throws -> KeysetPage<AuditEvent, Int64> {
        try await store.read { db in try page(db, filter: filter, before: before, limit: limit) }
    }
}
