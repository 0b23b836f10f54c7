import Hummingbird
import StandCore
import Testing
@testable import StandWeb

@Suite struct StaffManagementTests {
    @Test func ownerCreatesStaffAndTheGeneratedPasswordWorks() async throws {
        let console = try await TestConsole()
        try await console.createStaff("owner@example.com", role: .owner)
        try await console.run { browser in
            try await browser.signIn("owner@example.com")
            try await browser.get("/staff")
            // MUT
            let created = try await browser.post("/staff", ["email": "  New.Person@Example.com ", "role": "editor"])
            // validate
            #expect(created.status == .ok)
            let password = try #require(created.body.firstMatch(of: /id="generated-password">([^<]+)</)?.1)
            #expect(password.count == 23)
            browser.forgetCookies()
            let signedIn = try await browser.signIn("New.Person@example.com", password: String(password))
            #expect(signedIn.location == "/")
        }
        #expect(try await console.staff.all().map(\.email).contains("New.Person@example.com"))
        await #expect(try console.auditCount(.staffCreated) == 2)
    }

    @Test func badInputKeepsWhatWasTypedAndNamesTheField() async throws {
        let console = try await TestConsole()
        try await console.createStaff("owner@example.com", role: .owner)
        try await console.run { browser in
            try await browser.signIn("owner@example.com")
            try await browser.get("/staff")
            let bad = try await browser.post("/staff", ["email": "not an email<script>", "role": "support"])
            #expect(bad.status == .unprocessableContent)
            #expect(bad.body.contains("Enter a valid email address, like name@example.com."))
            #expect(bad.body.contains("value=\"not an email&lt;script&gt;\""))
            #expect(bad.body.contains("<option value=\"support\" selected=\"selected\">"))
            let duplicate = try await browser.post("/staff", ["email": "OWNER@example.com", "role": "support"])
            #expect(duplicate.body.contains("A staff account with this email already exists."))
            let noRole = try await browser.post("/staff", ["email": "x@example.com", "role": "admin"])
            #expect(noRole.body.contains("Choose a role."))
        }
        #expect(try await console.staff.count() == 1)
    }

    @Test(arguments: ["role", "disable", "reset-password"])
    func changesEndEverySessionOfThatPerson(change: String) async throws {
        let console = try await TestConsole()
        try await console.createStaff("owner@example.com", role: .owner)
        let editor = try await console.createStaff("editor@example.com", role: .editor)
        let sessions = SessionStore(store: console.store)
        let editorSessions = [try await sessions.start(staffId: editor.id!, replacing: nil), try await sessions.start(staffId: editor.id!, replacing: nil)]
        try await console.run { browser in
            try await browser.signIn("owner@example.com")
            try await browser.get("/staff")
            let fields = change == "role" ? ["role": "support"] : ["confirmed": "yes"]
            let page = try await browser.post("/staff/\(editor.id!)/\(change)", fields)
            #expect(page.status == (change == "reset-password" ? .ok : .seeOther))
        }
        for session in editorSessions {
            #expect(try await sessions.active(id: session.id) == nil)
        }
        let after = try #require(try await console.staff.find(id: editor.id!))
        switch change {
        case "role": #expect(after.role == .support)
        case "disable": #expect(after.disabled)
        default: #expect(after.passwordHash != editor.passwordHash)
        }
    }

    /// Disabling asks first, naming the person and their signed-in browsers; the message after names both.
    @Test func disablingAsksFirstAndTheMessageNamesThePerson() async throws {
        let console = try await TestConsole()
        try await console.createStaff("owner@example.com", role: .owner)
        let ana = try await console.createStaff("ana@example.com", role: .editor)
        let sessions = SessionStore(store: console.store)
        for _ in 1...2 { _ = try await sessions.start(staffId: ana.id!, replacing: nil) }
        try await console.run { browser in
            try await browser.signIn("owner@example.com")
            let list = try await browser.get("/staff")
            // The list's Disable is a link to the question, not a one-click form.
            #expect(list.body.contains(#"<a class="button danger" href="/staff/\#(ana.id!)/disable">Disable…</a>"#))
            #expect(!list.body.contains(#"action="/staff/\#(ana.id!)/disable""#))
            let question = try await browser.get("/staff/\(ana.id!)/disable")
            #expect(question.status == .ok)
            #expect(question.body.contains("Disable ana@example.com?"))
            #expect(question.body.contains("signed in on 2 sessions now"))
            #expect(try await console.staff.find(id: ana.id!)?.disabled == false)
            let done = try await browser.post("/staff/\(ana.id!)/disable", [:])
            #expect(done.location == "/staff?done=disabled&staff=\(ana.id!)&ended=2")
            let after = try await browser.get(done.location!)
            #expect(after.body.contains("Disabled ana@example.com; their 2 sessions ended."))
            let enabled = try await browser.post("/staff/\(ana.id!)/enable", [:])
            #expect(try await browser.get(enabled.location!).body.contains("Enabled ana@example.com; they can sign in again."))
            let role = try await browser.post("/staff/\(ana.id!)/role", ["role": "support"])
            #expect(try await browser.get(role.location!).body.contains("ana@example.com now has the Support role."))
            // No such account: a 404 page, from the question and from the form (the fuzz test found a 500 here).
            #expect(try await browser.get("/staff/999/disable").status == .notFound)
            #expect(try await browser.post("/staff/999/disable", [:]).status == .notFound)
        }
        #expect(try await console.staff.find(id: ana.id!)?.disabled == false)
        await #expect(try console.auditCount(.staffDisabled) == 1)
    }

