import Hummingbird
import StandCore
import Testing
@testable import StandWeb

@Suite struct CSRFTests {
    /// Every POST route of the console, with fields that would change something.
    static func posts(staffId: Int64) -> [(String, [String: String])] {
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
        ]
    }

    @Test(arguments: ["missing", "wrong", "other session's"])
    func postWithoutTheRightTokenIsRefusedAndChangesNothing(kind: String) async throws {
        // setup
        let console = try TestConsole()
        try await console.createStaff("owner@example.com", role: .owner)
        let other = try await console.createStaff("editor@example.com", role: .editor)
        let otherSessionToken = try SessionStore(store: console.store).start(staffId: other.id!, replacing: nil).csrfToken
        try await console.run { browser in
            try await browser.signIn("owner@example.com")
            try await browser.get("/staff")
            let sessionsBefore = try SessionStore(store: console.store).count(staffId: other.id!)
            let auditBefore = try console.auditCount()
            let staffBefore = try console.staff.all().map { "\($0.email) \($0.role) \($0.disabled) \($0.passwordHash)" }
            for (path, fields) in Self.posts(staffId: other.id!) {
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
            #expect(try console.auditCount() == auditBefore)
            #expect(try console.staff.all().map { "\($0.email) \($0.role) \($0.disabled) \($0.passwordHash)" } == staffBefore)
            #expect(try SessionStore(store: console.store).count(staffId: other.id!) == sessionsBefore)
            // Still signed in: the refused sign-out did nothing.
            #expect(try await browser.get("/").status == .ok)
        }
    }

    @Test func signedOutFormsUseTheirOwnCookieToken() async throws {
        let console = try TestConsole()
        try await console.createStaff("owner@example.com", role: .owner)
        try await console.run { browser in
            try await browser.get("/login")
            #expect(browser.cookies["stand_csrf"] == browser.csrfToken)
            // A token that is not this browser's cookie is refused even before sign-in.
            let refused = try await browser.post("/login", ["email": "owner@example.com", "password": TestConsole.password], csrf: String(repeating: "a", count: 64))
            #expect(refused.status == .forbidden)
            #expect(try console.auditCount(.signIn) == 0)
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

