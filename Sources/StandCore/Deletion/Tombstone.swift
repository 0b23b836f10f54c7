import Foundation

/// What is left of a deleted account: its UUID, when, by whom and why. No personal data.
public struct Tombstone: Sendable, Equatable, StoreRecord {
    public let uuid: String
    public let deletedAt: Date
    public let deletedBy: Int64
    /// The staff member's email now (staff are disabled, never deleted).
    public let deletedByEmail: String?
    public let reason: String
    /// When the store's part of the erasure was done (`StoreErasure` says what
    /// that means on each engine); nil while it is pending.
    public let erasedAt: Date?
    /// The engine that holds the store.
    public let storedOn: StoreEngine

    /// Each downstream system's delivery (none when none was configured).
    public var erasure = ErasureProgress(deliveries: [])
    /// Exports the console made that held the person (entrants, audit, data).
    public var copies: [ConsoleExports.Copy] = []

    public var isErased: Bool { erasedAt != nil }
    /// Erased from the store's bytes and confirmed by every system.
    public var isComplete: Bool { isErased && erasure.allConfirmed }

    public init(row: StoreRow) {
        uuid = row["uuid"]
        deletedAt = row.timestamp("deleted_at") ?? .distantPast
        deletedBy = row["deleted_by"]
        deletedByEmail = row["staff_email"]
        reason = row["reason"]
        erasedAt = row.timestamp("erased_at")
        storedOn = row.engine
    }

    /// The tombstone with its deliveries and copies.
    public static func find(_ db: StoreDatabase, uuid: String) throws -> Tombstone? {
        guard var tombstone = try withoutDetails(db, uuid: uuid) else { return nil }
        tombstone.erasure = try ErasureOutbox.progress(db, uuid: uuid)
        tombstone.copies = try ConsoleExports.copies(db, uuid: uuid)
        return tombstone
    }

    static let select = """
        SELECT d.uuid, d.deleted_at, d.deleted_by, d.reason, d.erased_at, s.email AS staff_email
        FROM deleted_accounts d LEFT JOIN staff s ON s.id = d.deleted_by
        """

    /// The tombstone's own row, without its deliveries and copies.
    static func withoutDetails(_ db: StoreDatabase, uuid: String) throws -> Tombstone? {
        try Tombstone.fetchOne(db.cachedStatement(sql: select + " WHERE d.uuid = ?"), arguments: [uuid])
    }

}
