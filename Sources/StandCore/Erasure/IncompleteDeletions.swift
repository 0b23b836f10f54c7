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
        let oldest = try String.fetchAll(db.cachedStatement(sql: """
            SELECT d.uuid FROM deleted_accounts d WHERE d.uuid IN (\(uuids)) ORDER BY d.deleted_at, d.uuid LIMIT ?
            """), arguments: [limit]).compactMap { try Tombstone.find(db, uuid: $0) }
        return IncompleteDeletions(count: count, failed: failed, oldest: oldest)
    }
}

extension DeletionRequests {
    /// Deletions not complete everywhere, oldest first.
    public func incomplete(limit: Int = 50) async throws -> IncompleteDeletions {
        try await store.read { db in try IncompleteDeletions.read(db, limit: limit) }
    }
}
