import Foundation
import GRDB
import Logging

/// Records that a staff member opened an account's page (`user.viewed`).
///
/// Reads are not changes, so they need not share a transaction with anything:
/// views are buffered and written together, at most `flushInterval` later, one
/// transaction for many. A synchronous commit per page view would make every
/// lookup wait for a disk flush.
public actor AccountViewRecorder {
    private let store: StandStore
    private let logger: Logger
    private var pending: [(uuid: String, actor: AuditActor, at: Date)] = []
    private var flushScheduled = false
    public static let flushInterval: Duration = .milliseconds(500)
    /// A full buffer is written at once rather than waiting for the interval.
    static let maximumPending = 2_000

    public init(store: StandStore, logger: Logger) {
        self.store = store
        self.logger = logger
    }

    public func record(uuid: String, by actor: AuditActor, at now: Date = Date()) {
        pending.append((uuid, actor, now))
        if pending.count >= Self.maximumPending {
            flush()
        } else if !flushScheduled {
            flushScheduled = true
            Task {
                try? await Task.sleep(for: Self.flushInterval)
                self.flush()
            }
        }
    }

    /// Write everything buffered now (also called at shutdown and by tests).
    public func flush() {
        flushScheduled = false
        guard !pending.isEmpty else { return }
        let batch = pending
        pending = []
        do {
            try store.pool.write { db in
                for view in batch {
                    try AuditLog.record(db, .userViewed, by: view.actor, target: (AuditTarget.user, view.uuid), at: view.at)
                }
            }
        } catch {
            logger.error("could not record account views", metadata: ["count": "\(batch.count)", "error": "\(type(of: error))"])
        }
    }
}
