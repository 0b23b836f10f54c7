import Foundation
import GRDB
import Testing
@testable import StandCore

/// Scheduling from CSV through StandCore: a preview with every row's problems
/// (bad rows, taken days, a day twice), and an apply that writes all or nothing.
@Suite struct QuestionImportCoreTests {
    typealias Fixture = QuestionsCoreFixture
    static let now = Fixture.now
    static func day(_ offset: Int) -> String { Fixture.day(offset) }

    @Test func aQuotedFileIsPreviewedThenAppliedWithAnAuditEventPerQuestion() async throws {
        let fixture = try await Fixture.make()
        let csv = #"""
            date,text,choice1,choice2,choice3,choice4
            \#(Self.day(2)),"Coffee, tea or ""something else""?",Coffee,Tea,"Something ""else""",
            \#(Self.day(3)),"Which is better, mornings or evenings?",Mornings,Evenings,,

            """#
        // A BOM is dropped with the bytes read as UTF-8.
        let text = try QuestionImport.text(of: Array(("\u{FEFF}" + csv).utf8)).get()
        let preview = try await QuestionImport(store: fixture.store).preview(csv: text, now: Self.now)
        #expect(preview.canApply && preview.fileProblem == nil && preview.problemCount == 0)
        #expect(preview.rows.map(\.number) == [2, 3])
        #expect(preview.rows.map(\.draft) == [
            QuestionDraft(runsOn: Self.day(2), text: "Coffee, tea or \"something else\"?", choices: ["Coffee", "Tea", "Something \"else\"", ""]),
            QuestionDraft(runsOn: Self.day(3), text: "Which is better, mornings or evenings?", choices: ["Mornings", "Evenings", "", ""]),
        ])
        // A preview writes nothing.
        #expect(try await fixture.questions().isEmpty)

        let outcome = try await QuestionImport(store: fixture.store).apply(csv: text, by: fixture.editor, now: Self.now)
        guard case .applied(let questions) = outcome else { Issue.record("\(outcome)"); return }
        #expect(questions.map(\.runsOn) == [Self.day(2), Self.day(3)])
        #expect(questions.allSatisfy { $0.scheduledBy == fixture.editor.staffId && $0.version == 1 && $0.createdAt == Self.now })
        #expect(try await fixture.questions() == ["\(Self.day(2)) Coffee, tea or \"something else\"? [Coffee|Tea|Something \"else\"] v1",
                                                  "\(Self.day(3)) Which is better, mornings or evenings? [Mornings|Evenings] v1"])
        let ids = questions.compactMap(\.id)
        #expect(try await fixture.auditTrail() == ["question.scheduled question \(ids[0]) \(Self.day(2)) (CSV upload)",
                                                   "question.scheduled question \(ids[1]) \(Self.day(3)) (CSV upload)"])
    }

    /// The rows are written set-wise (three statements): each question keeps
    /// its own day's text and choices, and its audit event names its own id.
    @Test func aFullFileOfAThousandRowsKeepsEachQuestionWithItsOwnChoicesAndEvent() async throws {
        let fixture = try await Fixture.make()
        let rows = (1...QuestionImport.maximumRows).map { number in
            // Two to four choices, so the choices' rows do not line up with the questions'.
            (day: Self.day(number), text: "Question \(number)?", choices: (1...(2 + number % 3)).map { "Choice \($0) of \(number)" })
        }
        let csv = rows.map { ([$0.day, $0.text] + $0.choices).joined(separator: ",") }.joined(separator: "\n")

        let outcome = try await QuestionImport(store: fixture.store).apply(csv: csv, by: fixture.editor, now: Self.now)

        guard case .applied(let questions) = outcome else { Issue.record("\(outcome)"); return }
        #expect(questions.map(\.runsOn) == rows.map(\.day))
        #expect(try await fixture.questions() == rows.map { "\($0.day) \($0.text) [\($0.choices.joined(separator: "|"))] v1" })
        let stored = try await fixture.store.read { db in
            try StoreRow.fetchAll(db, sql: "SELECT id, runs_on FROM daily_questions").map { row -> (String, Int64) in (row[1], row[0]) }
        }
        let idOfDay = Dictionary(uniqueKeysWithValues: stored)
        #expect(questions.map(\.id) == rows.map { idOfDay[$0.day] })
        #expect(try await fixture.auditTrail() == rows.map { "question.scheduled question \(idOfDay[$0.day]!) \($0.day) (CSV upload)" })
    }

    @Test func everyRowShowsItsProblemsAndNothingIsScheduled() async throws {
        let fixture = try await Fixture.make()
        let taken = try await fixture.question(day: Self.day(5), text: "Already here?")
        let csv = #"""
            2026-02-30,Is this a real day at all?,Yes,No
            \#(Self.day(-3)),Is this day already past?,Yes,No
            \#(Self.day(5)),Is this day already taken?,Yes,No
            \#(Self.day(6)),Is this the first on its day?,Yes,No
            \#(Self.day(6)),Is this the second on its day?,Yes,No
            \#(Self.day(7)),\#(String(repeating: "Long ", count: 60))?,Yes,No
            \#(Self.day(8)),Does this have enough choices?,Only one
            \#(Self.day(9)),Are these choices different?,Same,same
            \#(Self.day(10)),Is this row fine?,Yes,No
            \#(Self.day(11)),"Is this on
            two lines?",Yes,"No, ""really"""
            \#(Self.day(12)),Is the row after it read as its own row?,Yes,No
            \#(Self.day(13)),Has this row too many fields?,A,B,C,D,E
            """#
        let preview = try await QuestionImport(store: fixture.store).preview(csv: csv, now: Self.now)
        #expect(preview.fileProblem == nil)
        #expect(!preview.canApply)
        #expect(preview.rows.count == 12)
        #expect(preview.problemCount == 9)
        let problems = Dictionary(uniqueKeysWithValues: preview.rows.map { ($0.number, $0.problems) })
        #expect(problems[1] == ["Enter the day as YYYY-MM-DD, a real date."])
        #expect(problems[2] == ["\(Self.day(-3)) has passed; choose today (\(Fixture.today)) or a later day."])
        #expect(problems[3] == ["\(Self.day(5)) already has question #\(taken): “Already here?”."])
        #expect(problems[4] == [])
        #expect(problems[5] == ["\(Self.day(6)) is also on row 4; one question per day."])
        #expect(problems[6] == ["The question is 301 characters; the app shows at most 280."])
        #expect(problems[7] == ["Enter at least two choices; there is only one."])
        #expect(problems[8] == ["Choice 2 repeats choice 1 (“same”); make each choice different."])
        #expect(problems[9] == [])
        #expect(problems[10] == ["Remove the line break from this field: it is shown on one line."])
        #expect(problems[11] == [])
        #expect(problems[12] == ["It has 7 fields; a row has a date, the question and at most four choices."])
        // The record across two lines keeps its quotes' meaning, and the next is a row of its own.
        let twoLines = try #require(preview.rows.first { $0.number == 10 })
        #expect(twoLines.draft.choices == ["Yes", "No, \"really\""])
        #expect(preview.rows.first { $0.number == 11 }?.draft.text == "Is the row after it read as its own row?")

        let outcome = try await QuestionImport(store: fixture.store).apply(csv: csv, by: fixture.editor, now: Self.now)
        guard case .refused(let refused) = outcome else { Issue.record("\(outcome)"); return }
        #expect(refused == preview)
        #expect(try await fixture.questions() == ["\(Self.day(5)) Already here? [Cats|Dogs] v1"])
        #expect(try await fixture.count("SELECT COUNT(*) FROM audit_events") == 0)
    }

