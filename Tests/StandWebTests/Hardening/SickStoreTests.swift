import Foundation
import GRDB
import StandCore
import StandTestSupport
import Testing
@testable import StandWeb

/// Issue 19, findings 4 and 5: a damaged store ran silently (116 of 5,000 user
/// pages "Something went wrong", the log saying only `GRDB.DatabaseError`), and
/// a full disk gave generic 500s that lost what was typed. Both failed before.
@Suite(.sqliteOnly) struct SickStoreTests {
    static let editFields = ["phone": "+15552230001", "birthdate": "1990-05-17", "reminderTime": "08:30",
                             "originalEmail": "ana@example.com", "originalPhone": "+15552230001",
                             "originalBirthdate": "1990-05-17", "originalReminderTime": "08:30"]

    @Test(.sqliteOnly) func aStoreWithDamagedPagesSaysSoAtStartUpOnItsPagesAndOnHealthz() async throws {
        // A store with answers, closed, then its `answers` table and index pages overwritten, as a failing disk would.
        let prepared = try await TestConsole()
        try await prepared.createStaff("support@example.com", role: .support)
        let data = AppData(store: prepared.store)
        let ana = try await data.user(email: "ana@example.com", phone: "+15552230001")
        let bob = try await data.user(email: "bob@example.com", phone: "+15552230002")
        for day in 1...20 {
            let question = try await data.question(day: String(format: "2026-10-%02d", day))
            try await data.answer(ana, question: question, choice: day % 2)
        }
        let path = prepared.store.path
        let (pageSize, roots) = try await prepared.store.pool.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)")
            return (try Int.fetchOne(db, sql: "PRAGMA page_size")!,
                    try Int.fetchAll(db, sql: "SELECT rootpage FROM sqlite_master WHERE tbl_name = 'answers' AND rootpage > 0"))
        }
        try prepared.store.pool.close()
        let file = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        for root in roots {
            try file.seek(toOffset: UInt64((root - 1) * pageSize))
            try file.write(contentsOf: Data(repeating: 0x5A, count: pageSize))
        }
        try file.close()

        let console = try await TestConsole(databasePath: path)
        let check = try await StoreCheck.quickCheck(console.store)
        #expect(!check.isWhole)
        #expect(console.store.health.problem?.fault.kind == .damaged)
        try await console.run { browser in
            let health = try await browser.get("/healthz")
            #expect(health.status == .serviceUnavailable)
            #expect(health.body.hasPrefix("store: The store is damaged since"))
            try await browser.signIn("support@example.com")
            let dashboard = try await browser.get("/")
            #expect(dashboard.status == .ok)
            #expect(dashboard.body.contains("The store is damaged since"))
            // An account whose answers sit on the damaged pages: named, never "Something went wrong".
            let page = try await browser.get("/users/\(ana.uuid)")
            #expect(page.status == .internalServerError)
            #expect(page.body.contains("The store is damaged"))
            #expect(page.body.contains("file is damaged (SQLITE_CORRUPT"))
            #expect(!page.body.contains("Something went wrong"))
            // Pages the damage does not reach still open, with the banner.
            let users = try await browser.get("/users")
            #expect(users.status == .ok)
            #expect(users.body.contains(bob.email))
            #expect(users.body.contains("The store is damaged since"))
        }
    }

    /// SQLite's own SQLITE_FULL, provoked without filling the machine's disk:
    /// the writer may not grow the file (`max_page_count`), and the audit log's
    /// last page is filled, so the next change cannot be written.
    static func fillTheStore(_ store: StandStore) async throws {
        try await store.pool.writeWithoutTransaction { db in
            let pages = try Int.fetchOne(db, sql: "PRAGMA page_count")!
            try db.execute(sql: "PRAGMA max_page_count = \(pages)")
            while true {
                do {
                    try db.execute(sql: "INSERT INTO audit_events (occurred_at, action) VALUES ('2026-01-01 00:00:00.000', 'x')")
                } catch let error as DatabaseError where error.resultCode == .SQLITE_FULL {
                    break
                }
            }
        }
    }

    static func makeRoom(_ store: StandStore) async throws {
        try await store.pool.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA max_page_count = 1073741823") }
    }

    @Test func aFullDiskKeepsWhatWasTypedSaysSoAndClearsOnceThereIsRoom() async throws {
        let console = try await TestConsole()
        try await console.createStaff("support@example.com", role: .support)
        let ana = try await AppData(store: console.store).user(email: "ana@example.com", phone: "+15552230001")
        let bea = try await AppData(store: console.store).user(email: "bea@example.com", phone: "+15552230002")
        try await console.run { browser in
            try await browser.signIn("support@example.com")
            try await browser.get("/users/\(ana.uuid)/edit")
            try await Self.fillTheStore(console.store)

            let edit = try await browser.post("/users/\(ana.uuid)/edit", Self.editFields.merging(["email": "ana.new@example.com"]) { $1 })
            #expect(edit.status.code == 507)
            #expect(edit.body.contains("The disk is full; nothing was saved."))
            #expect(edit.body.contains(#"value="ana.new@example.com""#))
            #expect(edit.headers[.retryAfter] != nil)
            // A deletion's first step (marking the account) fits in the store's free space; its
            // last one does not: the deletion has begun, and says it finishes when it can.
            let delete = try await browser.post("/users/\(bea.uuid)/delete", ["confirmation": bea.uuid, "reason": "Asked in the app"])
            #expect(delete.location == "/users/\(bea.uuid)?done=deletion-underway")
            #expect(try await browser.get(delete.location!).body.contains("The deletion has begun"))
            let health = try await browser.get("/healthz")
            #expect(health.status == .serviceUnavailable)
            #expect(health.body.contains("The disk is full since"))
            #expect(health.body.contains("SQLITE_FULL"))
            #expect(try await browser.get("/").body.contains("The disk is full since"))
            #expect(try await console.store.read { db in try String.fetchOne(db, sql: "SELECT email FROM users WHERE uuid = ?", arguments: [ana.uuid]) }
                    == "ana@example.com")

            try await Self.makeRoom(console.store)
            let again = try await browser.post("/users/\(ana.uuid)/edit", Self.editFields.merging(["email": "ana.new@example.com"]) { $1 })
            #expect(again.status == .seeOther)
            #expect(try await browser.get("/healthz").status == .ok)
            // Finished by the form sent again, or by the background loop first (it retries too).
            let deleted = try await browser.post("/users/\(bea.uuid)/delete", ["confirmation": bea.uuid, "reason": "Asked in the app"])
            #expect(deleted.location == "/users/\(bea.uuid)?done=deleted" || deleted.body.contains("This account was already deleted"))
            #expect(try await console.store.read { db in try Tombstone.find(db, uuid: bea.uuid) } != nil)
        }
    }
}
