import Foundation
import GRDB
import StandCore
import Testing
@testable import StandWeb

/// Scheduling from a CSV file: a real parser for quoted fields, a preview with
/// every row's problems, and an apply that writes all rows or none.
@Suite struct QuestionUploadTests {
    typealias Day = QuestionDays

    func scheduled(_ console: TestConsole) async throws -> [String] {
        try await console.store.read { db in
            try String.fetchAll(db, sql: """
                SELECT q.runs_on || ' ' || q.text || ' [' || \(db.engine.joined("c.text", separator: "|", orderedBy: "c.position")) || ']'
                FROM daily_questions q JOIN question_choices c ON c.question_id = q.id GROUP BY q.id ORDER BY q.runs_on
                """)
        }
    }

    @Test func aQuotedFileIsPreviewedThenAppliedWithAnAuditEventPerQuestion() async throws {
        let console = try await TestConsole()
        try await console.createStaff("editor@example.com", role: .editor)
        let csv = #"""
            date,text,choice1,choice2,choice3,choice4
            \#(Day.offset(2)),"Coffee, tea or ""something else""?",Coffee,Tea,"Something ""else""",
            \#(Day.offset(3)),"Which is better, mornings or evenings?",Mornings,Evenings,,

            """#
        try await console.run { browser in
            try await browser.signIn("editor@example.com")
            try await browser.get("/questions/upload")
            let preview = try await browser.upload("/questions/upload", file: Array(("\u{FEFF}" + csv).utf8))
            #expect(preview.status == .ok)
            #expect(preview.body.contains("All 2 rows can be scheduled."))
            #expect(preview.body.contains("Coffee, tea or \"something else\"?"))
            await #expect(try scheduled(console).isEmpty)
            let token = try #require(preview.body.firstMatch(of: /name="token" value="([0-9a-f]+)"/)?.1)
            let applied = try await browser.post("/questions/upload/apply", ["token": String(token)])
            let location = try #require(applied.location)
            let calendar = try await browser.get(location)
            #expect(calendar.body.contains("Scheduled 2 questions from the file, \(Day.offset(2)) to \(Day.offset(3))."))
            // A token is used once.
            let again = try await browser.post("/questions/upload/apply", ["token": String(token)])
            #expect(again.status == .gone)
        }
        await #expect(try scheduled(console) == ["\(Day.offset(2)) Coffee, tea or \"something else\"? [Coffee|Tea|Something \"else\"]",
                                           "\(Day.offset(3)) Which is better, mornings or evenings? [Mornings|Evenings]"])
        await #expect(try console.auditCount(.questionScheduled) == 2)
    }

    @Test func everyRowShowsItsProblemsAndNothingIsScheduled() async throws {
        let console = try await TestConsole()
        try await console.createStaff("editor@example.com", role: .editor)
        let taken = try await AppData(store: console.store).question(day: Day.offset(5), text: "Already here?")
        let csv = #"""
            2026-02-30,Is this a real day at all?,Yes,No
            \#(Day.offset(-3)),Is this day already past?,Yes,No
            \#(Day.offset(5)),Is this day already taken?,Yes,No
            \#(Day.offset(6)),Is this the first on its day?,Yes,No
            \#(Day.offset(6)),Is this the second on its day?,Yes,No
            \#(Day.offset(7)),\#(String(repeating: "Long ", count: 60))?,Yes,No
            \#(Day.offset(8)),Does this have enough choices?,Only one
            \#(Day.offset(9)),Are these choices different?,Same,same
            \#(Day.offset(10)),Is this row fine?,Yes,No
            \#(Day.offset(11)),"Is this on
            two lines?",Yes,"No, ""really"""
            \#(Day.offset(12)),Is the row after it read as its own row?,Yes,No
            """#
        try await console.run { browser in
            try await browser.signIn("editor@example.com")
            try await browser.get("/questions/upload")
            let preview = try await browser.upload("/questions/upload", file: Array(csv.utf8))
            #expect(preview.status == .unprocessableContent)
            #expect(preview.body.contains("8 of 11 rows have problems."))
            for expected in ["Enter the day as YYYY-MM-DD, a real date.", "\(Day.offset(-3)) has passed",
                             "\(Day.offset(5)) already has question #\(taken): “Already here?”.", "\(Day.offset(6)) is also on row 4; one question per day.",
                             "the app shows at most 280", "Enter at least two choices; there is only one.", "Choice 2 repeats choice 1",
                             "Remove the line break from this field", "Yes · No, \"really\"", "Is the row after it read as its own row?"] {
                #expect(preview.body.contains(expected), "\(expected)")
            }
            #expect(preview.body.contains(">OK</td>"))
            #expect(!preview.body.contains("name=\"token\""))
        }
        await #expect(try scheduled(console) == ["\(Day.offset(5)) Already here? [Cats|Dogs]"])
        await #expect(try console.auditCount(.questionScheduled) == 0)
    }

