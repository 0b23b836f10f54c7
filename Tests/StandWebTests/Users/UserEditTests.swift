import Foundation
import GRDB
import Hummingbird
import StandCore
import Testing
@testable import StandWeb

@Suite struct UserEditTests {
    static let jane = (email: "jane@example.com", phone: "+15552234567", birthdate: "1990-05-17", reminder: "08:30")

    /// The fields the edit form posts: typed values plus the originals it was opened on.
    static func form(email: String = jane.email, phone: String = jane.phone, birthdate: String = jane.birthdate, reminder: String = jane.reminder,
                     original: (email: String, phone: String, birthdate: String, reminder: String) = jane) -> [String: String] {
        ["email": email, "phone": phone, "birthdate": birthdate, "reminderTime": reminder,
         "originalEmail": original.email, "originalPhone": original.phone, "originalBirthdate": original.birthdate,
         "originalReminderTime": original.reminder]
    }

    /// A console holding Jane's account, with a staff member of `role` signed in.
    static func withJane(role: StaffRole = .support, _ test: @Sendable (Browser, TestConsole, AppData.User) async throws -> Void) async throws {
        let console = try await TestConsole()
        try await console.createStaff("\(role.rawValue)@example.com", role: role)
        let user = try await AppData(store: console.store).user(email: jane.email, phone: jane.phone)
        try await console.run { browser in
            try await browser.signIn("\(role.rawValue)@example.com")
            try await test(browser, console, user)
        }
    }

    static func account(_ store: StandStore, _ uuid: String) async throws -> UserAccount? {
        try await store.read { db in try UserAccount.find(db, uuid: uuid) }
    }

    @Test func supportSavesAValidEditAndTheAuditNamesTheFields() async throws {
        try await Self.withJane { browser, console, user in
            let form = try await browser.get("/users/\(user.uuid)/edit")
            #expect(form.status == .ok)
            #expect(form.body.contains("value=\"jane@example.com\""))
            let saved = try await browser.post("/users/\(user.uuid)/edit", Self.form(email: "Jane.New@Example.COM", phone: "(555) 223-9999", reminder: "21:15"))
            #expect(saved.status == .seeOther)
            #expect(saved.location == "/users/\(user.uuid)?done=edit")
            let account = try await #require(try Self.account(console.store, user.uuid))
            #expect(account.email == "Jane.New@example.com")
            #expect(account.phone == "+15552239999")
            #expect(account.reminderTime == "21:15")
            #expect(account.version == 2)
            let events = try await console.store.read { db in try AuditEvent.fetchAll(db, sql: "SELECT * FROM audit_events WHERE action = 'user.updated'") }
            #expect(events.count == 1)
            #expect(events.first?.detail == "changed email, phone, reminder_time")
            #expect(events.first?.targetId == user.uuid)
            // Values are personal data: never in the audit trail.
            #expect(events.first?.detail?.contains("Jane.New") == false)
            let page = try await browser.get(saved.location!)
            #expect(page.body.contains("Saved."))
        }
    }

    @Test(arguments: [
        (["email": "jane.example.com"], "email", "Enter a valid email address"),
        (["email": "jäne@exa mple.com"], "email", "Enter a valid email address"),
        (["phone": "555-223-45x7"], "phone", "only digits"),
        (["phone": "555 223 456"], "phone", "too few digits"),
        (["phone": "+4930123456789012"], "phone", "too many digits"),
        (["birthdate": "2010-01-01"], "birthdate", "18 or older"),
        (["birthdate": "1990-02-30"], "birthdate", "a real date"),
        (["birthdate": "2990-01-01"], "birthdate", "in the future"),
        (["reminderTime": "24:00"], "reminderTime", "HH:MM"),
        (["reminderTime": "8:30"], "reminderTime", "HH:MM"),
    ] as [([String: String], String, String)])
    func badInputIsExplainedOnTheFormWithWhatWasTypedKept(change: [String: String], field: String, message: String) async throws {
        try await Self.withJane { browser, console, user in
            try await browser.get("/users/\(user.uuid)/edit")
            let auditBefore = try await console.auditCount()
            let page = try await browser.post("/users/\(user.uuid)/edit", Self.form().merging(change) { $1 })
            #expect(page.status == .unprocessableContent)
            #expect(page.body.contains(message), "\(change)")
            let typed = change[field]!
            #expect(page.body.contains("value=\"\(typed)\""), "typed value kept: \(typed)")
            #expect(page.body.contains("aria-invalid=\"true\""))
            await #expect(try Self.account(console.store, user.uuid)?.email == Self.jane.email)
            await #expect(try Self.account(console.store, user.uuid)?.version == 1)
            await #expect(try console.auditCount() == auditBefore)
        }
    }

    /// The summary at the top lists the problems in the form's order: email, phone, birthdate, reminder time.
    @Test func theErrorSummaryFollowsTheFormsOrder() async throws {
        try await Self.withJane { browser, _, user in
            try await browser.get("/users/\(user.uuid)/edit")
            let page = try await browser.post("/users/\(user.uuid)/edit", Self.form(email: "x", phone: "12", birthdate: "2990-01-01", reminder: "25:00"))
            let summary = try #require(page.body.firstMatch(of: /<div class="error" role="alert">.*?<\/ul>/.dotMatchesNewlines())).0
            let order = ["valid email address", "phone", "in the future", "HH:MM"].map { summary.range(of: $0)?.lowerBound }
            #expect(!order.contains(nil), "\(summary)")
            #expect(order.compactMap { $0 } == order.compactMap { $0 }.sorted(), "\(summary)")
        }
    }

