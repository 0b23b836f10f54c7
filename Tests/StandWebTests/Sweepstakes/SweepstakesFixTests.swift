import Foundation
import GRDB
import StandCore
import Testing
@testable import StandWeb

/// Issue 20: a sweepstakes created by mistake (a double-click made two) could
/// not be fixed. Editors and owners change one until it opens; an owner
/// cancels one, with a reason, at any time before a draw; it stays on record,
/// shown as cancelled, and is never drawn.
@Suite struct SweepstakesFixTests {
    static func create(_ console: TestConsole, _ name: String, startsIn days: Int, lasting length: Int = 10) async throws -> Int64 {
        let today = Date()
        return try await SweepstakesAdmin(store: console.store).create(SweepstakesDraft(
            name: name, prize: "Tickets", startsOn: UTCDate.day(UTCDate.adding(days: days, to: today)),
            endsOn: UTCDate.day(UTCDate.adding(days: days + length, to: today))), by: .commandLine)
    }

    static func row(_ console: TestConsole, _ id: Int64) async throws -> Sweepstakes {
        try #require(try await console.store.read { db in try Sweepstakes.find(db, id: id) })
    }

    @Test func anEditorChangesAnUpcomingSweepstakesAndNotAnOpenOne() async throws {
        let console = try await TestConsole()
        try await console.createStaff("editor@example.com", role: .editor)
        try await console.createStaff("support@example.com", role: .support)
        let later = try await Self.create(console, "Later", startsIn: 10)
        let open = try await Self.create(console, "Now", startsIn: -2)
        let start = UTCDate.day(UTCDate.adding(days: 12, to: Date())), end = UTCDate.day(UTCDate.adding(days: 40, to: Date()))
        let typed = SweepstakesPagesTests.form.merging(["name": "Later, fixed", "startsOn": start, "endsOn": end]) { $1 }
        try await console.run { browser in
            try await browser.signIn("editor@example.com")
            let shown = try await browser.get("/sweepstakes/\(later)")
            #expect(shown.body.contains("href=\"/sweepstakes/\(later)/edit\""))
            #expect(!shown.body.contains("/cancel\""), "only owners cancel")
            let form = try await browser.get("/sweepstakes/\(later)/edit")
            #expect(form.body.contains("<h1>Change Later</h1>"))
            #expect(form.body.contains("value=\"Later\""))
            // A problem comes back with what was typed, and nothing is written.
            let past = try await browser.post("/sweepstakes/\(later)/edit", typed.merging(["startsOn": "2020-01-01", "prize": "A <b>bike</b>"]) { $1 })
            #expect(past.status == .unprocessableContent)
            #expect(past.body.contains("The first day (2020-01-01) has passed"))
            #expect(past.body.contains("value=\"A &lt;b&gt;bike&lt;/b&gt;\""))
            #expect(try await Self.row(console, later).name == "Later")
            let saved = try await browser.post("/sweepstakes/\(later)/edit", typed)
            #expect(saved.location == "/sweepstakes/\(later)?done=edited")
            #expect(try await browser.get(saved.location!).body.contains("Saved the changes to Later, fixed."))
            let row = try await Self.row(console, later)
            #expect([row.name, row.prize, row.startsOn, row.endsOn, String(row.winnerCount)] == ["Later, fixed", "A bike, a helmet", start, end, "3"])
            // Once open, its rules are what app users were shown.
            #expect(try await browser.get("/sweepstakes/\(open)/edit").status == .conflict)
            try await browser.get("/sweepstakes/\(later)/edit")
            let refused = try await browser.post("/sweepstakes/\(open)/edit", typed)
            #expect(refused.status == .conflict)
            #expect(try await Self.row(console, open).name == "Now")
            browser.forgetCookies()
            try await browser.signIn("support@example.com")
            #expect(try await browser.get("/sweepstakes/\(later)/edit").status == .forbidden)
        }
        let details = try await console.store.read { db in
            try String.fetchAll(db, sql: "SELECT detail FROM audit_events WHERE action = 'sweepstakes.edited'")
        }
        #expect(details == ["changed name, prize, first day, last day, winners, entries per stand, streak bonus"])
    }

    @Test func anOwnerCancelsWithAReasonAndItIsKeptShownAsCancelledAndNeverDrawn() async throws {
        let console = try await TestConsole()
        try await console.createStaff("owner@example.com", role: .owner)
        try await console.createStaff("editor@example.com", role: .editor)
        let twin = try await Self.create(console, "Spring twin", startsIn: -20, lasting: 5)
        try await console.run { browser in
            try await browser.signIn("editor@example.com")
            #expect(try await browser.get("/sweepstakes/\(twin)/cancel").status == .forbidden)
            browser.forgetCookies()
            try await browser.signIn("owner@example.com")
            let confirm = try await browser.get("/sweepstakes/\(twin)/cancel")
            #expect(confirm.body.contains("<h1>Cancel Spring twin?</h1>"))
            #expect(confirm.body.contains("This cannot be undone."))
            let noReason = try await browser.post("/sweepstakes/\(twin)/cancel", ["reason": " "])
            #expect(noReason.status == .unprocessableContent)
            #expect(noReason.body.contains("<p>It was not cancelled. Please fix:</p>"))
            #expect(try await Self.row(console, twin).cancelledAt == nil)
            let cancelled = try await browser.post("/sweepstakes/\(twin)/cancel", ["reason": "Created twice by a double-click"])
            let page = try await browser.get(try #require(cancelled.location))
            #expect(page.body.contains("Cancelled Spring twin. It stays on record and will never be drawn."))
            #expect(page.body.contains("<span class=\"badge\">Cancelled</span>"))
            #expect(page.body.contains("Created twice by a double-click"))
            #expect(!page.body.contains("Draw winners…"))
            #expect(try await browser.get("/sweepstakes").body.contains("<td data-label=\"Status\">Cancelled</td>"))
            // Never drawn, never cancelled twice.
            #expect(try await browser.get("/sweepstakes/\(twin)/draw").status == .conflict)
            #expect(try await browser.get("/sweepstakes/\(twin)/cancel").status == .conflict)
        }
        let row = try await Self.row(console, twin)
        #expect(row.status == "closed", "programs that read only status stop awarding entries")
        #expect(row.phase() == .cancelled)
        let outcome = try await SweepstakesDraws(store: console.store).draw(sweepstakesId: twin, replacing: nil, reason: "", by: .commandLine)
        guard case .notClosed(.cancelled) = outcome else {
            Issue.record("a cancelled sweepstakes was drawn: \(outcome)")
            return
        }
        await #expect(try console.auditCount(.sweepstakesCancelled) == 1)
    }
}
