import Foundation
import GRDB
import Logging

/// Deleted accounts whose bytes may still be in the store's file or WAL.
///
/// A deletion commits at once, but SQLite keeps the old pages in the WAL
/// until a `wal_checkpoint(TRUNCATE)` succeeds, and another program's open
/// read transaction blocks that. So a tombstone stays "erasure pending"
/// (`erased_at IS NULL`, in the store, so a restart resumes it) until a
/// checkpoint after the deletion succeeds; then every pending tombstone is
/// marked erased with a `user.erased` audit event.
public final class PendingErasures: Sendable {
    private let pool: DatabasePool
    private let busyTimeout: TimeInterval
    private let wakeUps: AsyncStream<Void>
    private let wake: AsyncStream<Void>.Continuation

    /// How long one attempt waits for readers: short, because a checkpoint
    /// holds the console's writer (and blocks other writers) while it waits.
    static let attemptWait = 0.1
    static let firstRetry: Duration = .milliseconds(200)
    static let longestRetry: Duration = .seconds(2)
    /// With nothing pending, look again this often anyway (a deletion from
    /// another console process, or a wake-up lost to a crash).
    static let idleCheck: Duration = .seconds(30)

    init(pool: DatabasePool, busyTimeout: TimeInterval) {
        self.pool = pool
        self.busyTimeout = busyTimeout
        (wakeUps, wake) = AsyncStream.makeStream(bufferingPolicy: .bufferingNewest(1))
    }

    public enum Attempt: Sendable, Equatable {
        case nothingPending
        /// The checkpoint finished: these tombstones are now erased.
        case erased(count: Int)
        /// A reader (or a writer) still holds old pages; try again later.
        case stillPending(count: Int)
    }

    /// One checkpoint attempt. Never throws: a failure leaves the tombstones pending.
    @discardableResult
    public func attempt(now: Date = Date()) async -> Attempt {
        let busyMilliseconds = Int(busyTimeout * 1000), waitMilliseconds = Int(Self.attemptWait * 1000)
        do {
            return try await pool.writeWithoutTransaction { db in
                let pending = try String.fetchAll(db, sql: "SELECT uuid FROM deleted_accounts WHERE erased_at IS NULL")
                guard !pending.isEmpty else { return .nothingPending }
                try db.execute(sql: "PRAGMA busy_timeout = \(waitMilliseconds)")
                let result = try Row.fetchOne(db, sql: "PRAGMA wal_checkpoint(TRUNCATE)")
                try db.execute(sql: "PRAGMA busy_timeout = \(busyMilliseconds)")
                // (busy, log frames, checkpointed frames): busy 0 means every frame is in the file and the WAL is empty.
                guard let result, result[0] as Int == 0 else { return .stillPending(count: pending.count) }
                try db.inTransaction {
                    for uuid in pending {
                        try db.execute(sql: "UPDATE deleted_accounts SET erased_at = ? WHERE uuid = ? AND erased_at IS NULL", arguments: [now, uuid])
                        try AuditLog.record(db, .userErased, by: .system, target: (AuditTarget.user, uuid),
                                            detail: "WAL checkpointed and truncated", at: now)
                    }
                    return .commit
                }
                return .erased(count: pending.count)
            }
        } catch {
            try? await pool.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA busy_timeout = \(busyMilliseconds)") }
            return .stillPending(count: -1)
        }
    }

    /// Ask the background loop to try now (after a deletion it could not finish).
    public func wakeUp() {
        wake.yield()
    }

    /// Attempt at once (resuming erasures left pending by a restart), then
    /// again with back-off while any is pending; sleep until woken otherwise.
    public func runUntilCancelled(logger: Logger) async {
        var retry = Self.firstRetry
        while !Task.isCancelled {
            switch await attempt() {
            case .nothingPending:
                retry = Self.firstRetry
                await sleepUntilWoken(atMost: Self.idleCheck)
            case .erased(let count):
                logger.info("erasure finished", metadata: ["accounts": "\(count)"])
                retry = Self.firstRetry
            case .stillPending:
                try? await Task.sleep(for: retry)
                retry = min(retry * 2, Self.longestRetry)
            }
        }
    }

    private func sleepUntilWoken(atMost limit: Duration) async {
        let wakeUps = self.wakeUps
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                for await _ in wakeUps { return }
            }
            group.addTask { try? await Task.sleep(for: limit) }
            await group.next()
            group.cancelAll()
        }
    }
}