    @Test func aDayTakenBetweenPreviewAndApplyRefusesTheWholeFile() async throws {
        let fixture = try await Fixture.make()
        let csv = "\(Self.day(2)),Is this the first row?,Yes,No\n\(Self.day(3)),Is this the second row?,Yes,No\n"
        let preview = try await QuestionImport(store: fixture.store).preview(csv: csv, now: Self.now)
        #expect(preview.canApply)
        // Meanwhile another program schedules the second day.
        let first = try await fixture.question(day: Self.day(3), text: "Got there first?")
        let outcome = try await QuestionImport(store: fixture.store).apply(csv: csv, by: fixture.editor, now: Self.now)
        guard case .refused(let refused) = outcome else { Issue.record("\(outcome)"); return }
        #expect(refused.rows.map(\.problems) == [[], ["\(Self.day(3)) already has question #\(first): “Got there first?”."]])
        // The first row, fine on its own, was not scheduled either.
        #expect(try await fixture.questions() == ["\(Self.day(3)) Got there first? [Cats|Dogs] v1"])
        #expect(try await fixture.auditCount(.questionScheduled) == 0)
    }

    /// The preview is made for the day of `now`: a file fine today has a past row tomorrow.
    @Test func theDayOfTheApplyDecidesWhatHasPassed() async throws {
        let fixture = try await Fixture.make()
        let csv = "\(Fixture.today),Is today still allowed?,Yes,No\n"
        #expect(try await QuestionImport(store: fixture.store).preview(csv: csv, now: Self.now).canApply)
        let outcome = try await QuestionImport(store: fixture.store).apply(csv: csv, by: fixture.editor, now: UTCDate.adding(days: 1, to: Self.now))
        guard case .refused(let refused) = outcome else { Issue.record("\(outcome)"); return }
        #expect(refused.rows.first?.problems.first?.hasPrefix("\(Fixture.today) has passed") == true)
        #expect(try await fixture.questions().isEmpty)
    }

