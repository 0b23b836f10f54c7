import Foundation
import Hummingbird
import StandCore
import Testing
@testable import StandWeb

@Suite struct SignInTests {
    @Test func signInRotatesTheSessionAndSetsAStrictHttpOnlyCookie() async throws {
        let console = try await TestConsole()
        try await console.createStaff("owner@example.com", role: .owner)
        try await console.run { browser in
            try await browser.get("/login")
            let first = try await browser.post("/login", ["email": "owner@example.com", "password": TestConsole.password])
            let cookie = first.headers[values: .setCookie].first { $0.hasPrefix("stand_session=") } ?? ""
            #expect(cookie.contains("HttpOnly"))
            #expect(cookie.contains("SameSite=Strict"))
            let firstId = try #require(browser.cookies["stand_session"])
            #expect(firstId.count == 64)
            // Signing in again from the same browser (a second tab) replaces the old session.
            try await browser.get("/account")
            _ = try await browser.post("/login", ["email": "owner@example.com", "password": TestConsole.password])
            let secondId = try #require(browser.cookies["stand_session"])
            #expect(secondId != firstId)
            #expect(try await SessionStore(store: console.store).active(id: firstId) == nil)
        }
    }

    @Test func wrongPasswordAndUnknownEmailGetTheSameMessageAndKeepTheEmail() async throws {
        let console = try await TestConsole()
        try await console.createStaff("owner@example.com", role: .owner)
        try await console.run { browser in
            let wrong = try await browser.signIn("owner@example.com", password: "not-the-password")
            let unknown = try await browser.signIn("nobody@example.com", password: "not-the-password")
            for page in [wrong, unknown] {
                #expect(page.status == .unauthorized)
                #expect(page.body.contains("That email and password do not match a staff account"))
            }
            #expect(unknown.body.contains("value=\"nobody@example.com\""))
            #expect(browser.cookies["stand_session"] == nil)
        }
        await #expect(try console.auditCount(.signInFailed) == 2)
    }

    @Test func fiveWrongPasswordsLockTheAccountForFifteenMinutes() async throws {
        let console = try await TestConsole()
        try await console.createStaff("owner@example.com", role: .owner)
        try await console.run { browser in
            var page: Browser.Page? = nil
            for attempt in 1...5 {
                page = try await browser.signIn("owner@example.com", password: "wrong-\(attempt)")
            }
            #expect(page?.status == .tooManyRequests)
            #expect(page?.body.contains("Too many wrong passwords or codes. This account is locked for 15 more minutes") == true)
            // The right password is refused while locked.
            let right = try await browser.signIn("owner@example.com")
            #expect(right.status == .tooManyRequests)
            #expect(browser.cookies["stand_session"] == nil)
        }
        await #expect(try console.auditCount(.lockedOut) == 1)
        await #expect(try console.auditCount(.signInRefusedLocked) == 1)
        // After the lock ends, the right password works again.
        let later = Date().addingTimeInterval(StaffAccounts.lockDuration + 1)
        let result = try await console.staff.signIn(email: "owner@example.com", password: TestConsole.password, client: .unknown, replacingSession: nil, now: later)
        guard case .signedIn = result else { Issue.record("expected sign-in after the lock, got \(result)"); return }
    }

    @Test func signOutEndsTheSessionOnTheServer() async throws {
        let console = try await TestConsole()
        try await console.createStaff("owner@example.com", role: .owner)
        try await console.run { browser in
            try await browser.signIn("owner@example.com")
            let id = try #require(browser.cookies["stand_session"])
            try await browser.get("/")
            let out = try await browser.post("/logout", [:])
            #expect(out.location == "/login?signed_out=1")
            #expect(try await SessionStore(store: console.store).active(id: id) == nil)
            // Replaying the old cookie gets the login page, not the dashboard.
            browser.setCookie("stand_session", id)
            #expect(try await browser.get("/").location == "/login")
        }
        await #expect(try console.auditCount(.signOut) == 1)
    }

    @Test func setupLinkCreatesTheFirstOwnerOnce() async throws {
        let console = try await TestConsole()
        try await console.run { browser in
            let bad = try await browser.get("/setup?token=\(String(repeating: "cd", count: 32))")
            #expect(bad.status == .forbidden)
            try await browser.get("/setup?token=\(TestConsole.setupToken)")
            let mismatch = try await browser.post("/setup", ["token": TestConsole.setupToken, "email": "first@example.com", "password": "first-owner-password", "confirmation": "different"])
            #expect(mismatch.status == .unprocessableContent)
            #expect(mismatch.body.contains("The two passwords do not match"))
            #expect(mismatch.body.contains("value=\"first@example.com\""))
            let short = try await browser.post("/setup", ["token": TestConsole.setupToken, "email": "first@example.com", "password": "short", "confirmation": "short"])
            #expect(short.body.contains("Use at least 12 characters"))
            let created = try await browser.post("/setup", ["token": TestConsole.setupToken, "email": "first@example.com", "password": "first-owner-password", "confirmation": "first-owner-password"])
            #expect(created.location == "/")
            #expect(try await browser.get("/").status == .ok)
            browser.forgetCookies()
            let again = try await browser.get("/setup?token=\(TestConsole.setupToken)")
            #expect(again.location == "/login")
        }
        let owners = try await console.staff.all()
        #expect(owners.map(\.email) == ["first@example.com"])
        #expect(owners.first?.role == .owner)
        await #expect(try console.auditCount(.ownerCreatedAtSetup) == 1)
    }
}

