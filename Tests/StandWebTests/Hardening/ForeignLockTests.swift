import Foundation
import GRDB
import Hummingbird
import StandCore
import Testing
@testable import StandWeb

/// Findings 3 and 4: another program holding the store's write lock for longer
/// than the busy timeout must not stall the console or lose what was typed.
@Suite struct ForeignLockTests {
    @Test func pagesAnswerAndAnEditComesBackAs503WithWhatWasTypedWhileAnotherProgramHoldsTheWriteLock() async throws {
        let console = try await TestConsole()
        try await console.createStaff("support@example.com", role: .support)
        let user = try await AppData(store: console.store).user(email: "jane@example.com", phone: "+15552234567")
        try await console.run { browser in
            try await browser.signIn("support@example.com")
            // The session is due its once-a-minute touch, a write.
            try await console.store.write { db in
                try db.execute(sql: "UPDATE staff_sessions SET last_seen_at = ?", arguments: [Date().addingTimeInterval(-120)])
            }
            let foreign = try await ForeignConnection.started(path: console.store.path, holding: .writeLock)
            defer { foreign.release() }

            #expect(try await browser.get("/healthz").status == .ok)
            for uri in ["/", "/users", "/users?q=jane", "/users/\(user.uuid)", "/users/\(user.uuid)/edit", "/questions", "/deletion-requests"] {
                let page = try await browser.get(uri)
                #expect(page.status == .ok || page.status == .seeOther, "\(uri) → \(page.status)")
            }
            let typed = UserEditTests.form(email: "jane.typed@example.com", phone: "555 223 9999", reminder: "21:15")
            let edit = try await browser.post("/users/\(user.uuid)/edit", typed)
            #expect(edit.status == .serviceUnavailable)
            #expect(edit.headers[.retryAfter] != nil)
            #expect(edit.body.contains("The store is busy; nothing was saved; try again"))
            #expect(edit.body.contains("value=\"jane.typed@example.com\""))
            #expect(edit.body.contains("value=\"555 223 9999\""))
            #expect(edit.body.contains("value=\"21:15\""))
            // Still signed in, and nothing was half-written.
            #expect(try await browser.get("/account").status == .ok)
        }
        let account = try await console.store.read { db in try UserAccount.find(db, uuid: user.uuid) }
        #expect(account?.email == "jane@example.com")
        #expect(account?.version == 1)
        await #expect(try console.auditCount(.userUpdated) == 0)
    }

    @Test func theSessionTouchIsWrittenOnceTheLockIsGone() async throws {
        let console = try await TestConsole()
        try await console.createStaff("support@example.com", role: .support)
        try await console.runWithServices { browser, services in
            try await browser.signIn("support@example.com")
            let old = Date().addingTimeInterval(-120)
            try await console.store.write { db in
                try db.execute(sql: "UPDATE staff_sessions SET last_seen_at = ?", arguments: [old])
            }
            let foreign = try await ForeignConnection.started(path: console.store.path, holding: .writeLock)
            #expect(try await browser.get("/").status == .ok)
            foreign.release()
            await services.flushBufferedWrites()
            let seen = try await console.store.read { db in try Date.fetchOne(db, sql: "SELECT last_seen_at FROM staff_sessions") }
            #expect(try #require(seen) > old.addingTimeInterval(60))
        }
    }
}