    @Test func emailOrPhoneOfAnotherAccountIsAnErrorNamingTheField() async throws {
        try await Self.withJane { browser, console, user in
            let other = try await AppData(store: console.store).user(email: "taken@example.com", phone: "+15552230000")
            try await browser.get("/users/\(user.uuid)/edit")
            let email = try await browser.post("/users/\(user.uuid)/edit", Self.form(email: "TAKEN@example.com"))
            #expect(email.status == .unprocessableContent)
            // It links to that account: the same person twice is the usual story.
            #expect(email.body.contains("Another account already uses this email address. <a href=\"/users/\(other.uuid)\">Open that account</a>"))
            let phone = try await browser.post("/users/\(user.uuid)/edit", Self.form(phone: "555 223 0000"))
            #expect(phone.body.contains("Another account already uses this phone number. <a href=\"/users/\(other.uuid)\">Open that account</a>"))
            #expect(phone.body.contains("value=\"555 223 0000\""))
            await #expect(try Self.account(console.store, user.uuid)?.phone == Self.jane.phone)
        }
    }

    @Test func aWriteBetweenOpeningAndSubmittingIsAConflictAndOverwritesNothing() async throws {
        try await Self.withJane { browser, console, user in
            let form = try await browser.get("/users/\(user.uuid)/edit")
            #expect(form.body.contains("name=\"originalEmail\" value=\"jane@example.com\""))
            // The app changes the email on the shared file while the form is open.
            try await console.store.write { db in
                try db.execute(sql: "UPDATE users SET email = 'jane.app@example.com', version = version + 1 WHERE uuid = ?", arguments: [user.uuid])
            }
            let auditBefore = try await console.auditCount()
            let page = try await browser.post("/users/\(user.uuid)/edit", Self.form(phone: "555 223 7777"))
            #expect(page.status == .conflict)
            #expect(page.body.contains("this account changed while you had the form open"))
            #expect(page.body.contains("Changed since: Email."))
            // The form now holds the current values; what was typed is shown, not lost.
            #expect(page.body.contains("id=\"email\" name=\"email\" type=\"email\" value=\"jane.app@example.com\""))
            #expect(page.body.contains("name=\"originalEmail\" value=\"jane.app@example.com\""))
            #expect(page.body.contains("<code>555 223 7777</code>"))
            let account = try await #require(try Self.account(console.store, user.uuid))
            #expect(account.email == "jane.app@example.com")
            #expect(account.phone == Self.jane.phone)
            await #expect(try console.auditCount() == auditBefore)
            // Submitting again from the refreshed form saves.
            let retry = try await browser.post("/users/\(user.uuid)/edit", Self.form(email: "jane.app@example.com", phone: "555 223 7777",
                                                                                    original: ("jane.app@example.com", Self.jane.phone, Self.jane.birthdate, Self.jane.reminder)))
            #expect(retry.status == .seeOther)
            await #expect(try Self.account(console.store, user.uuid)?.phone == "+15552237777")
        }
    }

    @Test func theAppUpdatingPointsDoesNotBlockAnEdit() async throws {
        try await Self.withJane { browser, console, user in
            try await browser.get("/users/\(user.uuid)/edit")
            try await console.store.write { db in
                try db.execute(sql: "UPDATE users SET points = points + 10, version = version + 1 WHERE uuid = ?", arguments: [user.uuid])
            }
            let saved = try await browser.post("/users/\(user.uuid)/edit", Self.form(reminder: "06:00"))
            #expect(saved.status == .seeOther)
            let account = try await #require(try Self.account(console.store, user.uuid))
            #expect(account.reminderTime == "06:00")
            #expect(account.points == 130)
        }
    }

    @Test func editorsCannotEdit() async throws {
        try await Self.withJane(role: .editor) { browser, console, user in
            try await browser.get("/")
            #expect(try await browser.get("/users/\(user.uuid)/edit").status == .forbidden)
            let refused = try await browser.post("/users/\(user.uuid)/edit", Self.form(email: "x@example.com"))
            #expect(refused.status == .forbidden)
            await #expect(try Self.account(console.store, user.uuid)?.email == Self.jane.email)
        }
    }

    @Test func editingADeletedAccountShowsItsTombstone() async throws {
        try await Self.withJane { browser, console, user in
            try await browser.get("/users/\(user.uuid)/edit")
            let support = try #require(try await console.staff.all().first)
            _ = try await AccountDeletion(store: console.store, erasures: PendingErasures(store: console.store)).delete(uuid: user.uuid, confirmation: user.uuid, reason: "Asked", by: AuditActor(support, ip: nil))
            let page = try await browser.post("/users/\(user.uuid)/edit", Self.form(reminder: "06:00"))
            #expect(page.status == .seeOther)
            #expect(page.location == "/users/\(user.uuid)")
        }
    }
}
