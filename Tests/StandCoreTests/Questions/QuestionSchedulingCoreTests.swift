import Foundation
import GRDB
import Testing
@testable import StandCore

/// Scheduling, editing and unscheduling questions through StandCore, on a real
/// store: every rule, the audit event in the same transaction, nothing written
/// when refused.
@Suite struct QuestionSchedulingCoreTests {
    typealias Fixture = QuestionsCoreFixture
    static let now = Fixture.now
    static func day(_ offset: Int) -> String { Fixture.day(offset) }

    @Test func schedulingWritesTheQuestionItsChoicesAndItsAuditEvent() async throws {
        let fixture = try await Fixture.make()
        let draft = QuestionDraft(runsOn: Self.day(5), text: "  Tea or coffee in the morning?  ", choices: ["Tea", " Coffee ", "", ""])
        let question = try await QuestionScheduling(store: fixture.store).schedule(draft, by: fixture.editor, now: Self.now)
        let id = try #require(question.id)
        #expect(question.text == "Tea or coffee in the morning?")
        #expect(question.runsOn == Self.day(5))
        #expect(question.version == 1)
        #expect(question.scheduledBy == fixture.editor.staffId)
        #expect(question.suggestionId == nil)
        #expect(try await fixture.questions() == ["\(Self.day(5)) Tea or coffee in the morning? [Tea|Coffee] v1"])
        let stored = try #require(try await QuestionScheduling(store: fixture.store).results(id: id))
        #expect(stored.question.createdAt == Self.now && stored.question.updatedAt == Self.now)
        #expect(stored.question.scheduledBy == fixture.editor.staffId)
        #expect(stored.choices.map(\.text) == ["Tea", "Coffee"])
        #expect(stored.choices.map(\.answerCount) == [0, 0])
        #expect(try await fixture.auditTrail() == ["question.scheduled question \(id) \(Self.day(5))"])
        let event = try #require(try await fixture.store.read { db in try AuditEvent.fetchOne(db, sql: "SELECT * FROM audit_events") })
        #expect(event.staffId == fixture.editor.staffId && event.staffEmail == "editor@example.com" && event.ip == "203.0.113.7")
        #expect(event.occurredAt == Self.now)
    }

    @Test func todayAndFourChoicesAndTheLengthLimitsAreAccepted() async throws {
        let fixture = try await Fixture.make()
        let longest = String(repeating: "x", count: 279) + "?"
        let longChoice = String(repeating: "c", count: 80)
        _ = try await QuestionScheduling(store: fixture.store).schedule(QuestionDraft(runsOn: Fixture.today, text: "Ten chars?", choices: ["A", "B", "C", longChoice]),
                                              by: fixture.editor, now: Self.now)
        _ = try await QuestionScheduling(store: fixture.store).schedule(QuestionDraft(runsOn: Self.day(1), text: longest, choices: ["Yes", "No"]),
                                              by: fixture.editor, now: Self.now)
        #expect(try await fixture.questions() == ["\(Fixture.today) Ten chars? [A|B|C|\(longChoice)] v1", "\(Self.day(1)) \(longest) [Yes|No] v1"])
        #expect(try await fixture.auditCount(.questionScheduled) == 2)
    }

