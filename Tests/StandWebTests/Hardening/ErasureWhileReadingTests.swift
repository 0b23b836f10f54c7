import Foundation
import GRDB
import Hummingbird
import StandCore
import StandTestSupport
import Testing
@testable import StandWeb

/// Finding 2: while another program held a read snapshot, a deletion said
/// "erased" and the email and phone stayed in the file's bytes.
@Suite struct ErasureWhileReadingTests {
    @Test func bytesGoSoonAfterTheReaderEndsAndThePagesSayPendingThenErased() async throws {
        let console = try await TestConsole()
        try await console.createStaff("support@example.com", role: .support)
        let data = AppData(store: console.store)
        let jane = try await data.user(email: "jane.erased@example.com", phone: "+15557654321")
        try await data.deletionRequest(jane)
        // PostgreSQL's part is a VACUUM, and the pages never call it erased (StoreErasure).
        let pendingWords = TestDatabase.isPostgres ? "Removal pending since" : "Erasure pending since"
        let doneWords = TestDatabase.isPostgres ? "Removed from the tables at" : "Erased at"
        try await console.run { browser in
            try await browser.signIn("support@example.com")
            let reader = try await ForeignConnection.started(path: console.store.path, holding: .readSnapshot)
            try await browser.get("/users/\(jane.uuid)/delete")
            let done = try await browser.post("/users/\(jane.uuid)/delete", ["confirmation": jane.uuid, "reason": "Asked in the app"])
            #expect(done.status == .seeOther)

            // The reader still sees the old snapshot: the bytes cannot go yet, and the pages say so.
            let pending = try await browser.get("/users/\(jane.uuid)")
            #expect(pending.body.contains(pendingWords))
            let requests = try await browser.get("/deletion-requests?status=done")
            #expect(requests.body.contains(pendingWords))

            reader.release()
            let erased = try await poll(seconds: 20) {
                let page = try await browser.get("/users/\(jane.uuid)")
                return page.body.contains(doneWords) ? page : nil
            }
            #expect(erased != nil, "the page never said erased")
            #expect(try await browser.get("/deletion-requests?status=done").body.contains(doneWords))
        }
        try await AccountDeletionTests.expectNoPersonalDataLeft(console.store, jane)
        await #expect(try console.auditCount(.userDeleted) == 1)
        await #expect(try console.auditCount(.userErased) == 1)
    }
}

/// Ask `check` until it answers, or give up after `seconds`; a test that waits
/// for something in the background waits for it, not for a fixed time.
func poll<T>(seconds: Double, every interval: Duration = .milliseconds(50), _ check: () async throws -> T?) async throws -> T? {
    let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
    while ContinuousClock.now < deadline {
        if let value = try await check() { return value }
        try await Task.sleep(for: interval)
    }
    return try await check()
}

/// Whether `uuid`'s tombstone is marked erased within `seconds` (on PostgreSQL
/// the background loop vacuums after a deletion; on SQLite it is at once).
func tombstoneErased(_ uuid: String, in store: StandStore, within seconds: Double = 20) async throws -> Bool {
    try await poll(seconds: seconds) { try await store.read { db in try Tombstone.find(db, uuid: uuid) }?.isErased == true ? true : nil } ?? false
}
