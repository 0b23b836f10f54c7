import Foundation
@testable import StandCore
import StandTestSupport
import Testing
@testable import StandWeb

/// Issue 19: `PRAGMA quick_check` of a 1.46 GB store took 3 to 13 s, during
/// which the port stayed closed (the bench's start-up wait gave up). It now
/// runs while the console serves, and no change is written until it is done.
@Suite(.sqliteOnly) struct StartUpCheckTests {
    @Test func whileTheStoreIsCheckedPagesOpenAndFormsKeepWhatWasTyped() async throws {
        let console = try await TestConsole()
        try await console.createStaff("support@example.com", role: .support)
        let ana = try await AppData(store: console.store).user(email: "ana@example.com", phone: "+15552230001")
        try await console.run { browser in
            try await browser.signIn("support@example.com")
            try await browser.get("/users/\(ana.uuid)/edit")
            console.store.health.beginCheck()

            let health = try await browser.get("/healthz")
            #expect(health.status == .serviceUnavailable)
            #expect(health.body.hasPrefix("checking: the store's file since"))
            let dashboard = try await browser.get("/")
            #expect(dashboard.status == .ok)
            #expect(dashboard.body.contains("The console is checking the store's file after starting"))
            let edit = try await browser.post("/users/\(ana.uuid)/edit", SickStoreTests.editFields.merging(["email": "ana.new@example.com"]) { $1 })
            #expect(edit.status == .serviceUnavailable)
            #expect(edit.body.contains("takes no changes until it is done"))
            #expect(edit.body.contains(#"value="ana.new@example.com""#))
            #expect(try await console.store.read { db in try String.fetchOne(db, sql: "SELECT email FROM users WHERE uuid = ?", arguments: [ana.uuid]) }
                    == "ana@example.com")

            console.store.health.endCheck()
            let again = try await browser.post("/users/\(ana.uuid)/edit", SickStoreTests.editFields.merging(["email": "ana.new@example.com"]) { $1 })
            #expect(again.status == .seeOther)
            #expect(try await browser.get("/healthz").body == "ok")
        }
    }

    @Test func theBackgroundCheckEndsTheReadOnlySpellAndReports() async throws {
        let console = try await TestConsole()
        let reported = AsyncStream<Bool>.makeStream()
        let check = StoreCheck.inBackground(console.store) { outcome in
            reported.continuation.yield((try? outcome.get())?.isWhole == true)
        }
        await check.value
        #expect(console.store.health.checkingSince == nil)
        var iterator = reported.stream.makeAsyncIterator()
        #expect(await iterator.next() == true)
        try await console.createStaff("owner@example.com", role: .owner)
    }
}
