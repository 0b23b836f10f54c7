import Foundation
import GRDB
import StandCore
import Testing
@testable import StandWeb

/// Suggestions: hostile text shown as text, approval into a question in one
/// transaction, rejection of several at once with a reason, and the roles.
@Suite struct SuggestionReviewTests {
    typealias Day = QuestionDays

    func statuses(_ console: TestConsole) async throws -> [String] {
        try await console.store.read { db in
            try String.fetchAll(db, sql: "SELECT id || ' ' || status || ' ' || COALESCE(CAST(question_id AS TEXT), '-') || ' ' || COALESCE(review_note, '-') FROM suggestions ORDER BY id")
        }
    }

    @Test func aSuggestionIsApprovedIntoAQuestion() async throws {
        let console = try await TestConsole()
        try await console.createStaff("editor@example.com", role: .editor)
        let data = AppData(store: console.store)
        let jane = try await data.user(email: "jane@example.com", phone: "+15550001000")
        let id = try await data.suggestion(jane, text: "<img src=x onerror=alert(1)> Is pineapple on pizza fine?")
        try await data.question(day: Day.today)
        try await console.run { browser in
            try await browser.signIn("editor@example.com")
            let list = try await browser.get("/suggestions")
            #expect(list.body.contains("&lt;img src=x onerror=alert(1)&gt; Is pineapple on pizza fine?"))
            #expect(list.body.contains("href=\"/users/\(jane.uuid)\">jane@example.com</a>"))
            let form = try await browser.get("/suggestions/\(id)/approve")
            // Pre-filled: the suggestion's words and the next free day (today is taken).
            #expect(form.body.contains("&lt;img src=x onerror=alert(1)&gt; Is pineapple on pizza fine?</textarea>"))
            #expect(form.body.contains("name=\"runsOn\" type=\"date\" value=\"\(Day.offset(1))\""))
            let incomplete = try await browser.post("/suggestions/\(id)/approve", QuestionSchedulingTests.form(Day.offset(1), "Is pineapple on pizza fine?", ["Yes"]))
            #expect(incomplete.status == .unprocessableContent)
            await #expect(try statuses(console) == ["\(id) pending - -"])
            let saved = try await browser.post("/suggestions/\(id)/approve", QuestionSchedulingTests.form(Day.offset(1), "Is pineapple on pizza fine?", ["Yes", "No"]))
            let location = try #require(saved.location)
            let question = try await browser.get(location)
            #expect(question.body.contains("Approved suggestion #\(id) as question #"))
            #expect(question.body.contains("From suggestion #\(id)."))
            // Back to the queue in one click.
            #expect(question.body.contains(#"<a href="/suggestions">Next suggestion in the queue →</a>"#))
            let approved = try await browser.get("/suggestions?status=approved")
            #expect(approved.body.contains("Question for \(Day.offset(1))"))
            // Reviewed once: a second approval is refused and nothing is scheduled twice.
            #expect(try await browser.get("/suggestions/\(id)/approve").status == .conflict)
        }
        let questionId = try await console.store.read { db in try Int64.fetchOne(db, sql: "SELECT id FROM daily_questions WHERE runs_on = ?", arguments: [Day.offset(1)]) }
        await #expect(try statuses(console) == ["\(id) approved \(try #require(questionId)) -"])
        await #expect(try console.auditCount(.suggestionApproved) == 1)
        await #expect(try console.auditCount(.questionScheduled) == 1)
    }

