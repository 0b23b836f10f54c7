import Foundation
import GRDB
import Hummingbird
import StandCore
import Testing
@testable import StandWeb

/// The second factor through the console's pages: setting it up on "Your
/// account", the two-step sign-in, the owners' requirement, asking for the
/// password again before the riskiest actions, and sessions in view. Codes
/// are computed in the test from the secret the page showed.
@Suite struct SecondFactorPageTests {
    /// The secret on the set-up page, as an app would read it.
    static func secret(in page: Browser.Page) throws -> TOTP {
        let grouped = try #require(page.body.firstMatch(of: /id="second-factor-secret">([A-Z2-7 ]+)</)?.1, "no secret on the page")
        return TOTP(secret: try #require(Base32.decode(String(grouped))))
    }

    /// Sets up a second factor through the pages for the signed-in browser; returns it and the recovery codes.
    static func enrol(_ browser: Browser) async throws -> (TOTP, [String]) {
        try await browser.get("/account/second-factor")
        #expect(try await browser.post("/account/second-factor", [:]).location == "/account/second-factor")
        let totp = try secret(in: try await browser.get("/account/second-factor"))
        let shown = try await browser.post("/account/second-factor/confirm", ["code": totp.code(at: Date())])
        #expect(shown.status == .ok)
        let codes = shown.body.matches(of: /<li><code>([a-z0-9-]+)<\/code><\/li>/).map { String($0.1) }
        #expect(codes.count == 10)
        return (totp, codes)
    }

    /// The password step, then the code step; the answer to the code.
    static func signIn(_ browser: Browser, _ email: String, code: String) async throws -> Browser.Page {
        let first = try await browser.signIn(email)
        #expect(first.location == "/login/code", "the password step leads to the code: \(first.status)")
        #expect(browser.cookies[SessionMiddleware.challengeCookie] != nil && browser.cookies[SessionMiddleware.sessionCookie] == nil)
        #expect(try await browser.get("/login/code").status == .ok)
        return try await browser.post("/login/code", ["code": code])
    }

    @Test func anOwnerSetsUpASecondFactorAndSignsInWithACodeOnce() async throws {
        let console = try await TestConsole()
        try await console.createStaff("owner@example.com", role: .owner)
        try await console.run { browser in
            try await browser.signIn("owner@example.com")
            #expect(try await browser.get("/account").body.contains("<strong class=\"status off\">Off.</strong>"))
            try await browser.post("/account/second-factor", [:])
            let setUp = try await browser.get("/account/second-factor")
            let totp = try Self.secret(in: setUp)
            #expect(setUp.body.contains("href=\"otpauth://totp/Stand%20Admin:owner@example.com?secret="))
            // A wrong first code: the same page, the key still shown, what was typed kept.
            let wrong = try await browser.post("/account/second-factor/confirm", ["code": "12 34 5x"])
            #expect(wrong.status == .unprocessableContent)
            #expect(wrong.body.contains("That code does not match") && wrong.body.contains("value=\"12 34 5x\""))
            #expect(try Self.secret(in: wrong).secret == totp.secret)
            let shown = try await browser.post("/account/second-factor/confirm", ["code": totp.code(at: Date())])
            let codes = shown.body.matches(of: /<li><code>([a-z0-9-]+)<\/code><\/li>/).map { String($0.1) }
            #expect(codes.count == 10)
            let account = try await browser.get("/account")
            #expect(account.body.contains("<strong class=\"status on\">On.</strong>") && account.body.contains("10 recovery codes left"))
            // After enrolment the key is never shown again.
            #expect(try await browser.get("/account/second-factor").location == "/account#second-factor")
            #expect(!account.body.contains(Base32.encode(totp.secret).prefix(8)))

            try await browser.post("/logout", [:])
            let code = totp.code(at: Date().addingTimeInterval(30))
            let signedIn = try await Self.signIn(browser, "owner@example.com", code: code)
            #expect(signedIn.location == "/")
            #expect(browser.cookies[SessionMiddleware.sessionCookie] != nil && browser.cookies[SessionMiddleware.challengeCookie] == nil)
            #expect(try await browser.get("/").status == .ok)

            // The same code again, from a fresh sign-in: refused, without saying which part was wrong.
            try await browser.post("/logout", [:])
            let replayed = try await Self.signIn(browser, "owner@example.com", code: code)
            #expect(replayed.status == .unauthorized)
            #expect(replayed.body.contains("the code, or the email or password before it, was not right"))
            // A recovery code works, once.
            #expect(try await browser.post("/login/code", ["code": codes[0]]).location == "/")
            try await browser.get("/")
            try await browser.post("/logout", [:])
            #expect(try await Self.signIn(browser, "owner@example.com", code: codes[0]).status == .unauthorized)

            // A wrong password meets the same code step and the same refusal.
            browser.forgetCookies()
            try await browser.get("/login")
            #expect(try await browser.post("/login", ["email": "owner@example.com", "password": "not-the-password"]).location == "/login/code")
            #expect(try await browser.post("/login/code", ["code": totp.code(at: Date())]).status == .unauthorized)
        }
        let details = try await console.store.read { db in try String.fetchAll(db, sql: "SELECT COALESCE(detail, '') FROM audit_events") }.joined()
        #expect(!details.contains("secret=") && details.contains("with a code") && details.contains("with a recovery code"))
    }

    @Test func turningItOffAsksForThePasswordAndACode() async throws {
        let console = try await TestConsole()
        try await console.createStaff("owner@example.com", role: .owner)
        try await console.run { browser in
            try await browser.signIn("owner@example.com")
            let (totp, _) = try await Self.enrol(browser)
            try await browser.get("/account")
            let refused = try await browser.post("/account/second-factor/off", ["password": TestConsole.password, "code": "000000"])
            #expect(refused.status == .unprocessableContent)
            #expect(refused.body.contains("Your second factor is still on:") && refused.body.contains("That password and code do not match."))
            let off = try await browser.post("/account/second-factor/off", ["password": TestConsole.password, "code": totp.code(at: Date().addingTimeInterval(30))])
            #expect(off.location == "/account?done=second-factor-off")
            #expect(try await browser.get(off.location!).body.contains("Your second factor is off"))
            try await browser.post("/logout", [:])
            #expect(try await browser.signIn("owner@example.com").location == "/", "the password alone again")
        }
        await #expect(try console.auditCount(.secondFactorDisabled) == 1)
    }

    /// Owners require it: a staff member without one goes to set it up before
    /// any page, even a form's POST, and every page opens once it is on.
    @Test func theRequirementSendsEveryoneWithoutOneToSetItUp() async throws {
        let console = try await TestConsole()
        try await console.createStaff("owner@example.com", role: .owner)
        let support = try await console.createStaff("support@example.com", role: .support)
        let user = try await AppData(store: console.store).user(email: "jane@example.com", phone: "+15550001000")
        try await console.run { browser in
            try await browser.signIn("owner@example.com")
            try await browser.get("/staff")
            let first = try await browser.post("/staff/second-factor-requirement", ["required": "on"])
            #expect(first.status == .unprocessableContent && first.body.contains("Set up your own second factor on “Your account” first"))
            _ = try await Self.enrol(browser)
            try await browser.get("/staff")
            #expect(try await browser.post("/staff/second-factor-requirement", ["required": "on"]).location == "/staff?done=required#second-factor")
            let staff = try await browser.get("/staff?done=required")
            #expect(staff.body.contains("<strong class=\"status on\">Required.</strong>"))
            #expect(staff.body.contains("1 enabled account without one set it up before any other page"))

            browser.forgetCookies()
            #expect(try await browser.signIn("support@example.com").location == "/")
            for page in ["/", "/users", "/users/\(user.uuid)", "/account", "/staff/\(support.id!)/sessions"] {
                #expect(try await browser.get(page).location == "/account/second-factor", "\(page) opened without a second factor")
            }
            let setUp = try await browser.get("/account/second-factor")
            #expect(setUp.status == .ok && setUp.body.contains("Owners require a second factor of every staff member"))
            let note = try await browser.post("/users/\(user.uuid)/notes", ["text": "called about points"])
            #expect(note.location == "/account/second-factor")
            _ = try await Self.enrol(browser)
            #expect(try await browser.get("/users/\(user.uuid)").status == .ok)
        }
        let notes = try await console.store.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM account_notes") }
        #expect(notes == 0, "the note sent before the second factor was not saved")
        let roster = try await console.staff.roster()
        #expect(roster.members.allSatisfy { $0.hasSecondFactor })
    }

    /// Older than 15 minutes (the session's confirmation moved back in the
    /// store, as a pinned clock): deleting an account, changing a role and
    /// drawing winners ask for the password (and code) again first.
    @Test func theRiskiestActionsAskForThePasswordAgainAfterFifteenMinutes() async throws {
        let console = try await TestConsole()
        try await console.createStaff("owner@example.com", role: .owner)
        let editor = try await console.createStaff("editor@example.com", role: .editor)
        let data = AppData(store: console.store)
        let jane = try await data.user(email: "jane@example.com", phone: "+15550001000")
        let sweepstakes = try await data.sweepstakes(name: "Autumn", drawn: false)
        try await data.entries(jane, sweepstakes: sweepstakes, count: 2)
        @Sendable func ageTheConfirmation(minutes: Double) async throws {
            try await console.store.write { db in
                try db.execute(sql: "UPDATE staff_sessions SET confirmed_at = ?", arguments: [Date().addingTimeInterval(-minutes * 60)])
                try db.notifyChanges(inTable: "staff_sessions")
            }
        }
        try await console.run { browser in
            try await browser.signIn("owner@example.com")
            // Fourteen minutes: no question asked.
            try await ageTheConfirmation(minutes: 14)
            try await browser.get("/staff")
            #expect(try await browser.post("/staff/\(editor.id!)/role", ["role": "support"]).location?.hasPrefix("/staff?done=role") == true)

            try await ageTheConfirmation(minutes: 16)
            try await browser.get("/users/\(jane.uuid)/delete")
            let asked = try await browser.post("/users/\(jane.uuid)/delete", ["confirmation": "jane@example.com", "reason": "asked by email"])
            #expect(asked.status == .ok && asked.body.contains("<h1>Confirm it is you</h1>"))
            #expect(asked.body.contains("delete the account \(jane.uuid) permanently"))
            #expect(asked.body.contains("name=\"confirmation\" value=\"jane@example.com\"") && asked.body.contains("name=\"reason\" value=\"asked by email\""))
            #expect(!asked.body.contains("reconfirm-code"), "no code without a second factor")
            let wrong = try await browser.post("/users/\(jane.uuid)/delete", ["confirmation": "jane@example.com", "reason": "asked by email",
                                                                             "reconfirm_password": "not-my-password"])
            #expect(wrong.status == .unprocessableContent && wrong.body.contains("That is not your password."))
            #expect(try await console.store.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM users") } == 1, "nothing deleted yet")
            let deleted = try await browser.post("/users/\(jane.uuid)/delete", ["confirmation": "jane@example.com", "reason": "asked by email",
                                                                               "reconfirm_password": TestConsole.password])
            #expect(deleted.location == "/users/\(jane.uuid)?done=deleted")

            // With a second factor, the code too; the role form's choice is carried through.
            let (totp, _) = try await Self.enrol(browser)
            try await ageTheConfirmation(minutes: 20)
            try await browser.get("/staff")
            let role = try await browser.post("/staff/\(editor.id!)/role", ["role": "owner"])
            #expect(role.body.contains("give editor@example.com the Owner role") && role.body.contains("name=\"role\" value=\"owner\""))
            #expect(role.body.contains("id=\"reconfirm-code\""))
            let passwordOnly = try await browser.post("/staff/\(editor.id!)/role", ["role": "owner", "reconfirm_password": TestConsole.password])
            #expect(passwordOnly.status == .unprocessableContent && passwordOnly.body.contains("That password and code do not match."))
            let changed = try await browser.post("/staff/\(editor.id!)/role", ["role": "owner", "reconfirm_password": TestConsole.password,
                                                                               "reconfirm_code": totp.code(at: Date().addingTimeInterval(30))])
            #expect(changed.location?.hasPrefix("/staff?done=role") == true)

            try await ageTheConfirmation(minutes: 16)
            try await browser.get("/sweepstakes/\(sweepstakes)/draw")
            let draw = try await browser.post("/sweepstakes/\(sweepstakes)/draw", [:])
            #expect(draw.body.contains("draw the winners of “Autumn”"))
            #expect(try await console.store.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM sweepstakes_draws") } == 0)
        }
        #expect(try await console.staff.find(id: editor.id!)?.role == .owner)
        await #expect(try console.auditCount(.signInConfirmed) == 2)
    }

    @Test func aStaffMemberEndsAnotherOfTheirSessionsAndAnOwnerEndsAnyones() async throws {
        let console = try await TestConsole()
        try await console.createStaff("owner@example.com", role: .owner)
        let support = try await console.createStaff("support@example.com", role: .support)
        try await console.run { browser in
            try await browser.signIn("support@example.com")
            let laptop = try #require(browser.cookies[SessionMiddleware.sessionCookie])
            browser.forgetCookies()
            try await browser.signIn("support@example.com")
            let phone = try #require(browser.cookies[SessionMiddleware.sessionCookie])
            let account = try await browser.get("/account")
            let references = account.body.matches(of: /id="session-([0-9a-f]{16})"/).map { String($0.1) }
            #expect(references.count == 2)
            #expect(account.body.contains("this browser</span>"))
            #expect(account.body.matches(of: />End this session</).count == 1, "no button for the session in use")
            let other = try #require(try await console.store.read { db in
                try String.fetchOne(db, sql: "SELECT reference FROM staff_sessions WHERE id = ?", arguments: [laptop])
            })
            #expect(try await browser.post("/account/sessions/end", ["session": other]).location == "/account?done=session-ended#sessions")
            // The laptop is signed out; the phone is not.
            browser.setCookie(SessionMiddleware.sessionCookie, laptop)
            #expect(try await browser.get("/users").location?.hasPrefix("/login") == true)
            browser.setCookie(SessionMiddleware.sessionCookie, phone)
            #expect(try await browser.get("/users").status == .ok)

            // An owner sees and ends the support agent's remaining session.
            browser.forgetCookies()
            try await browser.signIn("owner@example.com")
            let list = try await browser.get("/staff/\(support.id!)/sessions")
            #expect(list.body.contains("1 active session"))
            #expect(try await browser.post("/staff/\(support.id!)/sessions/end", ["session": "all"]).location == "/staff/\(support.id!)/sessions?done=ended")
            #expect(try await browser.get("/staff/\(support.id!)/sessions").body.contains("0 active sessions"))
            browser.setCookie(SessionMiddleware.sessionCookie, phone)
            #expect(try await browser.get("/users").location?.hasPrefix("/login") == true)
        }
        await #expect(try console.auditCount(.sessionEnded) == 2)
    }
}