    @Test func aDayTakenBetweenPreviewAndApplyRefusesTheWholeFile() async throws {
        let console = try await TestConsole()
        try await console.createStaff("editor@example.com", role: .editor)
        let csv = "\(Day.offset(2)),Is this the first row?,Yes,No\n\(Day.offset(3)),Is this the second row?,Yes,No\n"
        try await console.run { browser in
            try await browser.signIn("editor@example.com")
            try await browser.get("/questions/upload")
            let preview = try await browser.upload("/questions/upload", file: Array(csv.utf8))
            let token = try #require(preview.body.firstMatch(of: /name="token" value="([0-9a-f]+)"/)?.1)
            // Meanwhile another program schedules the second day.
            try await AppData(store: console.store).question(day: Day.offset(3), text: "Got there first?")
            let refused = try await browser.post("/questions/upload/apply", ["token": String(token)])
            #expect(refused.status == .conflict)
            #expect(refused.body.contains("Nothing was scheduled: the calendar changed since the preview."))
            #expect(refused.body.contains("\(Day.offset(3)) already has question #"))
        }
        await #expect(try scheduled(console) == ["\(Day.offset(3)) Got there first? [Cats|Dogs]"])
    }

    @Test func filesTooLargeTooLongOrNotUTF8AreRefusedWithAMessage() async throws {
        let console = try await TestConsole()
        try await console.createStaff("editor@example.com", role: .editor)
        try await console.run { browser in
            try await browser.signIn("editor@example.com")
            try await browser.get("/questions/upload")
            let large = try await browser.upload("/questions/upload", file: Array(repeating: UInt8(ascii: "a"), count: 1_200_000))
            #expect(large.status == .unprocessableContent)
            #expect(large.body.contains("The file is 1.1 MB; the limit is 1 MB."))
            let long = (0..<1_001).map { "\(Day.offset(2)),Question number \($0)?,Yes,No" }.joined(separator: "\n")
            let tooMany = try await browser.upload("/questions/upload", file: Array(long.utf8))
            #expect(tooMany.body.contains("The file has more than 1,000 rows"))
            let latin1 = try await browser.upload("/questions/upload", file: [0x43, 0x61, 0x66, 0xE9, 0x2C, 0x0A])
            #expect(latin1.body.contains("The file is not UTF-8 text."))
            let huge = try await browser.upload("/questions/upload", file: Array(repeating: UInt8(ascii: "a"), count: 3_000_000))
            #expect(huge.status == .contentTooLarge)
        }
        await #expect(try scheduled(console).isEmpty)
    }

    @Test func uploadsNeedTheRoleTheTokenAndTheirRoute() async throws {
        let console = try await TestConsole()
        try await console.createStaff("support@example.com", role: .support)
        try await console.createStaff("editor@example.com", role: .editor)
        let csv = Array("\(Day.offset(2)),Is this refused for support?,Yes,No\n".utf8)
        try await console.run { browser in
            try await browser.signIn("support@example.com")
            #expect(try await browser.get("/questions/upload").status == .forbidden)
            try await browser.get("/questions")
            #expect(try await browser.upload("/questions/upload", file: csv).status == .forbidden)
            browser.forgetCookies()
            try await browser.signIn("editor@example.com")
            try await browser.get("/questions/upload")
            #expect(try await browser.upload("/questions/upload", file: csv, includeCSRF: false).status == .forbidden)
            // Files are taken on the upload route only.
            #expect(try await browser.upload("/questions/new", file: csv).status == .unsupportedMediaType)
        }
        await #expect(try scheduled(console).isEmpty)
    }
}
