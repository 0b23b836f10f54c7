import Foundation
import GRDB
import StandCore
import Testing
@testable import StandWeb

/// Issue 20: a double-click granted twice, made two sweepstakes, scheduled a
/// CSV twice. Every form now carries a single-use submission id; the first
/// POST with it claims it in its change's transaction, and any repeat changes
/// nothing and lands where the first one did, saying so. Failed before: the
/// second POST of each pair below made a second change.
@Suite struct SubmitOnceTests {
    typealias Day = QuestionDays

    /// Open `page`, send its form to `action` twice with the page's submission
    /// id, and check: both answered 303 to the first one's outcome, the second
    /// saying it was already done, and exactly one `audit` event was written.
    /// A form whose first answer is a page shown once (a new password) gives
    /// `shownOnceThen`: the page the repeat goes to instead.
    static func expectDoneOnce(_ console: TestConsole, _ browser: Browser, page: String, action: String, fields: [String: String],
                               audit: AuditAction, shownOnceThen: String? = nil, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        try await browser.get(page)
        let token = try #require(browser.submissionToken, "no submission id on \(page)", sourceLocation: sourceLocation)
        let before = try await console.auditCount(audit)
        let sent = fields.merging(["submission": token]) { $1 }
        let first = try await browser.post(action, sent)
        let second = try await browser.post(action, sent)
        if let shownOnceThen {
            #expect(first.status == .ok, sourceLocation: sourceLocation)
            #expect(second.location?.hasPrefix(shownOnceThen + "?resubmitted=") == true, "\(second.location ?? "-")", sourceLocation: sourceLocation)
            #expect(!second.body.contains("password"), sourceLocation: sourceLocation)
            await #expect(try console.auditCount(audit) == before + 1, "\(action) changed more than once", sourceLocation: sourceLocation)
            return
        }
        #expect(first.status == .seeOther, "\(action): \(first.body.prefix(300))", sourceLocation: sourceLocation)
        #expect(second.status == .seeOther, "\(action) again: \(second.body.prefix(300))", sourceLocation: sourceLocation)
        let (firstPath, firstFragment) = SubmitOnceMiddleware.splitFragment(try #require(first.location, sourceLocation: sourceLocation))
        let repeated = try #require(second.location, sourceLocation: sourceLocation)
        #expect(repeated.hasPrefix(firstPath + (firstPath.contains("?") ? "&" : "?") + "resubmitted="), "\(repeated)", sourceLocation: sourceLocation)
        #expect(repeated.hasSuffix(firstFragment), sourceLocation: sourceLocation)
        await #expect(try console.auditCount(audit) == before + 1, "\(action) changed more than once", sourceLocation: sourceLocation)
        let landed = try await browser.get(repeated)
        #expect(landed.body.contains("This form was already sent at"), sourceLocation: sourceLocation)
        #expect(landed.body.contains("sending it again changed nothing"), sourceLocation: sourceLocation)
    }

    @Test func everyFormOfTheSweepstakesIsDoneOnce() async throws {
        let console = try await TestConsole()
        try await console.createStaff("owner@example.com", role: .owner)
        let data = AppData(store: console.store)
        let ended = try await data.sweepstakes(name: "Autumn", drawn: false)
        let other = try await data.sweepstakes(name: "Winter", drawn: false)
        let running = try await data.sweepstakes(name: "Next year", drawn: false)
        try await console.store.write { db in
            try db.execute(sql: "UPDATE sweepstakes SET starts_on = '2026-01-01', ends_on = '2099-12-31' WHERE id = ?", arguments: [running])
        }
        let jane = try await data.user(email: "jane@example.com", phone: "+15550001000")
        try await data.entries(jane, sweepstakes: ended, count: 3)
        try await data.entries(jane, sweepstakes: other, count: 3)
        let entrant = "/sweepstakes/\(ended)/entrant?user=\(jane.uuid)"
        try await console.run { browser in
            try await browser.signIn("owner@example.com")
            try await Self.expectDoneOnce(console, browser, page: entrant, action: "/sweepstakes/\(ended)/grant",
                                          fields: ["user": jane.uuid, "quantity": "3", "reason": "Ticket 812"], audit: .entriesGranted)
            await #expect(try EntryCorrectionTests.entrant(console, ended, jane) == "6/0")
            try await Self.expectDoneOnce(console, browser, page: entrant, action: "/sweepstakes/\(ended)/disqualify",
                                          fields: ["user": jane.uuid, "reason": "Two accounts", "confirmed": "yes"], audit: .entrantDisqualified)
            try await Self.expectDoneOnce(console, browser, page: entrant, action: "/sweepstakes/\(ended)/lift",
                                          fields: ["user": jane.uuid, "reason": "Same household"], audit: .disqualificationLifted)
            try await Self.expectDoneOnce(console, browser, page: "/sweepstakes/\(other)/entrant?user=\(jane.uuid)", action: "/sweepstakes/\(other)/void-all",
                                          fields: ["user": jane.uuid, "reason": "Cheating confirmed", "confirmed": "yes"], audit: .entriesVoided)
            try await Self.expectDoneOnce(console, browser, page: "/sweepstakes/new", action: "/sweepstakes/new",
                                          fields: SweepstakesPagesTests.form, audit: .sweepstakesCreated)
            #expect(try await console.store.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM sweepstakes") } == 4)
            try await Self.expectDoneOnce(console, browser, page: "/sweepstakes/\(ended)/draw", action: "/sweepstakes/\(ended)/draw",
                                          fields: [:], audit: .sweepstakesDrawn)
            try await Self.expectDoneOnce(console, browser, page: "/sweepstakes/\(running)/close", action: "/sweepstakes/\(running)/close",
                                          fields: ["reason": "Prize supplier withdrew"], audit: .sweepstakesClosed)
            let upcoming = try await SweepstakesFixTests.create(console, "Upcoming", startsIn: 10)
            let later = SweepstakesPagesTests.form.merging(["startsOn": UTCDate.day(UTCDate.adding(days: 11, to: Date())),
                                                            "endsOn": UTCDate.day(UTCDate.adding(days: 30, to: Date()))]) { $1 }
            try await Self.expectDoneOnce(console, browser, page: "/sweepstakes/\(upcoming)/edit", action: "/sweepstakes/\(upcoming)/edit",
                                          fields: later, audit: .sweepstakesEdited)
            try await Self.expectDoneOnce(console, browser, page: "/sweepstakes/\(other)/cancel", action: "/sweepstakes/\(other)/cancel",
                                          fields: ["reason": "Created twice"], audit: .sweepstakesCancelled)
        }
    }

    @Test func everyFormOfQuestionsAndSuggestionsIsDoneOnce() async throws {
        let console = try await TestConsole()
        try await console.createStaff("editor@example.com", role: .editor)
        let data = AppData(store: console.store)
        let jane = try await data.user(email: "jane@example.com", phone: "+15550001000")
        var madeSuggestions: [Int64] = []
        for index in 0..<2 { madeSuggestions.append(try await data.suggestion(jane, text: "Suggested question \(index)?")) }
        let suggestions = madeSuggestions
        try await console.run { browser in
            try await browser.signIn("editor@example.com")
            try await Self.expectDoneOnce(console, browser, page: "/questions/new", action: "/questions/new",
                                          fields: QuestionSchedulingTests.form(Day.offset(5), "Tea or coffee?", ["Tea", "Coffee"]), audit: .questionScheduled)
            let id = try #require(try await console.store.read { db in try Int64.fetchOne(db, sql: "SELECT id FROM daily_questions") })
            try await Self.expectDoneOnce(console, browser, page: "/questions/\(id)/edit", action: "/questions/\(id)/edit",
                                          fields: QuestionSchedulingTests.form(Day.offset(6), "Tea or coffee, really?", ["Tea", "Coffee"], extra: ["version": "1"]),
                                          audit: .questionUpdated)
            try await Self.expectDoneOnce(console, browser, page: "/questions/\(id)/unschedule", action: "/questions/\(id)/unschedule",
                                          fields: ["version": "2"], audit: .questionUnscheduled)
            try await Self.expectDoneOnce(console, browser, page: "/suggestions", action: "/suggestions/reject",
                                          fields: ["ids[]": String(suggestions[0]), "reason": "Duplicate", "confirmed": "yes"], audit: .suggestionRejected)
            try await Self.expectDoneOnce(console, browser, page: "/suggestions/\(suggestions[1])/approve", action: "/suggestions/\(suggestions[1])/approve",
                                          fields: QuestionSchedulingTests.form(Day.offset(9), "Suggested question 1?", ["Yes", "No"]), audit: .suggestionApproved)

            // The CSV upload: preview, then "Schedule" clicked twice.
            try await browser.get("/questions/upload")
            let csv = "\(Day.offset(20)),Is this the first row?,Yes,No\n\(Day.offset(21)),Is this the second row?,Yes,No\n"
            let preview = try await browser.upload("/questions/upload", file: Array(csv.utf8))
            let token = try #require(preview.body.firstMatch(of: /name="token" value="([0-9a-f]+)"/)?.1)
            let submission = try #require(browser.submissionToken)
            let first = try await browser.post("/questions/upload/apply", ["token": String(token), "submission": submission])
            let second = try await browser.post("/questions/upload/apply", ["token": String(token), "submission": submission])
            #expect(first.status == .seeOther && second.status == .seeOther)
            #expect(second.location?.hasPrefix(first.location! + "&resubmitted=") == true || second.location?.hasPrefix(first.location! + "?resubmitted=") == true)
            let calendar = try await browser.get(second.location!)
            #expect(calendar.body.contains("Scheduled 2 questions from the file"))
            #expect(!calendar.body.contains("That preview has expired"))
        }
    }

    @Test func everyFormOfAccountsAndStaffIsDoneOnce() async throws {
        let console = try await TestConsole()
        try await console.createStaff("owner@example.com", role: .owner)
        let editor = try await console.createStaff("editor@example.com", role: .editor)
        let data = AppData(store: console.store)
        let jane = try await data.user(email: "jane@example.com", phone: "+15550001000")
        let omar = try await data.user(email: "omar@example.com", phone: "+15550001001")
        try await console.run { browser in
            try await browser.signIn("owner@example.com")
            try await Self.expectDoneOnce(console, browser, page: "/users/\(jane.uuid)/edit", action: "/users/\(jane.uuid)/edit",
                                          fields: UserEditTests.form(email: "jane.new@example.com", phone: jane.phone,
                                                                     original: (jane.email, jane.phone, "1990-05-17", "08:30")), audit: .userUpdated)
            try await Self.expectDoneOnce(console, browser, page: "/users/\(omar.uuid)", action: "/users/\(omar.uuid)/deletion-requests",
                                          fields: ["note": "Phoned on Monday"], audit: .deletionRequestOpened)
            let request = try #require(try await console.store.read { db in try Int64.fetchOne(db, sql: "SELECT id FROM deletion_requests") })
            try await Self.expectDoneOnce(console, browser, page: "/deletion-requests/\(request)/cancel", action: "/deletion-requests/\(request)/cancel",
                                          fields: ["reason": "Changed their mind"], audit: .deletionRequestCancelled)
            try await Self.expectDoneOnce(console, browser, page: "/users/\(omar.uuid)/delete", action: "/users/\(omar.uuid)/delete",
                                          fields: ["confirmation": omar.uuid, "reason": "Asked in the app"], audit: .userDeleted)
            try await Self.expectDoneOnce(console, browser, page: "/staff", action: "/staff",
                                          fields: ["email": "new.person@example.com", "role": "support"], audit: .staffCreated, shownOnceThen: "/staff")
            try await Self.expectDoneOnce(console, browser, page: "/staff", action: "/staff/\(editor.id!)/role",
                                          fields: ["role": "support"], audit: .roleChanged)
            try await Self.expectDoneOnce(console, browser, page: "/staff/\(editor.id!)/disable", action: "/staff/\(editor.id!)/disable",
                                          fields: [:], audit: .staffDisabled)
            try await Self.expectDoneOnce(console, browser, page: "/staff", action: "/staff/\(editor.id!)/reset-password",
                                          fields: ["confirmed": "yes"], audit: .passwordReset, shownOnceThen: "/staff")
            try await Self.expectDoneOnce(console, browser, page: "/account", action: "/account/password",
                                          fields: ["current": TestConsole.password, "new": "brand-new-password", "confirmation": "brand-new-password"],
                                          audit: .passwordChanged)
            // Signing out twice (the second click finds no session): both go to sign in, no error.
            try await browser.get("/account")
            let sent = ["submission": try #require(browser.submissionToken)]
            #expect(try await browser.post("/logout", sent).location == "/login?signed_out=1")
            #expect(try await browser.post("/logout", sent).location?.hasPrefix("/login") == true)
            await #expect(try console.auditCount(.signOut) == 1)
        }
    }

    /// Twenty identical POSTs at the same instant: one change, one audit
    /// event, every answer a 303 to the first one's outcome.
    @Test func twentyIdenticalGrantsAtOnceGrantOnce() async throws {
        let (console, sweepstakes, jane) = try await EntryCorrectionTests.scene(name: "Autumn", entries: 2)
        try await console.run { browser in
            try await browser.signIn("support@example.com")
            try await browser.get("/sweepstakes/\(sweepstakes)/entrant?user=\(jane.uuid)")
            let token = try #require(browser.submissionToken)
            let answers = try await browser.postConcurrently("/sweepstakes/\(sweepstakes)/grant",
                                                             ["user": jane.uuid, "quantity": "3", "reason": "Outage", "submission": token], times: 20)
            #expect(answers.allSatisfy { $0.status == .seeOther }, "\(answers.map(\.status))")
            let outcome = "/sweepstakes/\(sweepstakes)/entrant?user=\(jane.uuid)&done=granted&count=3"
            #expect(answers.filter { $0.location == outcome }.count == 1)
            #expect(answers.filter { $0.location?.hasPrefix(outcome + "&resubmitted=") == true }.count == 19)
            await #expect(try console.auditCount(.entriesGranted) == 1)
            await #expect(try EntryCorrectionTests.entrant(console, sweepstakes, jane) == "5/0")
        }
    }

    /// A refused form claims nothing: fixed and sent again with the same id, it is done.
    @Test func aRefusedFormCanBeSentAgainWithItsId() async throws {
        let console = try await TestConsole()
        try await console.createStaff("support@example.com", role: .support)
        let data = AppData(store: console.store)
        let sweepstakes = try await data.sweepstakes(name: "Autumn", drawn: false)
        let jane = try await data.user(email: "jane@example.com", phone: "+15550001000")
        try await console.run { browser in
            try await browser.signIn("support@example.com")
            try await browser.get("/sweepstakes/\(sweepstakes)/entrant?user=\(jane.uuid)")
            let token = try #require(browser.submissionToken)
            let refused = try await browser.post("/sweepstakes/\(sweepstakes)/grant", ["user": jane.uuid, "quantity": "0", "reason": "Outage", "submission": token])
            #expect(refused.status == .unprocessableContent)
            let done = try await browser.post("/sweepstakes/\(sweepstakes)/grant", ["user": jane.uuid, "quantity": "3", "reason": "Outage", "submission": token])
            #expect(done.location == "/sweepstakes/\(sweepstakes)/entrant?user=\(jane.uuid)&done=granted&count=3")
            await #expect(try console.auditCount(.entriesGranted) == 1)
        }
    }
}
