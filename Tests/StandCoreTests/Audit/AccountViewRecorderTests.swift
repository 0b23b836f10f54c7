import Foundation
import GRDB
import Logging
import Testing
@testable import StandCore

@Suite struct AccountViewRecorderTests {
    static func viewCount(_ store: StandStore) throws -> Int {
        try store.pool.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM audit_events WHERE action = 'user.viewed'") ?? 0 }
    }

    @Test func viewsAreWrittenInBatchesAndNoneIsLostAtShutdown() async throws {
        let store = try temporaryStore()
        let recorder = AccountViewRecorder(store: store, logger: Logger(label: "test"))
        let actor = AuditActor(staffId: 1, email: "support@example.com", ip: "127.0.0.1")
        // The server's flush loop (BufferedWritesService), in small.
        let loop = Task {
            while !Task.isCancelled {
                try? await Task.sleep(for: AccountViewRecorder.flushInterval)
                await recorder.flush()
            }
        }
        for index in 0..<50 { recorder.record(uuid: "uuid-\(index)", by: actor) }
        // The loop writes them by itself; wait for it (generously: the suite runs in parallel on 2 cores).
        var written = 0
        for _ in 0..<100 where written < 50 {
            try await Task.sleep(for: AccountViewRecorder.flushInterval)
            written = try Self.viewCount(store)
        }
        #expect(written == 50)
        // Views recorded just before shutdown: the loop is cancelled, then one last flush.
        for index in 0..<7 { recorder.record(uuid: "late-\(index)", by: actor) }
        loop.cancel()
        await loop.value
        await recorder.flush()
        #expect(try Self.viewCount(store) == 57)
    }

    @Test func aFailedFlushKeepsTheViewsForTheNextOne() async throws {
        let store = try temporaryStore()
        let recorder = AccountViewRecorder(store: store, logger: Logger(label: "test"))
        let actor = AuditActor(staffId: 1, email: "support@example.com", ip: nil)
        try await store.pool.write { db in
            try db.execute(sql: "CREATE TRIGGER refuse_views BEFORE INSERT ON audit_events BEGIN SELECT RAISE(ABORT, 'busy'); END")
        }
        recorder.record(uuid: "a", by: actor)
        recorder.record(uuid: "b", by: actor)
        await recorder.flush()
        #expect(try Self.viewCount(store) == 0)
        try await store.pool.write { db in try db.execute(sql: "DROP TRIGGER refuse_views") }
        await recorder.flush()
        #expect(try Self.viewCount(store) == 2)
    }

    @Test func aFlushWaitsForTheOneUnderWay() async throws {
        let store = try temporaryStore()
        let recorder = AccountViewRecorder(store: store, logger: Logger(label: "test"))
        recorder.record(uuid: "a", by: AuditActor(staffId: 1, email: "support@example.com", ip: nil))
        // Another connection holds the write lock, as another program would.
        var holder = Configuration()
        holder.allowsUnsafeTransactions = true
        let other = try DatabaseQueue(path: store.path, configuration: holder)
        try await other.writeWithoutTransaction { db in try db.execute(sql: "BEGIN IMMEDIATE") }
        // The server's own flush takes the view and waits for the lock.
        let background = Task { await recorder.flush() }
        for _ in 0..<1_000 where recorder.pendingCount > 0 { try await Task.sleep(for: .milliseconds(5)) }
        #expect(recorder.pendingCount == 0)
        try await other.writeWithoutTransaction { db in try db.execute(sql: "COMMIT") }
        // A flush called now returns once that view is written, not at once
        // because there was nothing left for it to take.
        await recorder.flush()
        #expect(try Self.viewCount(store) == 1)
        await background.value
    }
}