    @Test func everyProblemIsReportedAtOnceInTheFormsOrderAndNothingIsWritten() async throws {
        let fixture = try await Fixture.make()
        let draft = QuestionDraft(runsOn: Self.day(-2), text: "Short\u{7}", choices: ["Yes", "yes ", String(repeating: "x", count: 81), ""])
        let rejection = try #require(await #expect(throws: QuestionScheduling.Rejection.self) {
            try await QuestionScheduling(store: fixture.store).schedule(draft, by: fixture.editor, now: Self.now)
        })
        #expect(rejection.taken == nil)
        #expect(rejection.errors.fields == ["runsOn", "text", "choice2", "choice3"])
        #expect(rejection.errors["runsOn"] == "\(Self.day(-2)) has passed; choose today (\(Fixture.today)) or a later day.")
        #expect(rejection.errors["text"] == "Remove the invisible control character (U+0007) from this field; it may have come with pasted text.")
        #expect(rejection.errors["choice2"] == "Choice 2 repeats choice 1 (“yes”); make each choice different.")
        #expect(rejection.errors["choice3"] == "Choice 3 is 81 characters; the app shows at most 80.")
        #expect(try await fixture.count("SELECT COUNT(*) FROM daily_questions") == 0)
        #expect(try await fixture.count("SELECT COUNT(*) FROM question_choices") == 0)
        #expect(try await fixture.count("SELECT COUNT(*) FROM audit_events") == 0)
    }

    /// One rule broken at a time: the field it names and its message.
    @Test(arguments: [
        (QuestionDraft(runsOn: "", text: "Tea or coffee today?", choices: ["Tea", "Coffee"]), "runsOn", "Choose the UTC day the question runs on."),
        (QuestionDraft(runsOn: "2026-02-30", text: "Tea or coffee today?", choices: ["Tea", "Coffee"]), "runsOn", "Enter the day as YYYY-MM-DD, a real date."),
        (QuestionDraft(runsOn: "2026-11-22", text: "Tea or coffee today?", choices: ["Tea", "Coffee"]), "runsOn",
         "2026-11-22 has passed; choose today (2026-11-23) or a later day."),
        (QuestionDraft(runsOn: "2026-12-01", text: "   ", choices: ["Tea", "Coffee"]), "text", "Enter the question."),
        (QuestionDraft(runsOn: "2026-12-01", text: "Nine char", choices: ["Tea", "Coffee"]), "text", "The question is 9 characters; write at least 10."),
        (QuestionDraft(runsOn: "2026-12-01", text: String(repeating: "y", count: 281), choices: ["Tea", "Coffee"]), "text",
         "The question is 281 characters; the app shows at most 280."),
        (QuestionDraft(runsOn: "2026-12-01", text: "Tea or coffee today?", choices: ["", " ", "", ""]), "choices", "Enter at least two choices."),
        (QuestionDraft(runsOn: "2026-12-01", text: "Tea or coffee today?", choices: ["Tea", "", "", ""]), "choices", "Enter at least two choices; there is only one."),
        (QuestionDraft(runsOn: "2026-12-01", text: "Tea or coffee today?", choices: ["A", "B", "C", "D", "E"]), "choices", "A question has at most four choices."),
        (QuestionDraft(runsOn: "2026-12-01", text: "Tea or coffee today?", choices: ["Tea", "Coffee", " TEA "]), "choice3",
         "Choice 3 repeats choice 1 (“TEA”); make each choice different."),
    ])
    func aDraftBreakingOneRuleIsRefused(draft: QuestionDraft, field: String, message: String) async throws {
        let fixture = try await Fixture.make()
        let rejection = try #require(await #expect(throws: QuestionScheduling.Rejection.self) {
            try await QuestionScheduling(store: fixture.store).schedule(draft, by: fixture.editor, now: Self.now)
        })
        #expect(rejection.errors.fields == [field])
        #expect(rejection.errors[field] == message)
        #expect(try await fixture.count("SELECT COUNT(*) FROM daily_questions") == 0)
        #expect(try await fixture.count("SELECT COUNT(*) FROM audit_events") == 0)
    }

    /// The free day after a run of taken days longer than the page `nextFreeDay` reads at a time.
    @Test(arguments: [1, 31, 32, 33, 100])
    func theNextFreeDayEndsARunOfTakenDaysOfAnyLength(run: Int) async throws {
        let fixture = try await Fixture.make()
        try await fixture.store.write { db in
            for offset in 0..<run {
                try db.execute(sql: "INSERT INTO daily_questions (text, runs_on, created_at, updated_at) VALUES (?, ?, ?, ?)",
                               arguments: ["Question \(offset) of the run?", Self.day(offset), "2026-01-01 00:00:00.000", "2026-01-01 00:00:00.000"])
            }
            // Taken again after the gap: the first gap is the answer.
            try db.execute(sql: "INSERT INTO daily_questions (text, runs_on, created_at, updated_at) VALUES ('After the gap?', ?, ?, ?)",
                           arguments: [Self.day(run + 1), "2026-01-01 00:00:00.000", "2026-01-01 00:00:00.000"])
        }
        let (free, fromWithin, editingTheFirst) = try await fixture.store.read { db in
            let first = try Int64.fetchOne(db, sql: "SELECT id FROM daily_questions WHERE runs_on = ?", arguments: [Self.day(0)])
            return (try QuestionScheduling.nextFreeDay(db, from: Self.day(0), today: Self.day(0)),
                    try QuestionScheduling.nextFreeDay(db, from: Self.day(run / 2), today: Self.day(0)),
                    try QuestionScheduling.nextFreeDay(db, from: Self.day(0), today: Self.day(0), excluding: first))
        }
        #expect(free == Self.day(run))
        #expect(fromWithin == Self.day(run))
        #expect(editingTheFirst == Self.day(0), "the edited question's own day is free to it")
    }

    @Test func aTakenDayNamesItsQuestionAndTheNextFreeDay() async throws {
        let fixture = try await Fixture.make()
        let taken = try await fixture.question(day: Self.day(4), text: "Mountains or the sea?")
        try await fixture.question(day: Self.day(5), text: "Summer or winter?")
        let draft = QuestionDraft(runsOn: Self.day(4), text: "Books or films on a rainy day?", choices: ["Books", "Films"])
        let rejection = try #require(await #expect(throws: QuestionScheduling.Rejection.self) {
            try await QuestionScheduling(store: fixture.store).schedule(draft, by: fixture.editor, now: Self.now)
        })
        #expect(rejection.taken == QuestionScheduling.TakenDay(day: Self.day(4), questionId: taken, questionText: "Mountains or the sea?",
                                                              nextFreeDay: Self.day(6)))
        #expect(rejection.errors.fields == ["runsOn"])
        #expect(rejection.errors["runsOn"] == "\(Self.day(4)) already has question #\(taken): “Mountains or the sea?”.")
        // With other mistakes too, the day's message comes first, where the form shows the day.
        let both = try #require(await #expect(throws: QuestionScheduling.Rejection.self) {
            try await QuestionScheduling(store: fixture.store).schedule(QuestionDraft(runsOn: Self.day(4), text: "Short", choices: ["Books", "Films"]),
                                                  by: fixture.editor, now: Self.now)
        })
        #expect(both.errors.fields == ["runsOn", "text"])
        #expect(both.taken?.questionId == taken)
        #expect(try await fixture.questions() == ["\(Self.day(4)) Mountains or the sea? [Cats|Dogs] v1", "\(Self.day(5)) Summer or winter? [Cats|Dogs] v1"])
        #expect(try await fixture.count("SELECT COUNT(*) FROM audit_events") == 0)
        // The day offered is free.
        _ = try await QuestionScheduling(store: fixture.store).schedule(QuestionDraft(runsOn: rejection.taken!.nextFreeDay, text: draft.text, choices: draft.choices),
                                              by: fixture.editor, now: Self.now)
        #expect(try await fixture.questions().last == "\(Self.day(6)) Books or films on a rainy day? [Books|Films] v1")
    }

    @Test func nextFreeDaySkipsTakenDaysAndNeverOffersThePast() async throws {
        let fixture = try await Fixture.make()
        try await fixture.question(day: Self.day(-1))
        try await fixture.question(day: Fixture.today)
        let tomorrow = try await fixture.question(day: Self.day(1))
        try await fixture.question(day: Self.day(2))
        try await fixture.question(day: Self.day(4))
        func next(_ day: String) async throws -> String { try await QuestionScheduling(store: fixture.store).nextFreeDay(from: day, now: Self.now) }
        #expect(try await next(Fixture.today) == Self.day(3))
        #expect(try await next(Self.day(-10)) == Self.day(3))
        #expect(try await next(Self.day(3)) == Self.day(3))
        #expect(try await next(Self.day(4)) == Self.day(5))
        #expect(try await next(Self.day(40)) == Self.day(40))
        // The question being edited does not hold its own day.
        let own = try await fixture.store.read { db in
            try QuestionScheduling.nextFreeDay(db, from: Self.day(1), today: Fixture.today, excluding: tomorrow)
        }
        #expect(own == Self.day(1))
    }

    @Test func anEditMovesAndChangesAFutureQuestionAndAuditsWhatChanged() async throws {
        let fixture = try await Fixture.make()
        let id = try await fixture.question(day: Self.day(3))
        let later = Self.now.addingTimeInterval(60)
        let outcome = try await QuestionScheduling(store: fixture.store).update(id: id, version: 1,
                                                          QuestionDraft(runsOn: Self.day(8), text: "Cats or dogs, really?", choices: ["Cats", "Dogs", "Neither"]),
                                                          by: fixture.editor, now: later)
        guard case .saved(let question, let changes) = outcome else { Issue.record("\(outcome)"); return }
        #expect(changes == ["moved from \(Self.day(3))", "changed text", "changed choices"])
        #expect(question.version == 2 && question.runsOn == Self.day(8) && question.updatedAt == later)
        #expect(try await fixture.questions() == ["\(Self.day(8)) Cats or dogs, really? [Cats|Dogs|Neither] v2"])
        #expect(try await fixture.auditTrail() == ["question.updated question \(id) \(Self.day(8)): moved from \(Self.day(3)), changed text, changed choices"])
        // Saving the same again changes nothing: no new version, no event.
        let same = try await QuestionScheduling(store: fixture.store).update(id: id, version: 2,
                                                       QuestionDraft(runsOn: Self.day(8), text: " Cats or dogs, really? ", choices: ["Cats", "Dogs", "Neither", ""]),
                                                       by: fixture.editor, now: later)
        guard case .saved(let unchanged, let none) = same else { Issue.record("\(same)"); return }
        #expect(none.isEmpty && unchanged.version == 2)
        #expect(try await fixture.questions() == ["\(Self.day(8)) Cats or dogs, really? [Cats|Dogs|Neither] v2"])
        #expect(try await fixture.auditCount(.questionUpdated) == 1)
    }

    @Test func anEditMayKeepItsOwnDayButNotTakeAnother() async throws {
        let fixture = try await Fixture.make()
        let id = try await fixture.question(day: Self.day(3))
        let other = try await fixture.question(day: Self.day(4), text: "Summer or winter?")
        let rejection = try #require(await #expect(throws: QuestionScheduling.Rejection.self) {
            try await QuestionScheduling(store: fixture.store).update(id: id, version: 1, QuestionDraft(runsOn: Self.day(4), text: "Cats or dogs?", choices: ["Cats", "Dogs"]),
                                                by: fixture.editor, now: Self.now)
        })
        // Its own day counts as free when it looks for the next one.
        #expect(rejection.taken == QuestionScheduling.TakenDay(day: Self.day(4), questionId: other, questionText: "Summer or winter?", nextFreeDay: Self.day(5)))
        let kept = try await QuestionScheduling(store: fixture.store).update(id: id, version: 1,
                                                       QuestionDraft(runsOn: Self.day(3), text: "Cats or dogs as pets?", choices: ["Cats", "Dogs"]),
                                                       by: fixture.editor, now: Self.now)
        guard case .saved(_, let changes) = kept else { Issue.record("\(kept)"); return }
        #expect(changes == ["changed text"])
        #expect(try await fixture.questions() == ["\(Self.day(3)) Cats or dogs as pets? [Cats|Dogs] v2", "\(Self.day(4)) Summer or winter? [Cats|Dogs] v1"])
    }

    @Test func aStaleVersionIsAConflictAndWritesNothing() async throws {
        let fixture = try await Fixture.make()
        let id = try await fixture.question(day: Self.day(3))
        let first = try await QuestionScheduling(store: fixture.store).update(id: id, version: 1,
                                                        QuestionDraft(runsOn: Self.day(3), text: "Cats or dogs as a pet?", choices: ["Cats", "Dogs"]),
                                                        by: fixture.editor, now: Self.now)
        guard case .saved = first else { Issue.record("\(first)"); return }
        // A second form opened at version 1.
        let second = try await QuestionScheduling(store: fixture.store).update(id: id, version: 1,
                                                         QuestionDraft(runsOn: Self.day(9), text: "Dogs or cats, honestly?", choices: ["Dogs", "Cats"]),
                                                         by: fixture.editor, now: Self.now)
        guard case .conflict(let current) = second else { Issue.record("\(second)"); return }
        #expect(current.question.version == 2)
        #expect(current.question.text == "Cats or dogs as a pet?")
        #expect(current.choices.map(\.text) == ["Cats", "Dogs"])
        let unschedule = try await QuestionScheduling(store: fixture.store).unschedule(id: id, version: 1, by: fixture.editor, now: Self.now)
        guard case .conflict = unschedule else { Issue.record("\(unschedule)"); return }
        #expect(try await fixture.questions() == ["\(Self.day(3)) Cats or dogs as a pet? [Cats|Dogs] v2"])
        #expect(try await fixture.auditTrail() == ["question.updated question \(id) \(Self.day(3)): changed text"])
    }

    /// Today's, yesterday's and a future question with an answer are fixed.
    @Test func aStartedQuestionCannotChange() async throws {
        let fixture = try await Fixture.make()
        let today = try await fixture.question(day: Fixture.today, text: "Early bird or night owl?")
        let past = try await fixture.question(day: Self.day(-1), text: "Rain or shine?")
        let answered = try await fixture.question(day: Self.day(6), text: "Answered early?")
        try await fixture.answer(question: answered)
        let before = try await fixture.questions()
        for id in [today, past, answered] {
            let update = try await QuestionScheduling(store: fixture.store).update(id: id, version: 1,
                                                             QuestionDraft(runsOn: Self.day(9), text: "Something else entirely?", choices: ["A", "B"]),
                                                             by: fixture.editor, now: Self.now)
            guard case .started(let question) = update else { Issue.record("update \(id): \(update)"); continue }
            #expect(question.id == id)
            let unschedule = try await QuestionScheduling(store: fixture.store).unschedule(id: id, version: 1, by: fixture.editor, now: Self.now)
            guard case .started = unschedule else { Issue.record("unschedule \(id): \(unschedule)"); continue }
        }
        #expect(try await fixture.questions() == before)
        #expect(try await fixture.count("SELECT COUNT(*) FROM audit_events") == 0)
        // A day later, yesterday's rule covers tomorrow's question too.
        let tomorrow = try await fixture.question(day: Self.day(1))
        let next = try await QuestionScheduling(store: fixture.store).unschedule(id: tomorrow, version: 1, by: fixture.editor, now: UTCDate.adding(days: 1, to: Self.now))
        guard case .started = next else { Issue.record("\(next)"); return }
    }

    @Test func unschedulingEmptiesTheDayAndTakesTheChoicesWithIt() async throws {
        let fixture = try await Fixture.make()
        let question = try await QuestionScheduling(store: fixture.store).schedule(QuestionDraft(runsOn: Self.day(8), text: "Cats or dogs, really?", choices: ["Cats", "Dogs"]),
                                                             by: fixture.editor, now: Self.now)
        let id = try #require(question.id)
        let outcome = try await QuestionScheduling(store: fixture.store).unschedule(id: id, version: 1, by: fixture.editor, now: Self.now)
        guard case .saved(let gone, let changes) = outcome else { Issue.record("\(outcome)"); return }
        #expect(gone.id == id && changes == ["unscheduled"])
        #expect(try await fixture.count("SELECT COUNT(*) FROM daily_questions") == 0)
        #expect(try await fixture.count("SELECT COUNT(*) FROM question_choices") == 0)
        #expect(try await fixture.auditTrail() == ["question.scheduled question \(id) \(Self.day(8))",
                                                   "question.unscheduled question \(id) \(Self.day(8)): Cats or dogs, really?"])
        #expect(try await QuestionScheduling(store: fixture.store).nextFreeDay(from: Self.day(8), now: Self.now) == Self.day(8))
        // It is gone: every change now finds nothing.
        let again = try await QuestionScheduling(store: fixture.store).unschedule(id: id, version: 1, by: fixture.editor, now: Self.now)
        guard case .notFound = again else { Issue.record("\(again)"); return }
        let edit = try await QuestionScheduling(store: fixture.store).update(id: id, version: 1, QuestionDraft(runsOn: Self.day(8), text: "Cats or dogs, really?", choices: ["Cats", "Dogs"]),
                                                       by: fixture.editor, now: Self.now)
        guard case .notFound = edit else { Issue.record("\(edit)"); return }
        #expect(try await fixture.count("SELECT COUNT(*) FROM audit_events") == 2)
    }
}
