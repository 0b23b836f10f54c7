import Foundation
import GRDB
import Hummingbird
import StandCore
import StandTestSupport
import Testing
@testable import StandWeb

@Suite struct AccountDeletionTests {
    /// An account with everything deletion touches, among other accounts' data.
    struct Scene {
        let console: TestConsole
        let data: AppData
        let jane: AppData.User
        let other: AppData.User
        let openSweepstakes: Int64
        let drawnSweepstakes: Int64
    }

    static func scene() async throws -> Scene {
        let console = try await TestConsole()
        let support = try await console.createStaff("support@example.com", role: .support)
        try await console.createStaff("editor@example.com", role: .editor)
        let data = AppData(store: console.store)
        let jane = try await data.user(email: "Jane.Erased@Example.com", phone: "+15557654321", birthdate: "1987-03-14")
        let other = try await data.user(email: "other@example.com", phone: "+15552234567")
        for day in 1...6 {
            let question = try await data.question(day: "2026-11-0\(day)")
            try await data.answer(jane, question: question, choice: day % 2)
            try await data.answer(other, question: question, choice: 1)
            try await data.answer(nil, question: question, choice: 0)
        }
        let open = try await data.sweepstakes(name: "Winter", drawn: false)
        let drawn = try await data.sweepstakes(name: "Autumn", drawn: true, drawnBy: support.id)
        try await data.entries(jane, sweepstakes: open, count: 4)
        try await data.entries(jane, sweepstakes: drawn, count: 2)
        try await data.entries(other, sweepstakes: open, count: 1)
        try await data.suggestion(jane, text: "Should breakfast be a meal?")
        try await data.deletionRequest(jane)
        // Support's notes and a suspension are personal data too: they go with the account, bytes and all.
        let supportActor = AuditActor(staffId: support.id, email: support.email, ip: nil)
        try await AccountNotes(store: console.store).add(uuid: jane.uuid, body: Self.noteText, by: supportActor)
        try await AccountSuspensions(store: console.store).suspend(uuid: jane.uuid, until: nil, reason: "Chargeback review", by: supportActor)
        return Scene(console: console, data: data, jane: jane, other: other, openSweepstakes: open, drawnSweepstakes: drawn)
    }

    @Test func confirmationPageNamesExactlyWhatWillGo() async throws {
        let scene = try await Self.scene()
        try await scene.console.run { browser in
            try await browser.signIn("support@example.com")
            let page = try await browser.get("/users/\(scene.jane.uuid)/delete")
            #expect(page.status == .ok)
            for text in ["Jane.Erased@Example.com", "+1 555-765-4321", "1987-03-14", "<strong>Answers: 6</strong>",
                         "<strong>Entries in sweepstakes not drawn yet: 4</strong>", "<strong>Entries in drawn sweepstakes: 2</strong>",
                         "<strong>Suggestions sent: 1</strong>", "<strong>Open deletion requests: 1</strong>"] {
                #expect(page.body.contains(text), "\(text)")
            }
        }
    }

    @Test func deletionErasesThePersonAndKeepsEveryResult() async throws {
        let scene = try await Self.scene()
        let store = scene.console.store
        let resultsBefore = try await scene.data.results()
        try await scene.console.run { browser in
            try await browser.signIn("support@example.com")
            try await browser.get("/users/\(scene.jane.uuid)/delete")
            let done = try await browser.post("/users/\(scene.jane.uuid)/delete", ["confirmation": "jane.erased@example.com", "reason": "Asked in the app, ticket 88"])
            #expect(done.status == .seeOther)
            #expect(done.location == "/users/\(scene.jane.uuid)?done=deleted")
            let tombstone = try await browser.get(done.location!)
            #expect(tombstone.body.contains("The account was deleted."))
            // Queue work leads on: the next deletion request is one click away.
            #expect(tombstone.body.contains(#"<a href="/deletion-requests">Pending deletion requests →</a>"#))
            #expect(tombstone.body.contains("Asked in the app, ticket 88"))
        }
        // Every question's results are exactly as before, counters and rows alike.
        await #expect(try scene.data.results() == resultsBefore)
        try await store.read { db in
            #expect(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM users WHERE uuid = ?", arguments: [scene.jane.uuid]) == 0)
            #expect(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM answers WHERE user_id IS NULL") == 12)
            // Undrawn entries gone, drawn ones kept detached, the other person's untouched.
            #expect(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM sweepstakes_entries WHERE sweepstakes_id = ?", arguments: [scene.openSweepstakes]) == 1)
            #expect(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM sweepstakes_entries WHERE sweepstakes_id = ? AND user_id IS NULL", arguments: [scene.drawnSweepstakes]) == 2)
            #expect(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM suggestions WHERE user_id IS NULL") == 1)
            #expect(try String.fetchOne(db, sql: "SELECT status FROM deletion_requests WHERE user_uuid = ?", arguments: [scene.jane.uuid]) == "done")
            #expect(try Int.fetchOne(db, sql: "SELECT value FROM counters WHERE name = 'users'") == 1)
            let event = try #require(try AuditEvent.fetchOne(db, sql: "SELECT * FROM audit_events WHERE action = 'user.deleted'"))
            #expect(event.targetId == scene.jane.uuid)
            #expect(event.staffEmail == "support@example.com")
            #expect(event.detail?.contains("answers detached: 6") == true)
            #expect(try StoreRow.fetchOne(db, sql: "SELECT * FROM deleted_accounts WHERE uuid = ?", arguments: [scene.jane.uuid])?["reason"] == "Asked in the app, ticket 88")
        }
        try await Self.expectNoPersonalDataLeft(store, scene.jane)
        #expect(try await store.read { db in try UserAccount.find(db, uuid: scene.other.uuid) } != nil)
    }

