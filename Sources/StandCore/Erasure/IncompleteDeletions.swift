import Foundation
import GRDB

/// Deletions not yet complete everywhere: bytes still in the store's file,
/// or a system that has not confirmed. For the dashboard and `/deletion-requests`.
public struct IncompleteDeletions: Sendable, Equatable {
    public let count: Int
    /// Accounts with a delivery that failed for good (an owner must retry it).
    public let failed: Int
    /// The oldest first, at most the list's limit.
    public let oldest: [Tombstone]

    /// Through the partial indexes on pending and failed deliveries and pending erasures:
    /// cheap however many deletions are complete.
    static let uuids = """
        SELECT account_uuid AS uuid FROM erasure_deliveries WHERE state = 'pending'
        UNION SELECT account_uuid FROM erasure_deliveries WHERE state = 'failed'
        UNION SELECT uuid FROM deleted_accounts WHERE erased_at IS NULL
        """

    static func counts(_ db: Database) throws -> (count: Int, failed: Int) {
        let count = try Int.fetchOne(db.cachedStatement(sql: "SELECT COUNT(*) FROM (\(uuids))")) ?? 0
        let failed = try Int.fetchOne(db.cachedStatement(sql: """
            SELECT COUNT(DISTINCT account_uuid) FROM erasure_deliveries WHERE state = 'failed'
            """)) ?? 0
        return (count, failed)
    }

    static func read(_ db: Database, limit: Int) throws -> IncompleteDeletions {
        let (count, failed) = try counts(db)
        // Two queries for the whole list: the tombstones, then all their deliveries.
        var oldest = try Tombstone.fetchAll(db.cachedStatement(sql: Tombstone.select + """
             WHERE d.uuid IN (\(uuids)) ORDER BY d.deleted_at, d.uuid LIMIT ?
            """), arguments: [limit])
        let shown = String(decoding: try JSONEncoder().encode(oldest.map(\.uuid)), as: UTF8.self)
        let deliveries = Dictionary(grouping: try ErasureDelivery.fetchAll(db.cachedStatement(sql: ErasureDelivery.select + """
             WHERE o.account_uuid IN (SELECT value FROM json_each(?)) ORDER BY o.account_uuid, o.position
            """), arguments: [shown]), by: \.accountUUID)
        for index in oldest.indices {
            oldest[index].erasure = ErasureProgress(deliveries: deliveries[oldest[index].uuid] ?? [])
        }
        return IncompleteDeletions(count: count, failed: failed, oldest: oldest)
    }
}

extension DeletionRequests {
    /// Deletions not complete everywhere, oldest first.
    public func incomplete(limit: Int = 50) async throws -> IncompleteDeletions {
        try await store.read { db in try IncompleteDeletions.read(db, limit: limit) }
    }
}
