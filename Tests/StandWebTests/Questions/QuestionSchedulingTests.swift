import Foundation
import GRDB
import StandCore
import Testing
@testable import StandWeb

/// Scheduling, editing, moving and unscheduling through the forms, as an editor does it.
@Suite struct QuestionSchedulingTests {
    typealias Day = QuestionDays

    static func form(_ day: String, _ text: String, _ choices: [String], extra: [String: String] = [:]) -> [String: String] {
        var fields = ["runsOn": day, "text": text]
        for (index, choice) in choices.enumerated() { fields["choice\(index + 1)"] = choice }
        return fields.merging(extra) { $1 }
    }

    func questions(_ console: TestConsole) async throws -> [String] {
        try await console.store.read { db in
            try String.fetchAll(db, sql: """
                SELECT q.runs_on || ' ' || q.text || ' [' || \(db.engine.joined("c.text", separator: "|", orderedBy: "c.position")) || '] v' || q.version
                FROM daily_questions q JOIN question_choices c ON c.question_id = q.id GROUP BY q.id ORDER BY q.runs_on
                """)
        }
    }

    @Test func anEditorSchedulesAQuestionAndItIsAudited() async throws {
        let console = try await TestConsole()
        try await console.createStaff("editor@example.com", role: .editor)
        let day = Day.offset(5)
        try await console.run { browser in
            try await browser.signIn("editor@example.com")
            let form = try await browser.get("/questions/new?date=\(day)")
            #expect(form.body.contains("value=\"\(day)\""))
            let saved = try await browser.post("/questions/new", Self.form(day, "  Tea or coffee in the morning?  ", ["Tea", " Coffee ", "", ""]))
            #expect(saved.status == .seeOther)
            let location = try #require(saved.location)
            #expect(location.hasSuffix("?done=scheduled"))
            let page = try await browser.get(location)
            #expect(page.body.contains("Scheduled question #"))
            #expect(page.body.contains("Tea or coffee in the morning?"))
            #expect(page.body.contains("Edit or move"))
        }
        await #expect(try questions(console) == ["\(day) Tea or coffee in the morning? [Tea|Coffee] v1"])
        let event = try await console.store.read { db in try AuditEvent.fetchOne(db, sql: "SELECT * FROM audit_events WHERE action = 'question.scheduled'") }
        #expect(event?.detail == day)
        #expect(event?.targetType == "question")
        #expect(event?.staffEmail == "editor@example.com")
    }

    @Test func everyProblemIsShownAtOnceWithWhatWasTypedKept() async throws {
        let console = try await TestConsole()
        try await console.createStaff("editor@example.com", role: .editor)
        let past = Day.offset(-2)
        try await console.run { browser in
            try await browser.signIn("editor@example.com")
            try await browser.get("/questions/new")
            let page = try await browser.post("/questions/new", Self.form(past, "Short\u{7}", ["Yes", "yes ", String(repeating: "x", count: 81), ""]))
            #expect(page.status == .unprocessableContent)
            #expect(page.body.contains("\(past) has passed; choose today"))
            #expect(page.body.contains("Remove the invisible control character (U+0007)"))
            #expect(page.body.contains("Choice 2 repeats choice 1"))
            #expect(page.body.contains("Choice 3 is 81 characters"))
            // What was typed comes back, in its fields.
            #expect(page.body.contains("value=\"yes \""))
            #expect(page.body.contains("value=\"\(past)\""))
            // The summary reads in the form's order: day, question, choices.
            let day = try #require(page.body.range(of: "has passed")), text = try #require(page.body.range(of: "U+0007")),
                choice = try #require(page.body.range(of: "Choice 2 repeats"))
            #expect(day.lowerBound < text.lowerBound && text.lowerBound < choice.lowerBound)
            let tooFew = try await browser.post("/questions/new", Self.form(Day.offset(3), "Is this long enough?", ["Only one"]))
            #expect(tooFew.body.contains("Enter at least two choices; there is only one."))
        }
        await #expect(try questions(console).isEmpty)
        await #expect(try console.auditCount(.questionScheduled) == 0)
    }

