import Foundation
import GRDB
import Hummingbird
import StandCore
import Testing
@testable import StandWeb

@Suite struct UserPageTests {
    @Test func showsProfileStatsAnswersEntriesRequestsAndStaffActions() async throws {
        let console = try await TestConsole()
        let support = try await console.createStaff("support@example.com", role: .support)
        let data = AppData(store: console.store)
        let jane = try await data.user(email: "jane@example.com", phone: "+15552234567", birthdate: "2000-02-29", reminder: "07:45", points: 4321)
        let question = try await data.question(day: "2026-11-20", text: "Tea or coffee?")
        try await data.answer(jane, question: question, choice: 1)
        let open = try await data.sweepstakes(name: "Winter Stand", drawn: false)
        try await data.entries(jane, sweepstakes: open, count: 3)
        try await data.deletionRequest(jane)
        _ = try await console.store.write { db in
            try AuditLog.record(db, .userUpdated, by: AuditActor(support, ip: nil), target: (AuditTarget.user, jane.uuid), detail: "changed phone")
        }
        try await console.runWithServices { browser, services in
            try await browser.signIn("support@example.com")
            let page = try await browser.get("/users/\(jane.uuid)")
            #expect(page.status == .ok)
            for text in ["jane@example.com", "+1 555-223-4567", "+15552234567", "2000-02-29", "07:45 UTC", "4,321",
                         "Tea or coffee?", "Dogs", "Winter Stand", "Changed phone", "Pending", jane.uuid] {
                #expect(page.body.contains(text), "\(text)")
            }
            // The reminder carries an instant for the viewer's local time.
            #expect(page.body.contains("data-local=\"time\""))
            #expect(!page.body.contains("$2b$"), "the password hash is never rendered")
            // Viewing is itself recorded.
            await services.accountViews.flush()
            let views = try await console.store.read { db in
                try AuditEvent.fetchAll(db, sql: "SELECT * FROM audit_events WHERE action = 'user.viewed' AND target_id = ?", arguments: [jane.uuid])
            }
            #expect(views.count == 1)
            #expect(views.first?.staffEmail == "support@example.com")
            // Views are summed up, not listed: they would push changes off the table.
            let again = try await browser.get("/users/\(jane.uuid)")
            #expect(again.body.contains("Opened by staff once before this visit; last by support@example.com"))
            #expect(!again.body.contains("Opened the account"))
            #expect(again.body.contains("Changed phone"))
        }
    }

    /// Counting views reads every counted event: it stops past the limit, so an
    /// account opened for years costs its page no more than one opened a thousand times.
    @Test(arguments: [(UserActivity.Views.countLimit, "1,000 times before this visit"),
                      (UserActivity.Views.countLimit + 1, "more than 1,000 times before this visit"),
                      (UserActivity.Views.countLimit + 250, "more than 1,000 times before this visit")])
    func viewsAreCountedUpToTheLimit(recorded: Int, says summary: String) async throws {
        let console = try await TestConsole()
        let support = try await console.createStaff("support@example.com", role: .support)
        let jane = try await AppData(store: console.store).user(email: "jane@example.com", phone: "+15552234567")
        try await console.store.write { db in
            for _ in 0..<recorded {
                try AuditLog.record(db, .userViewed, by: AuditActor(support, ip: nil), target: (AuditTarget.user, jane.uuid))
            }
        }
        let heading = try await console.store.read { db in try UserActivity.heading(db, uuid: jane.uuid) }
        let views = try #require(heading?.views)
        #expect(views.count == min(recorded, UserActivity.Views.countLimit + 1))
        #expect(views.isOverLimit == (recorded > UserActivity.Views.countLimit))
        try await console.run { browser in
            try await browser.signIn("support@example.com")
            let page = try await browser.get("/users/\(jane.uuid)")
            #expect(page.status == .ok)
            #expect(page.body.contains("Opened by staff \(summary); last by support@example.com"))
        }
    }

    @Test func answersArePaginatedNewestFirst() async throws {
        let console = try await TestConsole()
        try await console.createStaff("editor@example.com", role: .editor)
        let data = AppData(store: console.store)
        let jane = try await data.user(email: "jane@example.com", phone: "+15552234567")
        for day in 1...45 {
            let runsOn = UTCDate.day(UTCDate.adding(days: -day, to: Date()))
            let question = try await data.question(day: runsOn, text: "Question \(day)")
            try await data.answer(jane, question: question, choice: day % 2, at: runsOn + " 09:00:00.000")
        }
        try await console.run { browser in
            try await browser.signIn("editor@example.com")
            var path: String? = "/users/\(jane.uuid)"
            var shown: [String] = []
            while let next = path {
                let page = try await browser.get(next)
                #expect(page.status == .ok)
                shown += page.body.matches(of: /<td data-label="Question">(Question \d+)<\/td>/).map { String($0.1) }
                path = page.body.firstMatch(of: /<a href="([^"]+)" rel="next">Older answers/).map { String($0.1).replacingOccurrences(of: "&amp;", with: "&") }
            }
            #expect(shown == (1...45).map { "Question \($0)" })
        }
    }

    @Test func editorsSeeTheAccountButNoEditOrDeleteButtons() async throws {
        let console = try await TestConsole()
        try await console.createStaff("editor@example.com", role: .editor)
        let jane = try await AppData(store: console.store).user(email: "jane@example.com", phone: "+15552234567")
        try await console.run { browser in
            try await browser.signIn("editor@example.com")
            let page = try await browser.get("/users/\(jane.uuid)")
            #expect(page.status == .ok)
            #expect(!page.body.contains("/edit\""))
            #expect(!page.body.contains("/delete\""))
        }
    }

    @Test(arguments: ["/users/not-a-uuid", "/users/0f8b1c9e-5f2a-4c1d-9a7b-3e2d1c0b9a8f"])
    func unknownAccountIsANotFoundPage(path: String) async throws {
        let console = try await TestConsole()
        try await console.createStaff("support@example.com", role: .support)
        try await console.run { browser in
            try await browser.signIn("support@example.com")
            let page = try await browser.get(path)
            #expect(page.status == .notFound)
            #expect(page.body.contains("Page not found"))
        }
    }
}