    @Test func disabledStaffCannotSignInAndEnablingRestoresAccess() async throws {
        let console = try await TestConsole()
        let owner = try await console.createStaff("owner@example.com", role: .owner)
        let editor = try await console.createStaff("editor@example.com", role: .editor)
        try await console.staff.setDisabled(staffId: editor.id!, true, by: AuditActor(owner, ip: nil))
        try await console.run { browser in
            let refused = try await browser.signIn("editor@example.com")
            #expect(refused.status == .unauthorized)
        }
        try await console.staff.setDisabled(staffId: editor.id!, false, by: AuditActor(owner, ip: nil))
        try await console.run { browser in
            let page = try await browser.signIn("editor@example.com")
            #expect(page.location == "/")
        }
    }

    @Test func ownerCannotDisableThemselvesOrTheLastOwner() async throws {
        let console = try await TestConsole()
        let owner = try await console.createStaff("owner@example.com", role: .owner)
        try await console.run { browser in
            try await browser.signIn("owner@example.com")
            try await browser.get("/staff")
            let page = try await browser.post("/staff/\(owner.id!)/disable", [:])
            #expect(page.status == .unprocessableContent)
            #expect(page.body.contains("You cannot change your own role or disable yourself"))
            #expect(page.body.contains("owner@example.com was not disabled"))
        }
        #expect(try await console.staff.find(id: owner.id!)?.disabled == false)
        let second = try await console.createStaff("second@example.com", role: .owner)
        // The second owner disabling the first is fine, then the second (now the
        // last enabled owner) cannot be made an editor by anyone else.
        try await console.staff.setDisabled(staffId: owner.id!, true, by: AuditActor(second, ip: nil))
        await #expect(throws: ValidationErrors.self) {
            try await console.staff.changeRole(staffId: second.id!, to: .editor, by: AuditActor(staffId: 99, email: "x", ip: nil))
        }
        #expect(try await console.staff.find(id: second.id!)?.role == .owner)
    }

    @Test func accountPasswordChangeAsksForTheCurrentOne() async throws {
        let console = try await TestConsole()
        let owner = try await console.createStaff("owner@example.com", role: .owner)
        let otherBrowser = try await SessionStore(store: console.store).start(staffId: owner.id!, replacing: nil)
        try await console.run { browser in
            try await browser.signIn("owner@example.com")
            try await browser.get("/account")
            let wrong = try await browser.post("/account/password", ["current": "nope", "new": "brand-new-password", "confirmation": "brand-new-password"])
            #expect(wrong.status == .unprocessableContent)
            #expect(wrong.body.contains("That is not your current password."))
            let mismatch = try await browser.post("/account/password", ["current": TestConsole.password, "new": "brand-new-password", "confirmation": "brand-new-passwort"])
            #expect(mismatch.body.contains("The two new passwords do not match."))
            let done = try await browser.post("/account/password", ["current": TestConsole.password, "new": "brand-new-password", "confirmation": "brand-new-password"])
            #expect(done.location == "/account?done=password")
            // This browser stays signed in; the other one is signed out.
            let after = try await browser.get(done.location ?? "/account")
            #expect(after.body.contains("Your password has been changed"))
        }
        #expect(try await SessionStore(store: console.store).active(id: otherBrowser.id) == nil)
        await #expect(try console.auditCount(.passwordChanged) == 1)
    }

    /// A reset cannot be undone (the old password is gone): asked first, naming the person.
    @Test func resettingAPasswordAsksFirst() async throws {
        let console = try await TestConsole()
        try await console.createStaff("owner@example.com", role: .owner)
        let editor = try await console.createStaff("editor@example.com", role: .editor)
        try await console.run { browser in
            try await browser.signIn("owner@example.com")
            try await browser.get("/staff")
            let asked = try await browser.post("/staff/\(editor.id!)/reset-password", [:])
            #expect(asked.status == .ok)
            #expect(asked.body.contains("<h1>Reset the password of editor@example.com?</h1>"))
            #expect(!asked.body.contains("shown once, on this page"))
            #expect(try await console.staff.find(id: editor.id!)?.passwordHash == editor.passwordHash)
            let done = try await browser.post("/staff/\(editor.id!)/reset-password", ["confirmed": "yes", "submission": try #require(browser.submissionToken)])
            #expect(done.status == .ok)
            #expect(done.body.contains("editor@example.com"))
        }
        #expect(try await console.staff.find(id: editor.id!)?.passwordHash != editor.passwordHash)
        await #expect(try console.auditCount(.passwordReset) == 1)
    }
}