    @Test func severalSuggestionsAreRejectedAtOnceWithAReason() async throws {
        let console = try await TestConsole()
        try await console.createStaff("editor@example.com", role: .editor)
        let data = AppData(store: console.store)
        var madeIds: [Int64] = []
        for index in 0..<3 { madeIds.append(try await data.suggestion(nil, text: "Suggestion number \(index)?", createdAt: "2026-11-0\(index + 1) 00:00:00.000")) }
        let ids = madeIds
        try await console.run { browser in
            try await browser.signIn("editor@example.com")
            let list = try await browser.get("/suggestions")
            // Newest first; a detached suggestion says so.
            let newest = try #require(list.body.range(of: "Suggestion number 2?")), oldest = try #require(list.body.range(of: "Suggestion number 0?"))
            #expect(newest.lowerBound < oldest.lowerBound)
            #expect(list.body.contains("deleted account"))
            let nothing = try await browser.post("/suggestions/reject", pairs: [("reason", "Off topic, kept")])
            #expect(nothing.status == .unprocessableContent)
            #expect(nothing.body.contains("Tick at least one suggestion to reject."))
            #expect(nothing.body.contains("value=\"Off topic, kept\""))
            try await browser.get("/suggestions")
            let asked = try await browser.post("/suggestions/reject", pairs: [("ids[]", String(ids[0])), ("ids[]", String(ids[2])), ("reason", "Duplicate of an old question")])
            #expect(asked.body.contains("<h1>Reject 2 suggestions?</h1>"))
            #expect(try await console.store.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM suggestions WHERE status = 'rejected'") } == 0)
            let done = try await browser.post("/suggestions/reject", pairs: [("ids[]", String(ids[0])), ("ids[]", String(ids[2])), ("reason", "Duplicate of an old question"),
                                                                              ("confirmed", "yes")])
            let location = try #require(done.location)
            let after = try await browser.get(location)
            #expect(after.body.contains("Rejected 2 suggestions."))
            let rejected = try await browser.get("/suggestions?status=rejected")
            #expect(rejected.body.contains("by editor@example.com: Duplicate of an old question"))
        }
        await #expect(try statuses(console) == ["\(ids[0]) rejected - Duplicate of an old question", "\(ids[1]) pending - -",
                                          "\(ids[2]) rejected - Duplicate of an old question"])
        await #expect(try console.auditCount(.suggestionRejected) == 2)
    }

    @Test func pendingSuggestionsArePagedTwentyFiveAtATime() async throws {
        let console = try await TestConsole()
        try await console.createStaff("support@example.com", role: .support)
        let data = AppData(store: console.store)
        for index in 0..<30 {
            try await data.suggestion(nil, text: "Paged suggestion \(index)?", createdAt: "2026-11-01 00:00:\(String(format: "%02d", index)).000")
        }
        try await console.run { browser in
            try await browser.signIn("support@example.com")
            let first = try await browser.get("/suggestions")
            #expect(first.body.contains("Paged suggestion 29?") && first.body.contains("Paged suggestion 5?"))
            #expect(!first.body.contains("Paged suggestion 4?"))
            let next = try #require(first.body.firstMatch(of: /href="(\/suggestions\?after=[^"]+)" rel="next"/)?.1)
            let second = try await browser.get(String(next))
            #expect(second.body.contains("Paged suggestion 4?") && second.body.contains("Paged suggestion 0?"))
            #expect(!second.body.contains("Paged suggestion 5?"))
            #expect(!second.body.contains("rel=\"next\""))
            #expect(try await browser.get("/suggestions?after=nonsense").status == .badRequest)
        }
    }

    @Test func supportReadsSuggestionsButCannotReviewThem() async throws {
        let console = try await TestConsole()
        try await console.createStaff("support@example.com", role: .support)
        let id = try await AppData(store: console.store).suggestion(nil, text: "Can support approve this?")
        try await console.run { browser in
            try await browser.signIn("support@example.com")
            let list = try await browser.get("/suggestions")
            #expect(list.status == .ok)
            #expect(!list.body.contains("type=\"checkbox\""))
            #expect(!list.body.contains("Approve…"))
            #expect(try await browser.get("/suggestions/\(id)/approve").status == .forbidden)
            try await browser.get("/suggestions")
            #expect(try await browser.post("/suggestions/reject", pairs: [("ids[]", String(id))]).status == .forbidden)
            try await browser.get("/suggestions")
            #expect(try await browser.post("/suggestions/\(id)/approve", QuestionSchedulingTests.form(Day.offset(2), "Can support approve this?", ["Yes", "No"])).status == .forbidden)
        }
        await #expect(try statuses(console) == ["\(id) pending - -"])
    }
}
