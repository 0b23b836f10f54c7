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

    /// The accounts of the oldest open deliveries (the index is in deletion
    /// order) and of the oldest pending erasures, as `account_uuid`: at most
    /// `limit` of each, an account possibly in both (arguments `limit, limit`).
    static let oldestAccountsSQL = """
        SELECT account_uuid FROM (
            SELECT account_uuid FROM erasure_deliveries WHERE state <> 'done' GROUP BY account_uuid ORDER BY MIN(created_at) LIMIT ?
        ) AS open_deliveries
        UNION ALL
        SELECT uuid FROM (SELECT uuid FROM deleted_accounts WHERE erased_at IS NULL ORDER BY deleted_at LIMIT ?) AS pending_erasures
        """

    static func read(_ db: StoreDatabase, limit: Int, counts: IncompleteDeletionCounts.Reading) throws -> IncompleteDeletions {
        let uuids = try String.fetchAll(db.cachedStatement(sql: oldestAccountsSQL), arguments: [limit, limit])
        return try read(db, accounts: uuids, limit: limit, counts: counts)
    }

    /// With the accounts `oldestAccountsSQL` found, read by the caller in a statement of its own.
    static func read(_ db: StoreDatabase, accounts uuids: [String], limit: Int, counts: IncompleteDeletionCounts.Reading) throws -> IncompleteDeletions {
        let (count, failed) = try counts.read(db)
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
    private struct State {
        var cached: (at: Date, count: Int, failed: Int)?
        /// Moved by `forget`: a count read in a transaction begun before it
        /// moved may predate the change that asked for a new count, so it is
        /// not kept.
        var generation = 0
    }

    /// The counts as of one read transaction: taken before it begins.
    public struct Reading: Sendable {
        let counts: IncompleteDeletionCounts
        let generation: Int

        func read(_ db: StoreDatabase, now: Date = Date()) throws -> (count: Int, failed: Int) {
            try counts.read(db, generation: generation, now: now)
        }
    }

    private let lifetime: TimeInterval
    private let state = Mutex(State())

    public init(lifetime: TimeInterval = 1) {
        self.lifetime = lifetime
    }

    /// Call before the read transaction the counts are read in.
    public func reading() -> Reading {
        Reading(counts: self, generation: state.withLock { $0.generation })
    }

    private func read(_ db: StoreDatabase, generation: Int, now: Date) throws -> (count: Int, failed: Int) {
        if let hit = state.withLock({ $0.cached }), now.timeIntervalSince(hit.at) < lifetime, hit.at <= now {
            return (hit.count, hit.failed)
        }
        let fresh = try IncompleteDeletions.counts(db)
        state.withLock { state in
            if state.generation == generation { state.cached = (now, fresh.count, fresh.failed) }
        }
        return fresh
    }

    /// A deletion or a settled delivery changed them: the next view counts again.
    public func forget() {
        state.withLock { state in
            state.generation += 1
            state.cached = nil
        }
    }
}

extension DeletionRequests {
    /// Deletions not complete everywhere, oldest first.
    public func incomplete(limit: Int = 20) async throws -> IncompleteDeletions {
        let counts = incompleteCounts.reading()
        return try await store.read { db in try IncompleteDeletions.read(db, limit: limit, counts: counts) }
    }
}
