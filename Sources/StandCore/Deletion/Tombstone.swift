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

    public init(row: Row) {
        uuid = row["uuid"]
        deletedAt = row.timestamp("deleted_at") ?? .distantPast
        deletedBy = row["deleted_by"]
        deletedByEmail = row["staff_email"]
        reason = row["reason"]
    }

    public static func find(_ db: Database, uuid: String) throws -> Tombstone? {
        try Tombstone.fetchOne(db.cachedStatement(sql: """
            SELECT d.uuid, d.deleted_at, d.deleted_by, d.reason, s.email AS staff_email
            FROM deleted_accounts d LEFT JOIN staff s ON s.id = d.deleted_by
            WHERE d.uuid = ?
            """), arguments: [uuid])
    }
}
