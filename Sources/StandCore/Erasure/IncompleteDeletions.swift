import Foundation
import Synchronization

/// Deletions not yet complete everywhere: bytes still in the store's file,
/// or a system that has not confirmed. For the dashboard and `/deletion-requests`.
public struct IncompleteDeletions: Sendable, Equatable {
    public let count: Int
    /// Accounts with a delivery that failed for good (an owner must retry it).
    public let failed: Int
    /// The oldest first, at most the list's limit.
    public let oldest: [Tombstone]

    /// Accounts with a delivery not done (through the partial index
    /// `erasure_deliveries_open`), and tombstones whose erasure is pending
    /// though every delivery is done (`deleted_accounts_erasure_pending`):
    /// both cost what is open, however many deletions are complete.
    /// Both figures in one statement: on PostgreSQL each is a round trip.
    static let countSQL = """
        SELECT (SELECT COUNT(DISTINCT account_uuid) FROM erasure_deliveries WHERE state <> 'done')
             + (SELECT COUNT(*) FROM deleted_accounts d WHERE d.erased_at IS NULL AND NOT EXISTS (
                  SELECT 1 FROM erasure_deliveries o WHERE o.account_uuid = d.uuid AND o.state <> 'done')) AS incomplete,
               (SELECT COUNT(DISTINCT account_uuid) FROM erasure_deliveries WHERE state = 'failed') AS failed
        """

    static func counts(_ db: StoreDatabase) throws -> (count: Int, failed: Int) {
        let row = try StoreRow.fetchOne(db.cachedStatement(sql: countSQL))
        return (row?["incomplete"] ?? 0, row?["failed"] ?? 0)
    }

    static func read(_ db: StoreDatabase, limit: Int, counts: IncompleteDeletionCounts) throws -> IncompleteDeletions {
        let (count, failed) = try counts.read(db)
        // The oldest open deliveries' accounts (the index is in deletion order), and any pending erasure:
        // one statement, one round trip on PostgreSQL.
        let uuids = try String.fetchAll(db.cachedStatement(sql: """
            SELECT account_uuid FROM (
                SELECT account_uuid FROM erasure_deliveries WHERE state <> 'done' GROUP BY account_uuid ORDER BY MIN(created_at) LIMIT ?
            ) AS open_deliveries
            UNION ALL
            SELECT uuid FROM (SELECT uuid FROM deleted_accounts WHERE erased_at IS NULL ORDER BY deleted_at LIMIT ?) AS pending_erasures
            """), arguments: [limit, limit])
        // Nothing incomplete, the usual case: nothing more to read.
        guard !uuids.isEmpty else { return IncompleteDeletions(count: count, failed: failed, oldest: []) }
        let shown = String(decoding: try JSONEncoder().encode(Array(Set(uuids))), as: UTF8.self)
        // Two queries for the whole list: the tombstones, then all their deliveries.
        var oldest = try Tombstone.fetchAll(db.cachedStatement(sql: Tombstone.select + """
             WHERE d.uuid IN (\(db.engine.jsonArrayValues("?"))) ORDER BY d.deleted_at, d.uuid LIMIT ?
            """), arguments: [shown, limit])
        let deliveries = Dictionary(grouping: try ErasureDelivery.fetchAll(db.cachedStatement(sql: ErasureDelivery.select + """
             WHERE o.account_uuid IN (\(db.engine.jsonArrayValues("?"))) ORDER BY o.account_uuid, o.position
            """), arguments: [shown]), by: \.accountUUID)
        for index in oldest.indices {
            oldest[index].erasure = ErasureProgress(deliveries: deliveries[oldest[index].uuid] ?? [])
        }
        return IncompleteDeletions(count: count, failed: failed, oldest: oldest)
    }
}

/// The counts, read at most once a `lifetime` per process: the dashboard shows
/// them on every view, and with a thousand deletions in flight the count is a
/// few hundred microseconds of work that a second-old figure spares.
public final class IncompleteDeletionCounts: Sendable {
    private let lifetime: TimeInterval
    private let cached = Mutex<(at: Date, count: Int, failed: Int)?>(nil)
    /// Moved by `forget`: a count read while it moved is not kept (its
    /// snapshot may predate the change that asked for a new count).
    private let generation = Atomic(0)

    public init(lifetime: TimeInterval = 1) {
        self.lifetime = lifetime
    }

    func read(_ db: StoreDatabase, now: Date = Date()) throws -> (count: Int, failed: Int) {
        if let hit = cached.withLock({ $0 }), now.timeIntervalSince(hit.at) < lifetime, hit.at <= now {
            return (hit.count, hit.failed)
        }
        let before = generation.load(ordering: .acquiring)
        let fresh = try IncompleteDeletions.counts(db)
        cached.withLock { cache in
            if generation.load(ordering: .acquiring) == before { cache = (now, fresh.count, fresh.failed) }
        }
        return fresh
    }

    /// A deletion or a settled delivery changed them: the next view counts again.
    public func forget() {
        cached.withLock { cache in
            generation.add(1, ordering: .releasing)
            cache = nil
        }
    }
}

extension DeletionRequests {
    /// Deletions not complete everywhere, oldest first.
    public func incomplete(limit: Int = 20) async throws -> IncompleteDeletions {
        let counts = incompleteCounts
        return try await store.read { db in try IncompleteDeletions.read(db, limit: limit, counts: counts) }
    }
}