    @Test func aTakenDayNamesItsQuestionAndOffersTheNextFreeDay() async throws {
        let console = try await TestConsole()
        try await console.createStaff("editor@example.com", role: .editor)
        let data = AppData(store: console.store)
        let taken = try await data.question(day: Day.offset(4), text: "Mountains or the sea?")
        try await data.question(day: Day.offset(5), text: "Summer or winter?")
        try await console.run { browser in
            try await browser.signIn("editor@example.com")
            try await browser.get("/questions/new")
            let fields = Self.form(Day.offset(4), "Books or films on a rainy day?", ["Books", "Films"])
            let page = try await browser.post("/questions/new", fields)
            #expect(page.status == .unprocessableContent)
            #expect(page.body.contains("\(Day.offset(4)) already has question #\(taken): “Mountains or the sea?”."))
            #expect(page.body.contains("href=\"/questions/\(taken)\""))
            // Days 4 and 5 are taken: the next free one is day 6, offered as one click that keeps the typing.
            #expect(page.body.contains("name=\"useDay\" value=\"\(Day.offset(6))\""))
            #expect(page.body.contains("Books or films on a rainy day?"))
            let saved = try await browser.post("/questions/new", fields.merging(["useDay": Day.offset(6)]) { $1 })
            #expect(saved.status == .seeOther)
        }
        await #expect(try questions(console).contains("\(Day.offset(6)) Books or films on a rainy day? [Books|Films] v1"))
    }

    @Test func todaysAndPastQuestionsCannotChange() async throws {
        let console = try await TestConsole()
        try await console.createStaff("editor@example.com", role: .editor)
        let data = AppData(store: console.store)
        let today = try await data.question(day: Day.today, text: "Early bird or night owl?")
        let past = try await data.question(day: Day.offset(-1), text: "Rain or shine?")
        try await console.run { browser in
            try await browser.signIn("editor@example.com")
            for id in [today, past] {
                let edit = try await browser.get("/questions/\(id)/edit")
                #expect(edit.status == .seeOther)
                #expect(edit.location == "/questions/\(id)?done=started")
                let shown = try await browser.get("/questions/\(id)?done=started")
                #expect(shown.body.contains("which has begun: it can no longer be edited, moved or unscheduled"))
                #expect(!shown.body.contains("Edit or move"))
                try await browser.get("/questions/\(id)")
                let posted = try await browser.post("/questions/\(id)/edit", Self.form(Day.offset(9), "Something else entirely?", ["A", "B"], extra: ["version": "1"]))
                #expect(posted.location == "/questions/\(id)?done=started")
                let unscheduled = try await browser.post("/questions/\(id)/unschedule", ["version": "1"])
                #expect(unscheduled.location == "/questions/\(id)?done=started")
            }
        }
        await #expect(try questions(console) == ["\(Day.offset(-1)) Rain or shine? [Cats|Dogs] v1", "\(Day.today) Early bird or night owl? [Cats|Dogs] v1"])
        await #expect(try console.auditCount(.questionUpdated) == 0)
        await #expect(try console.auditCount(.questionUnscheduled) == 0)
    }

