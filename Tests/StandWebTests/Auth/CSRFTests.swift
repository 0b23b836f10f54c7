import Hummingbird
import StandCore
import Testing
@testable import StandWeb

@Suite struct CSRFTests {
    /// Every POST route of the console, with fields that would change something.
    static func posts(staffId: Int64, userUUID: String = "0f8b1c9e-5f2a-4c1d-9a7b-3e2d1c0b9a8f") -> [(String, [String: String])] {
        [
            ("/login", ["email": "owner@example.com", "password": TestConsole.password]),
            ("/logout", [:]),
            ("/setup", ["token": TestConsole.setupToken, "email": "x@example.com", "password": "long-enough-password", "confirmation": "long-enough-password"]),
            ("/account/password", ["current": TestConsole.password, "new": "another-long-password", "confirmation": "another-long-password"]),
            ("/staff", ["email": "new@example.com", "role": "owner"]),
            ("/staff/\(staffId)/role", ["role": "support"]),
            ("/staff/\(staffId)/disable", [:]),
            ("/staff/\(staffId)/enable", [:]),
            ("/staff/\(staffId)/reset-password", [:]),
            ("/users/\(userUUID)/edit", ["email": "changed@example.com", "phone": "+15552239999", "birthdate": "1990-05-17", "reminderTime": "08:30",
                                        "originalEmail": "jane@example.com", "originalPhone": "+15552234567", "originalBirthdate": "1990-05-17", "originalReminderTime": "08:30"]),
            ("/users/\(userUUID)/deletion-requests", ["note": "x"]),
            ("/users/\(userUUID)/delete", ["confirmation": userUUID, "reason": "x"]),
            ("/deletion-requests/1/cancel", ["reason": "x"]),
        ]
    }

    @Test(arguments: ["missing", "wrong", "other session's"])
    func postWithoutTheRightTokenIsRefusedAndChangesNothing(kind: String) async throws {
        // setup
        let console = try await TestConsole()
        try await console.createStaff("owner@example.com", role: .owner)
        let other = try await console.createStaff("editor@example.com", role: .editor)
        let otherSessionToken = try await SessionStore(store: console.store).start(staffId: other.id!, replacing: nil).csrfToken
        let jane = try await AppData(store: console.store).user(email: "jane@example.com", phone: "+15552234567")
        try await AppData(store: console.store).deletionRequest(jane)
        try await console.run { browser in
            try await browser.signIn("owner@example.com")
            try await browser.get("/staff")
            let sessionsBefore = try await SessionStore(store: console.store).count(staffId: other.id!)
            let auditBefore = try await console.auditCount()
            let staffBefore = try await console.staff.all().map { "\($0.email) \($0.role) \($0.disabled) \($0.passwordHash)" }
            let usersBefore = try await console.store.read { db in try String.fetchAll(db, sql: "SELECT email || phone || version FROM users") }
            for (path, fields) in Self.posts(staffId: other.id!, userUUID: jane.uuid) {
                // MUT
                let page: Browser.Page
                switch kind {
                case "missing": page = try await browser.post(path, fields, includeCSRF: false)
                case "wrong": page = try await browser.post(path, fields, csrf: String(repeating: "0", count: 64))
                default: page = try await browser.post(path, fields, csrf: otherSessionToken)
                }
                // validate
                #expect(page.status == .forbidden, "\(kind) token on \(path)")
                #expect(page.body.contains("This form has expired"), "\(path)")
            }
            await #expect(try console.auditCount() == auditBefore)
            #expect(try await console.staff.all().map { "\($0.email) \($0.role) \($0.disabled) \($0.passwordHash)" } == staffBefore)
            #expect(try await SessionStore(store: console.store).count(staffId: other.id!) == sessionsBefore)
            let usersAfter = try await console.store.read { db in try String.fetchAll(db, sql: "SELECT email || phone || version FROM users") }
            #expect(usersAfter == usersBefore)
            let requests = try await console.store.read { db in try String.fetchAll(db, sql: "SELECT status FROM deletion_requests") }
            #expect(requests == ["pending"])
            // Still signed in: the refused sign-out did nothing.
            #expect(try await browser.get("/").status == .ok)
        }
    }

    @Test func signedOutFormsUseTheirOwnCookieToken() async throws {
        let console = try await TestConsole()
        try await console.createStaff("owner@example.com", role: .owner)
        try await console.run { browser in
            try await browser.get("/login")
            #expect(browser.cookies["stand_csrf"] == browser.csrfToken)
            // A token that is not this browser's cookie is refused even before sign-in.
            let refused = try await browser.post("/login", ["email": "owner@example.com", "password": TestConsole.password], csrf: String(repeating: "a", count: 64))
            #expect(refused.status == .forbidden)
            await #expect(try console.auditCount(.signIn) == 0)
        }
    }

    @Test func oversizedFormIsRefused() async throws {
        try await TestConsole().run { browser in
            try await browser.get("/login")
            let page = try await browser.post("/login", ["email": String(repeating: "a", count: 70_000)])
            #expect(page.status == .contentTooLarge)
        }
    }
}

