import Foundation
import GRDB
import Logging
import Synchronization

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
    private let signal = WakeSignal()

    static let firstRetry: Duration = .milliseconds(200)
    static let longestRetry: Duration = .seconds(2)
    /// With nothing pending, look again this often anyway (a deletion from
    /// another console process, or a wake-up lost to a crash).
    private let idleCheck: Duration
    private let attempts = Atomic(0)

    /// One per process and store: `AppServices` owns the console's, and its
    /// background loop (`runUntilCancelled`) runs once.
    public init(store: StandStore, idleCheck: Duration = .seconds(30)) {
        self.pool = store.pool
        self.busyTimeout = store.busyTimeout
        self.idleCheck = idleCheck
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
        attempts.add(1, ordering: .relaxed)
        let busyMilliseconds = Int(busyTimeout * 1000)
        do {
            return try await pool.writeWithoutTransaction { db in
                let pending = try String.fetchAll(db, sql: "SELECT uuid FROM deleted_accounts WHERE erased_at IS NULL")
                guard !pending.isEmpty else { return .nothingPending }
                guard try StandStore.truncateWALWithoutWaiting(db, busyTimeoutMilliseconds: busyMilliseconds) else {
                    return .stillPending(count: pending.count)
                }
                try db.inTransaction {
                    for uuid in pending {
                        try db.execute(sql: "UPDATE deleted_accounts SET erased_at = ? WHERE uuid = ? AND erased_at IS NULL", arguments: [now, uuid])
                        try AuditLog.record(StoreDatabase(sqlite: db), .userErased, by: .system, target: (AuditTarget.user, uuid),
                                            detail: "WAL checkpointed and truncated", at: now)
                    }
                    return .commit
                }
                return .erased(count: pending.count)
            }
        } catch {
            return .stillPending(count: -1)
        }
    }

    /// Ask the background loop to try now (after a deletion it could not finish).
    public func wakeUp() {
        signal.signal()
    }

    /// Attempt at once (resuming erasures left pending by a restart), then
    /// again with back-off while any is pending; then wait for a wake-up or
    /// the idle check. Runs once per store, until its task is cancelled.
    public func runUntilCancelled(logger: Logger) async {
        while !Task.isCancelled {
            await attemptUntilNothingPending(logger: logger)
            await signal.wait(upTo: idleCheck)
        }
    }

    private func attemptUntilNothingPending(logger: Logger) async {
        var retry = Self.firstRetry
        while !Task.isCancelled {
            switch await attempt() {
            case .nothingPending:
                return
            case .erased(let count):
                logger.info("erasure finished", metadata: ["accounts": "\(count)"])
                retry = Self.firstRetry
            case .stillPending:
                try? await Task.sleep(for: retry)
                retry = min(retry * 2, Self.longestRetry)
            }
        }
    }

    /// Checkpoint attempts made so far (the tests count them).
    var attemptCount: Int { attempts.load(ordering: .relaxed) }
}
