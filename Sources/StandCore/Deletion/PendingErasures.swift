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
///
/// On PostgreSQL the deleted rows stay in their tables as dead row versions
/// until VACUUM removes them, and VACUUM cannot while any transaction older
/// than the deletion is open. So the attempt waits for those to end, then
/// vacuums the tables that hold a user's rows, then marks the tombstone
/// (docs/store.md says what that does and does not remove on each engine).
public final class PendingErasures: Sendable {
    private let store: StandStore
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
        self.store = store
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
        switch store.backend {
        case .sqlite(let pool): return await checkpoint(pool, now: now)
        case .postgres(let postgres): return await vacuum(postgres, now: now)
        }
    }

    private func checkpoint(_ pool: DatabasePool, now: Date) async -> Attempt {
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
                                            detail: Self.checkpointed, at: now)
                    }
                    return .commit
                }
                return .erased(count: pending.count)
            }
        } catch {
            return .stillPending(count: -1)
        }
    }

    /// What the `user.erased` event says was done, per engine.
    static let checkpointed = "WAL checkpointed and truncated"
    static let vacuumed = "vacuumed: the rows are gone from the tables and their indexes (bytes may stay in the server's WAL and backups until they recycle)"

    private func vacuum(_ postgres: PostgresStore, now: Date) async -> Attempt {
        do {
            return try await postgres.pool.withConnection { connection in
                let session = PostgresSession(connection: connection, logger: postgres.logger, inTransaction: false)
                // Each tombstone's row version was written by the deleting transaction (`xmin`).
                let pending = try session.rows("""
                    SELECT uuid, age(xmin) AS age FROM deleted_accounts WHERE erased_at IS NULL
                    """, [])
                guard !pending.isEmpty else { return .nothingPending }
                let youngest = pending.map { $0["age"] as Int64 }.min() ?? 0
                // A snapshot at least as old as a deletion, in this database (or a
                // replication slot's), still sees its rows: VACUUM must keep them.
                let holding = try session.rows("""
                    SELECT (SELECT COUNT(*) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()
                                AND backend_xmin IS NOT NULL AND age(backend_xmin) >= ?)
                         + (SELECT COUNT(*) FROM pg_replication_slots WHERE xmin IS NOT NULL AND age(xmin) >= ?)
                         + (SELECT COUNT(*) FROM pg_prepared_xacts WHERE database = current_database() AND age(transaction) >= ?)
                    """, [youngest, youngest, youngest])
                guard (holding.first?[0] as Int64?) == 0 else { return .stillPending(count: pending.count) }
                let tables = try session.rows("""
                    SELECT DISTINCT table_name FROM information_schema.columns
                    WHERE table_schema = current_schema() AND column_name IN ('user_id', 'user_uuid')
                    """, []).map { $0[0] as String } + ["users"]
                // INDEX_CLEANUP ON: VACUUM would otherwise skip the indexes when few rows died.
                // TRUNCATE OFF: cutting empty pages off a table's end takes an exclusive lock that
                // holds the app's inserts back (the newest accounts' rows are at the end).
                // Paced as autovacuum is (a manual VACUUM is not): at 10,000,000 users it reads
                // every index of `answers` (scripts/bench BENCH_ONLY=app-load: docs/store.md).
                try session.execute("SET vacuum_cost_delay = '2ms'", [])
                defer { try? session.execute("RESET vacuum_cost_delay", []) }
                try session.execute("VACUUM (INDEX_CLEANUP ON, TRUNCATE OFF) " + tables.map { "\"\($0)\"" }.joined(separator: ", "), [])
                // Marked as every console change is written: behind the console's writer lock.
                try postgres.transaction(connection, writes: true) { db in
                    for row in pending {
                        let uuid: String = row["uuid"]
                        try db.execute(sql: "UPDATE deleted_accounts SET erased_at = ? WHERE uuid = ? AND erased_at IS NULL", arguments: [now, uuid])
                        try AuditLog.record(db, .userErased, by: .system, target: (AuditTarget.user, uuid), detail: Self.vacuumed, at: now)
                    }
                }
                return .erased(count: pending.count)
            }
        } catch {
            return .stillPending(count: -1)
        }
    }

    /// Right after a deletion commits. On SQLite the checkpoint takes
    /// milliseconds, so the request waits for it and the tombstone can say
    /// "Erased at …" at once. On PostgreSQL a VACUUM of the tables a user's
    /// rows live in takes seconds on a large store (0.7–5.5 s at 10,000,000
    /// users), so it is the background loop's: the deletion answers at once
    /// and the tombstone says "Erasure pending" until the VACUUM is done.
    public func afterDeletion() async {
        switch store.backend {
        case .sqlite:
            if case .stillPending = await attempt() { wakeUp() }
        case .postgres:
            wakeUp()
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
