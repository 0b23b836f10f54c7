import Foundation
import GRDB
import Logging
import Synchronization

/// Writes that need not share a transaction with anything, collected and
/// written together every `flushInterval`: account views (`user.viewed`) and
/// session touches (`last_seen_at`).
///
/// Adding is a lock and an append: no store access, no actor hop, nothing
/// that makes the request wait (measured: an actor hop per view left a
/// quarter of user pages waiting 60–800 ms under load). One transaction for
/// many items also spares a disk flush per page. When the store is busy (another
/// program holds the lock) the items stay for the next flush; past
/// `maximumPending` the oldest go.
public final class WriteBehindBuffer<Item: Sendable>: Sendable {
    private let store: StandStore
    private let logger: Logger
    private let label: String
    private let maximumPending: Int
    private let write: @Sendable (Database, [Item]) throws -> Void
    private let pending = Mutex<[Item]>([])
    /// The latest flush, which the next one waits for.
    private let queue = Mutex<Task<Void, Never>?>(nil)

    public static var flushInterval: Duration { .milliseconds(500) }

    public init(store: StandStore, logger: Logger, label: String, maximumPending: Int = 100_000,
                write: @escaping @Sendable (Database, [Item]) throws -> Void) {
        self.store = store
        self.logger = logger
        self.label = label
        self.maximumPending = maximumPending
        self.write = write
    }

    public func add(_ item: Item) {
        pending.withLock { $0.append(item) }
    }

    /// Items waiting for a flush (a flush under way has taken its own).
    var pendingCount: Int {
        pending.withLock { $0.count }
    }

    /// Write everything buffered now, on GRDB's writer queue. On failure (busy,
    /// or cancelled mid-write) the items go back for the next flush.
    ///
    /// Flushes run one after another: a flush called while another is still
    /// writing (or waiting for another program's lock) waits for it, then writes
    /// what is left. So when `flush()` returns, everything added before it was
    /// called has been written, or was put back because the store refused it.
    public func flush() async {
        let flush = queue.withLock { previous in
            let flush = Task { [previous] in
                await previous?.value
                await self.writePending()
            }
            previous = flush
            return flush
        }
        await withTaskCancellationHandler {
            await flush.value
        } onCancel: {
            flush.cancel()
        }
    }

    private func writePending() async {
        let batch = pending.withLock { items in
            defer { items = [] }
            return items
        }
        guard !batch.isEmpty else { return }
        let write = self.write
        do {
            try await store.write { db in try write(db, batch) }
        } catch {
            let dropped = pending.withLock { items -> Int in
                items.insert(contentsOf: batch, at: 0)
                let excess = max(0, items.count - maximumPending)
                items.removeFirst(excess)
                return excess
            }
            // Cancelled at shutdown: expected, and the final flush follows.
            let cancelled = error is CancellationError || (error as? DatabaseError)?.resultCode == .SQLITE_INTERRUPT
            logger.log(level: cancelled || error is StoreBusy ? .debug : .error, "could not write buffered \(label); will retry", metadata: [
                "count": "\(batch.count)", "dropped": "\(dropped)", "error": "\(type(of: error))",
            ])
        }
    }
}
