import Foundation
import GRDB

/// What is left of a deleted account: its UUID, when, by whom and why. No personal data.
public struct Tombstone: Sendable, Equatable, FetchableRecord {
    public let uuid: String
    public let deletedAt: Date
    public let deletedBy: Int64
    /// The staff member's email now (staff are disabled, never deleted).
    public let deletedByEmail: String?
    public let reason: String
    /// When the person's bytes left the file and its WAL; nil while erasure is pending.
    public let erasedAt: Date?

    public var isErased: Bool { erasedAt != nil }

    public init(row: Row) {
        uuid = row["uuid"]
        deletedAt = row.timestamp("deleted_at") ?? .distantPast
        deletedBy = row["deleted_by"]
        deletedByEmail = row["staff_email"]
        reason = row["reason"]
        erasedAt = row.timestamp("erased_at")
    }

    public static func find(_ db: Database, uuid: String) throws -> Tombstone? {
        try Tombstone.fetchOne(db.cachedStatement(sql: """
            SELECT d.uuid, d.deleted_at, d.deleted_by, d.reason, d.erased_at, s.email AS staff_email
            FROM deleted_accounts d LEFT JOIN staff s ON s.id = d.deleted_by
            WHERE d.uuid = ?
            """), arguments: [uuid])
    }

}
