import HTTPTypes
import Foundation
import Hummingbird
import StandCore
import Testing
@testable import StandWeb

@Suite struct PageTests {
    @Test func everyResponseCarriesTheSecurityHeaders() async throws {
        let console = try await TestConsole()
        try await console.createStaff("owner@example.com", role: .owner)
        try await console.run { browser in
            var pages = [try await browser.get("/healthz"), try await browser.get("/login"), try await browser.get("/static/app.css")]
            try await browser.signIn("owner@example.com")
            pages += [try await browser.get("/"), try await browser.get("/missing"), try await browser.get("/staff")]
            for page in pages {
                #expect(page.headers[.contentSecurityPolicy]?.contains("script-src 'self'") == true)
                #expect(page.headers[.xContentTypeOptions] == "nosniff")
                #expect(page.headers[HTTPField.Name("Referrer-Policy")!] == "no-referrer")
            }
            #expect(pages[1].headers[.cacheControl] == "no-store")
            #expect(pages[2].headers[.cacheControl]?.contains("max-age=3600") == true)
        }
    }

    @Test func htmlPagesReportServerTiming() async throws {
        let console = try await TestConsole()
        try await console.createStaff("owner@example.com", role: .owner)
        try await console.run { browser in
            try await browser.signIn("owner@example.com")
            let page = try await browser.get("/")
            let timing = try #require(page.headers[HTTPField.Name("Server-Timing")!])
            #expect(timing.contains("db;dur="))
            #expect(timing.contains("render;dur="))
            #expect(timing.contains("html;dur="))
            #expect(timing.contains("total;dur="))
        }
    }

    @Test func dashboardShowsTodaysQuestionAndCounts() async throws {
        let console = try await TestConsole()
        try await console.createStaff("owner@example.com", role: .owner)
        _ = try await DemoSeeder(store: console.store).seeded(.init(users: 300, days: 3, seed: 7))
        try await console.run { browser in
            try await browser.signIn("owner@example.com")
            let page = try await browser.get("/")
            #expect(page.body.contains("id=\"user-count\">300<"))
            #expect(page.body.contains("Today's question"))
            #expect(page.body.contains("<svg class=\"share-bar\""))
            #expect(page.body.contains("id=\"pending-suggestions\">13<"))
            // Seeded hostile suggestions never reach a page unescaped.
            #expect(!page.body.contains("<script>alert"))
        }
    }

    @Test func sectionPagesListSeededDataEscaped() async throws {
        let console = try await TestConsole()
        try await console.createStaff("owner@example.com", role: .owner)
        _ = try await DemoSeeder(store: console.store).seeded(.init(users: 40, days: 3, seed: 9))
        try await console.run { browser in
            try await browser.signIn("owner@example.com")
            let suggestions = try await browser.get("/suggestions")
            #expect(suggestions.body.contains("&lt;script&gt;alert('pwned')&lt;/script&gt;"))
            // In text a quote is harmless; it stays text inside its cell.
            #expect(suggestions.body.contains(">\" onmouseover=\"alert(1)\" data-x=\"<br>"))
            let users = try await browser.get("/users")
            #expect(users.body.contains("rel=\"next\""))
            let next = try #require(users.body.firstMatch(of: /href="(\/users\?older=[^"]+&amp;page=2)" rel="next"/)?.1)
            let second = try await browser.get(next.replacingOccurrences(of: "&amp;", with: "&"))
            #expect(!second.body.contains("rel=\"next\""))
            #expect(second.body.contains("rel=\"prev\""))
            // The seeder leaves the third day from today empty: in the last days of a month, next month's page shows it.
            let emptyDay = UTCDate.day(UTCDate.adding(days: 3, to: Date()))
            let questions = try await browser.get("/questions?month=" + emptyDay.prefix(7))
            #expect(questions.body.contains("aria-label=\"Schedule a question for \(emptyDay)\">Schedule a question for this day</a>"))
            let sweepstakes = try await browser.get("/sweepstakes")
            #expect(sweepstakes.body.contains("Winter Stand Sweepstakes"))
            let deletions = try await browser.get("/deletion-requests")
            #expect(deletions.body.contains(" days old</td>"))
            let cancelled = try await browser.get("/deletion-requests?status=cancelled")
            #expect(cancelled.body.contains("aria-current=\"page\" class=\"button\">Cancelled"))
        }
    }

    @Test func emptyStoreDashboardSaysWhatToDo() async throws {
        let console = try await TestConsole()
        try await console.createStaff("editor@example.com", role: .editor)
        try await console.run { browser in
            try await browser.signIn("editor@example.com")
            let page = try await browser.get("/")
            #expect(page.body.contains("No question today."))
            #expect(page.body.contains("Schedule one now"))
        }
    }

    @Test func notFoundPageIsInTheLayoutForSignedInStaff() async throws {
        let console = try await TestConsole()
        try await console.createStaff("owner@example.com", role: .owner)
        try await console.run { browser in
            try await browser.signIn("owner@example.com")
            let page = try await browser.get("/no-such-page")
            #expect(page.status == .notFound)
            #expect(page.body.contains("Page not found"))
            #expect(page.body.contains("aria-label=\"Sections\""))
        }
    }

    @Test func auditLogFiltersAndPaginatesNewestFirst() async throws {
        let console = try await TestConsole()
        let owner = try await console.createStaff("owner@example.com", role: .owner)
        try await console.store.write { db in
            for n in 0..<120 {
                try AuditLog.record(db, n % 2 == 0 ? .signInFailed : .signOut, by: AuditActor(owner, ip: "127.0.0.1"), detail: "event \(n)")
            }
        }
        try await console.run { browser in
            try await browser.signIn("owner@example.com")
            let first = try await browser.get("/audit?action=staff.sign_out")
            #expect(first.body.contains("event 119"))
            #expect(!first.body.contains("event 118"))
            let next = try #require(first.body.firstMatch(of: /href="\/audit\?([^"]+)" rel="next"/)?.1)
            let second = try await browser.get("/audit?" + next.replacingOccurrences(of: "&amp;", with: "&"))
            #expect(second.body.contains("event 19<"))
            #expect(!second.body.contains("event 119"))
            #expect(!second.body.contains("rel=\"next\""))
            let byStaff = try await browser.get("/audit?staff=\(owner.id!)&action=staff.sign_in")
            #expect(byStaff.body.contains(#"<option value="staff.sign_in" selected="selected">Signed in</option>"#))
        }
    }
}
