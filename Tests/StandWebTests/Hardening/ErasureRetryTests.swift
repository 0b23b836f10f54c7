import Foundation
import GRDB
@testable import StandCore
import Testing
@testable import StandWeb

/// Issue 19, finding 7: with an erasure pending and another program holding a
/// read snapshot, each retry held the write lock for up to 100 ms while it
/// waited for that reader, and a third program's writes stalled (108 ms seen).
/// The figures (attempts of ~1 ms, no write waiting) are in that issue's
/// note; this test keeps the behaviour: attempts give up, other programs'
/// writes go through, and the erasure completes once the reader lets go.
@Suite struct ErasureRetryTests {
    @Test(.sqliteOnly) func retriesNeverWaitForTheReaderWhileHoldingTheWriteLock() async throws {
        let console = try await TestConsole()
        let support = try await console.createStaff("support@example.com", role: .support)
        let jane = try await AppData(store: console.store).user(email: "jane@example.com", phone: "+15557654321")
        try await console.store.write { db in try db.execute(sql: "CREATE TABLE other_program (id INTEGER PRIMARY KEY, at TEXT)") }
        let reader = try await ForeignConnection.started(path: console.store.path, holding: .readSnapshot)
        let erasures = PendingErasures(store: console.store, idleCheck: .seconds(30))
        _ = try await AccountDeletion(store: console.store, erasures: erasures).delete(uuid: jane.uuid, confirmation: jane.uuid,
                                             reason: "Asked in the app", by: AuditActor(support, ip: nil))
        #expect(try await console.store.read { db in try Tombstone.find(db, uuid: jane.uuid) }?.isErased == false)

        // Each attempt gives up while the reader holds its snapshot, and says so.
        // How long an attempt takes is a figure for a quiet machine (issue 19's
        // note), not asserted here: under load any threshold is a coin toss.
        for _ in 0..<5 {
            #expect(await erasures.attempt() == .stillPending(count: 1))
        }

        // A third program writes while the background loop keeps retrying: it never queues behind a retry.
        let loop = Task { await erasures.runUntilCancelled(logger: .init(label: "test")) }
        let other = try DatabaseQueue(path: console.store.path, configuration: {
            var configuration = Configuration()
            configuration.busyMode = .timeout(5)
            return configuration
        }())
        // Every one of its writes gets the lock within its 5 s busy timeout.
        var writes = 0
        let clock = ContinuousClock(), end = clock.now + .seconds(2)
        while clock.now < end {
            try await other.write { db in try db.execute(sql: "INSERT INTO other_program (at) VALUES (datetime('now'))") }
            writes += 1
            try await Task.sleep(for: .milliseconds(5))
        }
        #expect(try await console.store.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM other_program") } == writes)

        reader.release()
        #expect(try await tombstoneErased(jane.uuid, in: console.store))
        loop.cancel()
        await loop.value
    }

    /// At 10,000,000 users the VACUUM after a deletion took 0.7–5.5 s, and the
    /// form waited for it. On PostgreSQL the deletion now commits and answers;
    /// the tombstone is pending until the background loop has vacuumed.
    @Test(.postgresOnly) func onPostgreSQLTheDeletionLeavesTheVacuumToTheBackgroundLoop() async throws {
        let console = try await TestConsole()
        let support = try await console.createStaff("support@example.com", role: .support)
        let jane = try await AppData(store: console.store).user(email: "jane@example.com", phone: "+15557654321")
        let erasures = PendingErasures(store: console.store, idleCheck: .seconds(30))
        _ = try await AccountDeletion(store: console.store, erasures: erasures).delete(uuid: jane.uuid, confirmation: jane.uuid,
                                             reason: "Asked in the app", by: AuditActor(support, ip: nil))
        #expect(erasures.attemptCount == 0)
        #expect(try await console.store.read { db in try Tombstone.find(db, uuid: jane.uuid) }?.isErased == false)

        let loop = Task { await erasures.runUntilCancelled(logger: .init(label: "test")) }
        #expect(try await tombstoneErased(jane.uuid, in: console.store))
        loop.cancel()
        await loop.value
    }
}
