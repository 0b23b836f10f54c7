import Foundation
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
///
/// Items that must survive the process (account views: who looked at whose
/// data) are also appended to a `WriteAheadJournal` as they are added, one
/// `write(2)` under the same lock; a flush seals the journal's segment and
/// removes it once its items are committed. What a killed process left is
/// replayed by the next one (`AccountViewRecorder.replayJournals`).
public final class WriteBehindBuffer<Item: Sendable>: Sendable {
    /// How items go into a journal: its folder, and one item as one line.
    public struct Journaling: Sendable {
        public let directory: String
        public let encode: @Sendable (Item) throws -> [UInt8]

        public init(directory: String, encode: @escaping @Sendable (Item) throws -> [UInt8]) {
            self.directory = directory
            self.encode = encode
        }
    }

    private struct Pending {
        var items: [Item] = []
        var journal: WriteAheadJournal?
    }

    private let store: StandStore
    private let logger: Logger
    private let label: String
    private let maximumPending: Int
    private let write: @Sendable (StoreDatabase, [Item]) throws -> Void
    private let encode: (@Sendable (Item) throws -> [UInt8])?
    private let journalDirectory: String?
    private let pending: Mutex<Pending>
    /// The latest flush, which the next one waits for.
    private let queue = Mutex<Task<Void, Never>?>(nil)

    public static var flushInterval: Duration { .milliseconds(500) }

    public init(store: StandStore, logger: Logger, label: String, maximumPending: Int = 100_000,
                journaling: Journaling? = nil,
                write: @escaping @Sendable (StoreDatabase, [Item]) throws -> Void) {
        self.store = store
        self.logger = logger
        self.label = label
        self.maximumPending = maximumPending
        self.write = write
        self.encode = journaling?.encode
        self.journalDirectory = journaling?.directory
        self.pending = Mutex(Pending(journal: journaling.map { WriteAheadJournal(directory: $0.directory) }))
    }

    /// Keep `item` for the next flush. With a journal, it is in the journal's
    /// file when this returns, or this throws (a `StoreFault`: a full disk)
    /// and the item is not kept at all.
    public func add(_ item: Item) throws {
        let line = try encode?(item)
        try pending.withLock { pending in
            if let line { try pending.journal?.append(line) }
            pending.items.append(item)
        }
    }

    /// Items waiting for a flush (a flush under way has taken its own).
    var pendingCount: Int {
        pending.withLock { $0.items.count }
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
        guard pendingCount > 0 else { return }
        // The next segment is made here, not on a request's path: creating a file waits on the file system.
        let needsSegment = pending.withLock { $0.journal?.currentHasLines ?? false }
        let next = needsSegment ? journalDirectory.flatMap { try? WriteAheadJournal.openSegment(in: $0) } : nil
        // The batch and the journal segments that hold it, taken together.
        let (batch, segments) = pending.withLock { pending -> ([Item], [WriteAheadJournal.Segment]) in
            defer { pending.items = [] }
            return (pending.items, pending.journal?.seal(continuingIn: next) ?? [])
        }
        let write = self.write
        do {
            try await store.write(purpose: "write buffered \(label)") { db in try write(db, batch) }
            WriteAheadJournal.remove(pending.withLock { $0.journal?.discard(segments) ?? [] })
        } catch {
            let dropped = pending.withLock { pending -> Int in
                pending.items.insert(contentsOf: batch, at: 0)
                let excess = max(0, pending.items.count - maximumPending)
                pending.items.removeFirst(excess)
                return excess
            }
            // Cancelled at shutdown: expected, and the final flush follows.
            let cancelled = StandStore.isCancellation(error)
            logger.log(level: cancelled || error is StoreBusy ? .debug : .error, "could not write buffered \(label); will retry", metadata: [
                "count": "\(batch.count)", "dropped": "\(dropped)", "error": "\(type(of: error))",
            ])
        }
    }
}
