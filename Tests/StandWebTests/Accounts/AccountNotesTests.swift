import Foundation
import GRDB
import StandCore
import Testing
@testable import StandWeb

/// Issue 22: notes on an account, written by support and owners, read by
/// everyone, newest first, hostile text shown as text; the audit event names
/// the note, never its text (deleting the account erases the notes: see
/// AccountDeletionTests).
@Suite struct AccountNotesTests {
    @Test func supportWritesNotesEveryoneReadsThemAsTextNewestFirst() async throws {
        let console = try await TestConsole()
        _ = try await console.createStaff("support@example.com", role: .support)
        _ = try await console.createStaff("editor@example.com", role: .editor)
        let user = try await AppData(store: console.store).user(email: "ana@example.com", phone: "+15550001000")
        let hostile = "<script>alert(1)</script>\n\"quoted\" & called +1 555 000 1000"
        try await console.run { browser in
            try await browser.signIn("support@example.com")
            try await browser.get("/users/\(user.uuid)")
            let empty = try await browser.post("/users/\(user.uuid)/notes", ["body": "  \n "])
            #expect(empty.status == .unprocessableContent && empty.body.contains("Write the note first."))
            let tooLong = String(repeating: "é", count: 4_001)
            let refused = try await browser.post("/users/\(user.uuid)/notes", ["body": tooLong])
            #expect(refused.status == .unprocessableContent && refused.body.contains(tooLong) && refused.body.contains("Keep a note under 4,000 characters"))
            #expect(try await browser.post("/users/\(user.uuid)/notes", ["body": "First: asked about the streak"]).location
                == "/users/\(user.uuid)?done=note#notes")
            try await browser.get("/users/\(user.uuid)")
            #expect(try await browser.post("/users/\(user.uuid)/notes", ["body": hostile]).status == .seeOther)
            let page = try await browser.get("/users/\(user.uuid)?done=note")
            #expect(page.body.contains("&lt;script&gt;alert(1)&lt;/script&gt;\n\"quoted\" &amp; called +1 555 000 1000"))
            #expect(!page.body.contains("<script>alert(1)"))
            let newest = try #require(page.body.range(of: "&lt;script&gt;")), oldest = try #require(page.body.range(of: "First: asked about the streak"))
            #expect(newest.lowerBound < oldest.lowerBound, "newest first")
            #expect(page.body.contains("support@example.com, "))
            browser.forgetCookies()
            try await browser.signIn("editor@example.com")
            let read = try await browser.get("/users/\(user.uuid)")
            #expect(read.body.contains("First: asked about the streak") && !read.body.contains("id=\"add-note\""))
            #expect(try await browser.post("/users/\(user.uuid)/notes", ["body": "Editors only read"]).status == .forbidden)
        }
        let details = try await console.store.read { db in
            try String.fetchAll(db, sql: "SELECT detail FROM audit_events WHERE action = 'user.note_added' ORDER BY id")
        }
        #expect(details.count == 2 && details.allSatisfy { $0.hasPrefix("note #") && !$0.contains("streak") })
    }
}
