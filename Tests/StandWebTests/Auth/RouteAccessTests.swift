import Hummingbird
import StandCore
import Testing
@testable import StandWeb

@Suite struct RouteAccessTests {
    static let signedInPages = [
        "/", "/account", "/staff", "/audit", "/audit?action=staff.sign_in", "/users", "/users?older=2026-01-01T00:00:00.000~10",
        "/questions", "/suggestions", "/sweepstakes", "/deletion-requests", "/deletion-requests?status=done",
        "/users?q=jane", "/users/0f8b1c9e-5f2a-4c1d-9a7b-3e2d1c0b9a8f", "/users/0f8b1c9e-5f2a-4c1d-9a7b-3e2d1c0b9a8f/edit",
        "/users/0f8b1c9e-5f2a-4c1d-9a7b-3e2d1c0b9a8f/delete", "/audit.csv", "/staff/1/disable", "/deletion-requests/1/cancel",
        "/deletion-requests?status=all",
    ]

    @Test(arguments: signedInPages)
    func pageWithoutSessionRedirectsToLogin(path: String) async throws {
        let console = try await TestConsole()
        try await console.run { browser in
            // MUT
            let page = try await browser.get(path)
            // validate
            #expect(page.status == .seeOther)
            #expect(page.location?.hasPrefix("/login") == true)
        }
    }

    @Test func unknownPathWithoutSessionRedirectsToLogin() async throws {
        try await TestConsole().run { browser in
            let page = try await browser.get("/no/such/page")
            #expect(page.status == .seeOther)
            #expect(page.location == "/login")
        }
    }

    @Test func publicRoutesNeedNoSession() async throws {
        try await TestConsole().run { browser in
            let health = try await browser.get("/healthz")
            #expect(health.body == "ok")
            for path in ["/login", "/static/app.css", "/setup?token=\(TestConsole.setupToken)"] {
                let page = try await browser.get(path)
                #expect(page.status == .ok, "\(path) \(page.headers)")
            }
        }
    }

    @Test func redirectAfterSignInReturnsToTheRequestedPage() async throws {
        let console = try await TestConsole()
        try await console.createStaff("owner@example.com", role: .owner)
        try await console.run { browser in
            let redirect = try await browser.get("/audit")
            #expect(redirect.location == "/login?next=%2Faudit")
            try await browser.get(redirect.location!)
            let signedIn = try await browser.post("/login", ["email": "owner@example.com", "password": TestConsole.password, "next": "/audit"])
            #expect(signedIn.location == "/audit")
            // An absolute URL is never followed.
            browser.forgetCookies()
            try await browser.get("/login")
            let offsite = try await browser.post("/login", ["email": "owner@example.com", "password": TestConsole.password, "next": "//evil.example/"])
            #expect(offsite.location == "/")
        }
    }

    /// Role table of DESIGN.md for the pages of this issue.
    static let everyone = ["/": true, "/account": true, "/users": true, "/questions": true, "/suggestions": true, "/sweepstakes": true]

    @Test(arguments: [
        (StaffRole.owner, everyone.merging(["/staff": true, "/audit": true, "/audit.csv": true, "/questions/new": true, "/deletion-requests": true]) { $1 }),
        (StaffRole.editor, everyone.merging(["/staff": false, "/audit": false, "/audit.csv": false, "/staff/1/disable": false, "/questions/new": true,
                                             "/deletion-requests": false, "/deletion-requests/1/cancel": false]) { $1 }),
        (StaffRole.support, everyone.merging(["/staff": false, "/audit": false, "/audit.csv": false, "/staff/1/disable": false, "/questions/new": false,
                                              "/suggestions/1/approve": false, "/deletion-requests": true]) { $1 }),
    ])
    func rolesSeeOnlyTheirPages(role: StaffRole, expected: [String: Bool]) async throws {
        let console = try await TestConsole()
        try await console.createStaff("someone@example.com", role: role)
        try await console.run { browser in
            try await browser.signIn("someone@example.com")
            for (path, allowed) in expected {
                let page = try await browser.get(path)
                #expect(page.status == (allowed ? .ok : .forbidden), "\(role) \(path)")
                if !allowed { #expect(page.body.contains("Not allowed"), "\(role) \(path)") }
            }
            let dashboard = try await browser.get("/")
            #expect(dashboard.body.contains("href=\"/staff\"") == (role == .owner))
            #expect(dashboard.body.contains("href=\"/audit\"") == (role == .owner))
            #expect(dashboard.body.contains("href=\"/suggestions\""))
            #expect(dashboard.body.contains("href=\"/deletion-requests\"") == (role != .editor))
        }
    }

    @Test func nonOwnerPostToStaffIsRefusedAndChangesNothing() async throws {
        let console = try await TestConsole()
        try await console.createStaff("support@example.com", role: .support)
        let owner = try await console.createStaff("owner@example.com", role: .owner)
        try await console.run { browser in
            try await browser.signIn("support@example.com")
            try await browser.get("/")
            let csrf = browser.csrfToken
            for (path, fields) in [("/staff", ["email": "new@example.com", "role": "owner"]), ("/staff/\(owner.id!)/disable", [:]), ("/staff/\(owner.id!)/reset-password", [:])] {
                let page = try await browser.post(path, fields, csrf: csrf)
                #expect(page.status == .forbidden, "\(path)")
            }
        }
        #expect(try await console.staff.count() == 2)
        #expect(try await console.staff.find(id: owner.id!)?.disabled == false)
    }
}
