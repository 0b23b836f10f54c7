import Foundation
import StandCore
import Testing
@testable import StandWeb

/// The month grid, its links and the gaps ahead.
@Suite struct QuestionCalendarTests {
    typealias Day = QuestionDays

    @Test func monthsStartOnMondayAndKnowTheirLength() throws {
        let december = try #require(CalendarMonth("2026-12"))
        #expect(december.leadingBlankDays == 1)  // 2026-12-01 is a Tuesday
        #expect(december.dayCount == 31)
        #expect(CalendarMonth("2028-02")?.dayCount == 29)
        #expect(CalendarMonth("2026-06")?.leadingBlankDays == 0)  // a Monday
        #expect(december.next?.description == "2027-01")
        #expect(december.title == "December 2026")
        #expect(CalendarMonth("2026-01")?.previous?.description == "2025-12")
        for bad in ["2026-13", "2026-1", "26-12", "2026-12-01", "١٢٣٤-12", "9999-01", "+026-12"] { #expect(CalendarMonth(bad) == nil, "\(bad)") }
    }

    @Test func theCalendarShowsQuestionsTodayAndEmptyDaysWithLinks() async throws {
        let console = try await TestConsole()
        try await console.createStaff("editor@example.com", role: .editor)
        let data = AppData(store: console.store)
        let id = try await data.question(day: Day.today, text: "Early bird or night owl?")
        try await data.question(day: Day.offset(1), text: "<img src=x onerror=alert(1)> or dogs?")
        let month = String(Day.today.prefix(7))
        try await console.run { browser in
            try await browser.signIn("editor@example.com")
            let page = try await browser.get("/questions")
            #expect(page.body.contains("<time datetime=\"\(Day.today)\">"))
            #expect(page.body.contains("<span class=\"badge live\">live</span>"))
            #expect(page.body.contains("href=\"/questions/\(id)\""))
            #expect(page.body.contains("&lt;img src=x onerror=alert(1)&gt; or dogs?"))
            // Two of the next 14 days (today and tomorrow) have a question.
            #expect(page.body.contains("<strong>12 empty days</strong> in the next 14 days; <strong>58</strong> in the next 60."))
            #expect(page.body.contains("href=\"/questions/new?date=\(Day.offset(2))\""))
            let current = try #require(CalendarMonth(month))
            #expect(page.body.contains("href=\"/questions?month=\(current.next!.description)\" rel=\"next\""))
            let next = try await browser.get("/questions?month=\(current.next!.description)")
            #expect(next.body.contains(current.next!.title))
            #expect(next.body.contains("href=\"/questions\">This month"))
            let bad = try await browser.get("/questions?month=2026-13")
            #expect(bad.status == .badRequest)
            #expect(bad.body.contains("There is no month “2026-13” to show"))
        }
    }

    @Test func theDashboardLinksTheFirstEmptyDay() async throws {
        let console = try await TestConsole()
        try await console.createStaff("editor@example.com", role: .editor)
        try await AppData(store: console.store).question(day: Day.today)
        try await console.run { browser in
            try await browser.signIn("editor@example.com")
            let page = try await browser.get("/")
            #expect(page.body.contains("href=\"/questions/new?date=\(Day.offset(1))\">Schedule \(Day.offset(1))</a>"))
        }
    }
}
