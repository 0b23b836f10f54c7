import Foundation
import GRDB
import Logging
import StandTestSupport
import Testing
@testable import StandCore

@Suite struct AccountViewRecorderTests {
    static func viewCount(_ store: StandStore) async throws -> Int {
        try await store.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM audit_events WHERE action = 'user.viewed'") ?? 0 }
    }

    @Test func viewsAreWrittenInBatchesAndNoneIsLostAtShutdown() async throws {
        let store = try await temporaryStore()
        let recorder = AccountViewRecorder(store: store, logger: Logger(label: "test"))
        let actor = AuditActor(staffId: 1, email: "support@example.com", ip: "127.0.0.1")
        // The server's flush loop (BufferedWritesService), in small.
        let loop = Task {
            while !Task.isCancelled {
                try? await Task.sleep(for: AccountViewRecorder.flushInterval)
                await recorder.flush()
            }
        }
        for index in 0..<50 { try recorder.record(uuid: "uuid-\(index)", by: actor) }
        // The loop writes them by itself; wait for it (generously: the suite runs in parallel on 2 cores).
        var written = 0
        for _ in 0..<100 where written < 50 {
            try await Task.sleep(for: AccountViewRecorder.flushInterval)
            written = try await Self.viewCount(store)
        }
        #expect(written == 50)
        // Views recorded just before shutdown: the loop is cancelled, then one last flush.
        for index in 0..<7 { try recorder.record(uuid: "late-\(index)", by: actor) }
        loop.cancel()
        await loop.value
        await recorder.flush()
        await #expect(try Self.viewCount(store) == 57)
    }

    /// The views, and the journal segment that holds them, stay until a flush writes them.
    @Test func aFailedFlushKeepsTheViewsAndTheirSegmentForTheNextOne() async throws {
        let store = try await temporaryStore()
        let recorder = AccountViewRecorder(store: store, logger: Logger(label: "test"))
        let actor = AuditActor(staffId: 1, email: "support@example.com", ip: nil)
        try await store.write { db in
            try db.execute(sql: TestSQL.refuseInserts(into: "audit_events", name: "refuse_views", message: "busy"))
        }
        try recorder.record(uuid: "a", by: actor)
        await recorder.flush()
        await #expect(try Self.viewCount(store) == 0)
        // More failed flushes with nothing new: no empty segment (and open file) per attempt.
        await recorder.flush()
        await recorder.flush()
        #expect(Self.segments(store).count == 2)
        try recorder.record(uuid: "b", by: actor)
        #expect(Self.segments(store).count == 2)
        try await store.write { db in try db.execute(sql: TestSQL.dropRefusal(on: "audit_events", name: "refuse_views")) }
        await recorder.flush()
        await #expect(try Self.viewCount(store) == 2)
        #expect(try Self.journaledLines(store) == 0)
    }

    @Test(.sqliteOnly) func aFlushWaitsForTheOneUnderWay() async throws {
        let store = try await temporaryStore()
        let recorder = AccountViewRecorder(store: store, logger: Logger(label: "test"))
        try recorder.record(uuid: "a", by: AuditActor(staffId: 1, email: "support@example.com", ip: nil))
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
        await #expect(try Self.viewCount(store) == 1)
        await background.value
    }

    // MARK: The journal (issue 19, finding 6: kill -9 lost up to half a second of views)

    static func segments(_ store: StandStore) -> [String] {
        WriteAheadJournal.segments(in: AccountViewRecorder.journalDirectory(store))
    }

    static func journaledLines(_ store: StandStore) throws -> Int {
        try segments(store).reduce(0) { total, path in
            total + String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self).split(separator: "\n").count
        }
    }

    @Test func aViewIsInTheJournalBeforeRecordReturnsAndLeavesItOnceWritten() async throws {
        let store = try await temporaryStore()
        let recorder = AccountViewRecorder(store: store, logger: Logger(label: "test"))
        let actor = AuditActor(staffId: 1, email: "support@example.com", ip: "127.0.0.1")
        for index in 0..<3 { try recorder.record(uuid: "uuid-\(index)", by: actor) }
        #expect(try Self.journaledLines(store) == 3)
        await #expect(try Self.viewCount(store) == 0)
        let first = Self.segments(store)
        await recorder.flush()
        await #expect(try Self.viewCount(store) == 3)
        // Its segment is gone; the flush opened the next one, for the next views.
        #expect(try Self.journaledLines(store) == 0)
        #expect(Self.segments(store).count == 1 && Self.segments(store) != first)
        try recorder.record(uuid: "uuid-3", by: actor)
        #expect(try Self.journaledLines(store) == 1)
    }

    /// What kill -9 leaves: a segment nobody holds, its last line cut short,
    /// and one view that was written just before the process died.
    @Test func aStoppedProcesssJournalIsReplayedOnceWithoutDuplicates() async throws {
        let store = try await temporaryStore()
        let actor = AuditActor(staffId: 7, email: "support@example.com", ip: "10.0.0.1")
        let views = (0..<5).map { AccountView(uuid: "uuid-\($0)", actor: actor, at: Date(timeIntervalSince1970: 1_790_000_000.123_456 + Double($0))) }
        try await store.write { db in
            try AuditLog.record(db, .userViewed, by: actor, target: (AuditTarget.user, views[0].uuid), at: views[0].date)
        }
        let directory = AccountViewRecorder.journalDirectory(store)
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        var text = try views.map { String(decoding: try JSONEncoder().encode($0), as: UTF8.self) }.joined(separator: "\n")
        text += "\n{\"uuid\":\"uuid-cut"
        try Data(text.utf8).write(to: URL(fileURLWithPath: "\(directory)/4242-dead-1.jsonl"))
        // A live process's segment is not touched.
        let live = AccountViewRecorder(store: store, logger: Logger(label: "test"))
        try live.record(uuid: "live", by: actor)

        let written = try await AccountViewRecorder.replayJournals(store, logger: Logger(label: "test"))
        #expect(written == 4)
        await #expect(try Self.viewCount(store) == 5)
        let replayed = try await store.read { db in
            try AuditEvent.fetchAll(db, sql: "SELECT * FROM audit_events WHERE action = 'user.viewed' ORDER BY target_id")
        }
        #expect(replayed.map(\.targetId) == views.map(\.uuid))
        #expect(replayed.allSatisfy { $0.staffId == 7 && $0.ip == "10.0.0.1" && $0.staffEmail == "support@example.com" })
        #expect(Self.segments(store).count == 1, "the live process's segment stays")
        #expect(try Self.journaledLines(store) == 1)
        #expect(try await AccountViewRecorder.replayJournals(store, logger: Logger(label: "test")) == 0)
        await live.flush()
        await #expect(try Self.viewCount(store) == 6)
        #expect(try Self.journaledLines(store) == 0)
    }
}