    @Test func aFutureQuestionIsMovedEditedAndUnscheduled() async throws {
        let console = try await TestConsole()
        try await console.createStaff("editor@example.com", role: .editor)
        let id = try await AppData(store: console.store).question(day: Day.offset(3), text: "Cats or dogs?")
        try await console.run { browser in
            try await browser.signIn("editor@example.com")
            let form = try await browser.get("/questions/\(id)/edit")
            #expect(form.body.contains("name=\"version\" value=\"1\""))
            let moved = try await browser.post("/questions/\(id)/edit", Self.form(Day.offset(8), "Cats or dogs, really?", ["Cats", "Dogs", "Neither"], extra: ["version": "1"]))
            #expect(moved.location == "/questions/\(id)?done=saved")
            let confirm = try await browser.get("/questions/\(id)/unschedule")
            #expect(confirm.body.contains("Unschedule the question for \(Day.offset(8))?"))
            #expect(confirm.body.contains("name=\"version\" value=\"2\""))
            let gone = try await browser.post("/questions/\(id)/unschedule", ["version": "2"])
            let location = try #require(gone.location)
            #expect(location.contains("done=unscheduled"))
            let calendar = try await browser.get(location)
            #expect(calendar.body.contains("Unscheduled the question for \(Day.offset(8)); that day is empty now."))
            #expect(try await browser.get("/questions/\(id)").status == .notFound)
        }
        await #expect(try questions(console).isEmpty)
        let details = try await console.store.read { db in
            try String.fetchAll(db, sql: "SELECT action || ' ' || target_id || ' ' || detail FROM audit_events WHERE action LIKE 'question.%' ORDER BY id")
        }
        #expect(details == ["question.updated \(id) \(Day.offset(8)): moved from \(Day.offset(3)), changed text, changed choices",
                            "question.unscheduled \(id) \(Day.offset(8)): Cats or dogs, really?"])
    }

    @Test func aSecondEditorsSaveIsRefusedAndNothingIsOverwritten() async throws {
        let console = try await TestConsole()
        try await console.createStaff("ana@example.com", role: .editor)
        try await console.createStaff("ben@example.com", role: .editor)
        let id = try await AppData(store: console.store).question(day: Day.offset(3), text: "Cats or dogs?")
        try await console.run { ana in
            try await console.run { ben in
                try await ana.signIn("ana@example.com")
                try await ben.signIn("ben@example.com")
                try await ana.get("/questions/\(id)/edit")
                try await ben.get("/questions/\(id)/edit")
                let first = try await ana.post("/questions/\(id)/edit", Self.form(Day.offset(3), "Cats or dogs as a pet?", ["Cats", "Dogs"], extra: ["version": "1"]))
                #expect(first.location == "/questions/\(id)?done=saved")
                let second = try await ben.post("/questions/\(id)/edit", Self.form(Day.offset(3), "Dogs or cats, honestly?", ["Dogs", "Cats"], extra: ["version": "1"]))
                #expect(second.status == .conflict)
                #expect(second.body.contains("this question changed since you opened it"))
                // The current version beside what Ben typed, and a form that now carries version 2.
                #expect(second.body.contains("<dd>Cats or dogs as a pet?</dd>"))
                #expect(second.body.contains("Dogs or cats, honestly?</textarea>"))
                #expect(second.body.contains("name=\"version\" value=\"2\""))
            }
        }
        await #expect(try questions(console) == ["\(Day.offset(3)) Cats or dogs as a pet? [Cats|Dogs] v2"])
        await #expect(try console.auditCount(.questionUpdated) == 1)
    }

    @Test func supportReadsTheCalendarButCannotSchedule() async throws {
        let console = try await TestConsole()
        try await console.createStaff("support@example.com", role: .support)
        let id = try await AppData(store: console.store).question(day: Day.offset(3))
        try await console.run { browser in
            try await browser.signIn("support@example.com")
            let calendar = try await browser.get("/questions")
            #expect(calendar.status == .ok)
            #expect(!calendar.body.contains("Schedule a question for this day"))
            #expect(try await browser.get("/questions/\(id)").status == .ok)
            #expect(try await browser.get("/questions/new").status == .forbidden)
            #expect(try await browser.get("/questions/\(id)/edit").status == .forbidden)
            try await browser.get("/questions")
            #expect(try await browser.post("/questions/new", Self.form(Day.offset(4), "Should this be refused?", ["Yes", "No"])).status == .forbidden)
            #expect(try await browser.post("/questions/\(id)/unschedule", ["version": "1"]).status == .forbidden)
        }
        await #expect(try questions(console).count == 1)
    }
}