    /// Every text column of every table: the email and phone appear nowhere; the
    /// UUID only as the tombstone's key and in records that point at it.
    static let noteText = "Called from her sister's line about the stolen handset; wants everything gone"

    static func expectNoPersonalDataLeft(_ store: StandStore, _ user: AppData.User, notes: [String] = [noteText]) async throws {
        // A UUID is an id, not personal data: an audit export names the account it was filtered by.
        // The tombstone's records point at it by UUID: its deliveries, the exports that held it, its draw lines.
        let allowedUUIDPlaces: Set<String> = ["deleted_accounts.uuid", "audit_events.target_id", "audit_events.detail", "deletion_requests.user_uuid",
                                              "erasure_deliveries.account_uuid", "console_exports.subject_uuid", "console_exports.filter",
                                              "deleted_account_copies.uuid", "deleted_account_draws.uuid"]
        try await store.read { db in
            let instr = db.engine == .sqlite ? "instr" : "strpos"
            let tables = try db.tableNames()
            #expect(tables.count >= 14)
            for table in tables {
                for column in try db.columnNames(in: table) {
                    let place = "\(table).\(column)"
                    for needle in [user.email, user.email.lowercased(), user.phone, String(user.phone.dropFirst(2))] + notes {
                        let hits = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \(table) WHERE \(instr)(lower(CAST(\(column) AS TEXT)), lower(?)) > 0", arguments: [needle]) ?? 0
                        #expect(hits == 0, "\(needle) left in \(place)")
                    }
                    let uuidHits = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \(table) WHERE \(instr)(CAST(\(column) AS TEXT), ?) > 0", arguments: [user.uuid]) ?? 0
                    if !allowedUUIDPlaces.contains(place) { #expect(uuidHits == 0, "UUID left in \(place)") }
                }
            }
        }
        // Bytes, not only rows: the file and its WAL hold neither email nor phone.
        for suffix in ["", "-wal"] {
            let path = store.path + suffix
            guard let bytes = FileManager.default.contents(atPath: path) else { continue }
            for needle in [user.email, user.phone] + notes {
                #expect(bytes.range(of: Data(needle.utf8)) == nil, "\(needle) bytes left in \(path)")
            }
        }
    }

    @Test func secondSubmitAndBackButtonResubmitSayAlreadyDeleted() async throws {
        let scene = try await Self.scene()
        try await scene.console.run { browser in
            try await browser.signIn("support@example.com")
            try await browser.get("/users/\(scene.jane.uuid)/delete")
            let token = browser.csrfToken
            let fields = ["confirmation": scene.jane.uuid, "reason": "Asked by phone"]
            #expect(try await browser.post("/users/\(scene.jane.uuid)/delete", fields, csrf: token).status == .seeOther)
            let again = try await browser.post("/users/\(scene.jane.uuid)/delete", fields, csrf: token)
            #expect(again.status == .ok)
            #expect(again.body.contains("This account was already deleted, by support@example.com"))
            // The confirmation page itself, reloaded, says the same.
            let reload = try await browser.get("/users/\(scene.jane.uuid)/delete")
            #expect(reload.status == .ok)
            #expect(reload.body.contains("already deleted"))
        }
        await #expect(try scene.console.auditCount(.userDeleted) == 1)
    }

    @Test func twoStaffDeletingAtOnceMakeOneDeletion() async throws {
        let scene = try await Self.scene()
        let store = scene.console.store
        let staff = try #require(try await scene.console.staff.all().first { $0.role == .support })
        let outcomes = try await withThrowingTaskGroup(of: AccountDeletion.Outcome.self) { group in
            for _ in 0..<4 {
                group.addTask {
                    try await AccountDeletion(store: store, erasures: PendingErasures(store: store)).delete(uuid: scene.jane.uuid, confirmation: scene.jane.email, reason: "Asked", by: AuditActor(staff, ip: nil))
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(outcomes.filter { if case .deleted = $0 { true } else { false } }.count == 1)
        #expect(outcomes.filter { if case .alreadyDeleted = $0 { true } else { false } }.count == 3)
        await #expect(try scene.console.auditCount(.userDeleted) == 1)
    }

    @Test func wrongConfirmationOrMissingReasonChangesNothing() async throws {
        let scene = try await Self.scene()
        try await scene.console.run { browser in
            try await browser.signIn("support@example.com")
            try await browser.get("/users/\(scene.jane.uuid)/delete")
            let page = try await browser.post("/users/\(scene.jane.uuid)/delete", ["confirmation": "other@example.com", "reason": ""])
            #expect(page.status == .unprocessableContent)
            #expect(page.body.contains("That is not this account's email address or UUID."))
            #expect(page.body.contains("Say why the account is being deleted"))
            #expect(page.body.contains("value=\"other@example.com\""))
        }
        #expect(try await scene.console.store.read { db in try UserAccount.find(db, uuid: scene.jane.uuid) } != nil)
        await #expect(try scene.console.auditCount(.userDeleted) == 0)
    }

    /// The last step cannot run: the deletion has begun (the app refuses the
    /// account) and the page says it finishes in the background; sending the
    /// form again once the store can take it finishes it, once.
    @Test func aDeletionTheStoreCannotFinishNowSaysItFinishesInTheBackground() async throws {
        let scene = try await Self.scene()
        let store = scene.console.store
        try await store.write { db in
            try db.execute(sql: TestSQL.refuseInserts(into: "deleted_accounts", name: "refuse_tombstones", message: "refused"))
        }
        try await scene.console.run { browser in
            try await browser.signIn("support@example.com")
            try await browser.get("/users/\(scene.jane.uuid)/delete")
            let fields = ["confirmation": scene.jane.uuid, "reason": "Asked by phone"]
            let begun = try await browser.post("/users/\(scene.jane.uuid)/delete", fields)
            #expect(begun.status == .seeOther)
            #expect(begun.location == "/users/\(scene.jane.uuid)?done=deletion-underway")
            let page = try await browser.get(begun.location!)
            #expect(page.status == .ok)
            #expect(page.body.contains("The deletion has begun: the app refuses this account already."))
            #expect(try await store.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM deletions_underway") } == 1)
            await #expect(try scene.console.auditCount(.userDeleted) == 0)

            try await store.write { db in try db.execute(sql: TestSQL.dropRefusal(on: "deleted_accounts", name: "refuse_tombstones")) }
            try await browser.get("/users/\(scene.jane.uuid)/delete")
            // Finished by the form sent again, or by the background loop first: woken by the
            // failed request, it retries too, and may get in as soon as the refusal is gone.
            let done = try await browser.post("/users/\(scene.jane.uuid)/delete", fields)
            #expect(done.location == "/users/\(scene.jane.uuid)?done=deleted" || done.body.contains("This account was already deleted"))
        }
        await #expect(try scene.console.auditCount(.userDeleted) == 1)
        try await Self.expectNoPersonalDataLeft(store, scene.jane)
    }

    @Test func editorsCannotDeleteOrSeeTheConfirmation() async throws {
        let scene = try await Self.scene()
        try await scene.console.run { browser in
            try await browser.signIn("editor@example.com")
            try await browser.get("/")
            #expect(try await browser.get("/users/\(scene.jane.uuid)/delete").status == .forbidden)
            let refused = try await browser.post("/users/\(scene.jane.uuid)/delete", ["confirmation": scene.jane.uuid, "reason": "x"])
            #expect(refused.status == .forbidden)
            let opened = try await browser.post("/users/\(scene.jane.uuid)/deletion-requests", ["note": "x"])
            #expect(opened.status == .forbidden)
        }
        #expect(try await scene.console.store.read { db in try UserAccount.find(db, uuid: scene.jane.uuid) } != nil)
    }
}