    @Test func filesTooLargeNotUTF8EmptyOrTooLongAreRefusedWithAMessage() async throws {
        let fixture = try await Fixture.make()
        func fileProblem(_ bytes: [UInt8]) -> String? {
            if case .failure(let refused) = QuestionImport.text(of: bytes) { return refused.fileProblem }
            return nil
        }
        #expect(fileProblem(Array(repeating: UInt8(ascii: "a"), count: 1_200_000))
            == "The file is 1.1 MB; the limit is 1 MB. Split it into smaller files.")
        #expect(fileProblem(Array(repeating: UInt8(ascii: "a"), count: QuestionImport.maximumBytes)) == nil)
        #expect(fileProblem([0x43, 0x61, 0x66, 0xE9, 0x2C, 0x0A])
            == "The file is not UTF-8 text. Save it from your spreadsheet as “CSV UTF-8” and upload it again.")

        let tooMany = (0..<1_001).map { "\(Self.day(2)),Question number \($0)?,Yes,No" }.joined(separator: "\n")
        let long = try await QuestionImport(store: fixture.store).preview(csv: tooMany, now: Self.now)
        #expect(long.fileProblem == "The file has more than 1,000 rows; upload at most 1,000 at a time.")
        #expect(long.rows.isEmpty && !long.canApply)
        for empty in ["", "date,text,choice1,choice2,choice3,choice4\n", "\n , ,\n"] {
            let preview = try await QuestionImport(store: fixture.store).preview(csv: empty, now: Self.now)
            #expect(preview.fileProblem == "The file has no rows to schedule.", "\(empty.debugDescription)")
            let outcome = try await QuestionImport(store: fixture.store).apply(csv: empty, by: fixture.editor, now: Self.now)
            guard case .refused = outcome else { Issue.record("\(outcome)"); continue }
        }
        #expect(try await fixture.count("SELECT COUNT(*) FROM daily_questions") == 0)
        #expect(try await fixture.count("SELECT COUNT(*) FROM audit_events") == 0)
    }
}
