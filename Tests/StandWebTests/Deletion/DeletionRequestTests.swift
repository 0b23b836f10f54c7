import Foundation
import GRDB
import Hummingbird
import StandCore
import Testing
@testable import StandWeb

@Suite struct DeletionRequestTests {
    @Test func pendingRequestsOldestFirstWithTheirAge() async throws {
        let console = try TestConsole()
        try await console.createStaff("support@example.com", role: .support)
        let data = AppData(store: console.store)
        let newer = try data.user(email: "newer@example.com", phone: "+15552230001")
        let older = try data.user(email: "older@example.com", phone: "+15552230002")
        let tenDaysAgo = StoreTimestamp.string(Date().addingTimeInterval(-10 * 86_400 - 60))
        try data.deletionRequest(newer, createdAt: StoreTimestamp.string(Date().addingTimeInterval(-3_600)))
        try data.deletionRequest(older, createdAt: tenDaysAgo)
        try await console.run { browser in
            try await browser.signIn("support@example.com")
            let page = try await browser.get("/deletion-requests")
            #expect(page.status == .ok)
            let olderAt = try #require(page.body.range(of: older.uuid))
            let newerAt = try #require(page.body.range(of: newer.uuid))
            #expect(olderAt.lowerBound < newerAt.lowerBound)
            #expect(page.body.contains("10 d"))
            // Support sees who asked, not only a UUID.
            #expect(page.body.contains(">older@example.com</a>"))
            #expect(page.body.contains("0 d"))
        }
    }

    @Test func supportOpensARequestFromTheUserPageAndCancelsIt() async throws {
        let console = try TestConsole()
        try await console.createStaff("support@example.com", role: .support)
        let jane = try AppData(store: console.store).user(email: "jane@example.com", phone: "+15552234567")
        try await console.run { browser in
            try await browser.signIn("support@example.com")
            try await browser.get("/users/\(jane.uuid)")
            let opened = try await browser.post("/users/\(jane.uuid)/deletion-requests", ["note": "Phoned support on Monday"])
            #expect(opened.status == .seeOther)
            let userPage = try await browser.get(opened.location!)
            #expect(userPage.body.contains("Deletion request opened."))
            #expect(userPage.body.contains("Phoned support on Monday"))
            // One pending request is enough: no second form.
            #expect(!userPage.body.contains("action=\"/users/\(jane.uuid)/deletion-requests\""))
            let list = try await browser.get("/deletion-requests")
            #expect(list.body.contains(jane.uuid))
            let id = try #require(list.body.firstMatch(of: /action="\/deletion-requests\/(\d+)\/cancel"/).map { String($0.1) })
            let missingReason = try await browser.post("/deletion-requests/\(id)/cancel", ["reason": " "])
            #expect(missingReason.status == .unprocessableContent)
            #expect(missingReason.body.contains("Say why the request is cancelled."))
            let cancelled = try await browser.post("/deletion-requests/\(id)/cancel", ["reason": "Changed their mind"])
            #expect(cancelled.location == "/deletion-requests?done=cancelled")
            let again = try await browser.post("/deletion-requests/\(id)/cancel", ["reason": "Changed their mind"])
            #expect(again.status == .conflict)
            #expect(again.body.contains("no longer pending"))
            let cancelledList = try await browser.get("/deletion-requests?status=cancelled")
            #expect(cancelledList.body.contains("Cancelled: Changed their mind"))
        }
        #expect(try console.auditCount(.deletionRequestOpened) == 1)
        #expect(try console.auditCount(.deletionRequestCancelled) == 1)
    }

    @Test func deletingTheAccountMarksItsRequestsDone() async throws {
        let console = try TestConsole()
        try await console.createStaff("support@example.com", role: .support)
        let jane = try AppData(store: console.store).user(email: "jane@example.com", phone: "+15552234567")
        try AppData(store: console.store).deletionRequest(jane)
        try await console.run { browser in
            try await browser.signIn("support@example.com")
            try await browser.get("/users/\(jane.uuid)/delete")
            try await browser.post("/users/\(jane.uuid)/delete", ["confirmation": jane.email, "reason": "Request from the app"])
            let pending = try await browser.get("/deletion-requests")
            #expect(!pending.body.contains(jane.uuid))
            let done = try await browser.get("/deletion-requests?status=done")
            #expect(done.body.contains(jane.uuid))
            #expect(done.body.contains("support@example.com"))
            #expect(done.body.contains(">deleted</span>"))
        }
    }
}
