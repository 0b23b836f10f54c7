import Foundation
import GRDB
import HTTPTypes
import Hummingbird
import NIOCore
import StandCore
import Testing
@testable import StandWeb

/// Regression tests for the hardening review (issue 10): each one sends what
/// an attacker or a careless program sent, and failed before its fix.
@Suite struct HostileRequestTests {
    static func signedIn(_ role: StaffRole = .owner, _ test: @Sendable (Browser, TestConsole) async throws -> Void) async throws {
        let console = try await TestConsole()
        try await console.createStaff("\(role.rawValue)@example.com", role: role)
        let data = AppData(store: console.store)
        try await data.user(email: "ana@example.com", phone: "+15552230001")
        // More than a page of accounts, so every list has a next page to link to.
        for number in 10..<40 {
            try await data.user(email: "a\(number)@example.com", phone: "+155522311\(number)", createdAt: "2026-01-\(number % 28 + 1 < 10 ? "0" : "")\(number % 28 + 1) 10:00:00.000")
        }
        try await console.run { browser in
            try await browser.signIn("\(role.rawValue)@example.com")
            try await test(browser, console)
        }
    }

    // Finding 1: `page=Int64.max` trapped on `page + 1` and the process exited.
    @Test(arguments: ["/users?page=9223372036854775807", "/users?q=a&page=9223372036854775807",
                      "/users?page=-9223372036854775808", "/users?older=2026-01-01T00:00:00.000~9223372036854775807&page=99999999999999999999",
                      "/users?newer=9999-99-99T99:99:99.999~-1", "/users?older=%00~1",
                      "/audit?before=-1", "/deletion-requests?after=9223372036854775807",
                      "/users/00000000-0000-0000-0000-000000000000?answers_before=-9223372036854775808"])
    func numbersAtTheEdgesOfInt64AreRefusedOrBoundedNeverTrapped(uri: String) async throws {
        try await Self.signedIn(.support) { browser, _ in
            let page = try await browser.get(uri)
            #expect(page.status.code < 500, "\(uri) → \(page.status)")
        }
    }

    @Test func aPageNumberOutOfRangeIsABadRequestThatSaysWhy() async throws {
        try await Self.signedIn { browser, _ in
            let page = try await browser.get("/users?q=a&page=9223372036854775807")
            #expect(page.status == .badRequest)
            #expect(page.body.contains("page"))
        }
    }

    // Finding 5: a NUL in the search text ended libxml2's input, and the page stopped after the search box.
    @Test(arguments: ["ab%00cd", "ab%01cd%7F", "ab%EF%BF%BEcd", "%E2%80%AEana@example.com", "ana%00@example.com"])
    func controlCharactersAndNonCharactersInSearchAreIgnored(typed: String) async throws {
        try await Self.signedIn(.support) { browser, _ in
            let page = try await browser.get("/users?q=\(typed)")
            #expect(page.status.code < 500)
            #expect(!page.body.contains("\u{0}"))
            #expect(!page.body.contains("\u{FFFE}"))
            if typed.hasSuffix("ana@example.com") || typed == "ana%00@example.com" {
                // What is left is an exact email: it opens the account.
                #expect(page.status == .seeOther, "\(typed)")
            }
        }
    }

    @Test func controlCharactersInAReasonAreRefusedWithAFieldMessage() async throws {
        try await Self.signedIn(.support) { browser, console in
            let user = try await AppData(store: console.store).user(email: "bo@example.com", phone: "+15552230002")
            try await browser.get("/users/\(user.uuid)/delete")
            let page = try await browser.post("/users/\(user.uuid)/delete", ["confirmation": user.uuid, "reason": "asked\u{0}by\u{7}phone\u{FFFF}"])
            #expect(page.status == .unprocessableContent)
            #expect(page.body.contains("control character"))
            #expect(try await console.store.read { db in try UserAccount.find(db, uuid: user.uuid) } != nil)
            // Tab and newline are fine in a multi-line reason.
            try await browser.get("/users/\(user.uuid)")
            let note = try await browser.post("/users/\(user.uuid)/deletion-requests", ["note": "called\tin\nfrom abroad\u{1B}[31m"])
            #expect(note.status == .unprocessableContent)
            #expect(note.body.contains("control character"))
            let ok = try await browser.post("/users/\(user.uuid)/deletion-requests", ["note": "called\tin\nfrom abroad"])
            #expect(ok.status == .seeOther)
        }
    }

    // Finding 6: zero-width space, BOM, bidi overrides and soft hyphens were accepted in emails.
    @Test(arguments: ["ana\u{200B}@example.com", "\u{FEFF}ana@example.com", "ana\u{202E}moc@example.com", "an\u{00AD}a@example.com", "ana\u{2066}@example.com"])
    func invisibleCharactersInEmailsAreRefusedForUsersAndStaff(email: String) async throws {
        try await Self.signedIn { browser, console in
            _ = try await Self.expectEmailRefusedForUsersAndStaff(email, browser: browser, console: console)
        }
    }

    /// `email` typed on a user's edit form and on the new-staff form: each comes
    /// back 422 and nothing is saved. The two pages, for their messages.
    static func expectEmailRefusedForUsersAndStaff(_ email: String, browser: Browser, console: TestConsole) async throws -> (edit: Browser.Page, staff: Browser.Page) {
        let user = try await AppData(store: console.store).user(email: "cy@example.com", phone: "+15552230003")
        try await browser.get("/users/\(user.uuid)/edit")
        let edit = try await browser.post("/users/\(user.uuid)/edit", UserEditTests.form(
            email: email, phone: user.phone, birthdate: user.birthdate, reminder: "08:30",
            original: (user.email, user.phone, user.birthdate, "08:30")))
        #expect(edit.status == .unprocessableContent)
        #expect(try await console.store.read { db in try UserAccount.find(db, uuid: user.uuid) }?.email == "cy@example.com")
        try await browser.get("/staff")
        let staff = try await browser.post("/staff", ["email": email, "role": "support"])
        #expect(staff.status == .unprocessableContent)
        #expect(try await console.staff.all().count == 1)
        return (edit, staff)
    }

    // Issue 19, finding 8: `аna@example.com` (a Cyrillic а) was accepted for users and staff.
    @Test(arguments: [("\u{430}na@example.com", "\u{430}"), ("ana@ex\u{430}mple.com", "\u{430}"), ("an\u{3B1}@example.com", "\u{3B1}"),
                      ("jos\u{E9}@ex\u{3BF}mple.com", "\u{3BF}")])
    func mixedScriptLookAlikesInEmailsAreRefusedWithAFieldMessage(email: String, letter: String) async throws {
        try await Self.signedIn { browser, console in
            let (edit, staff) = try await Self.expectEmailRefusedForUsersAndStaff(email, browser: browser, console: console)
            #expect(edit.body.contains("The letter “\(letter)”"))
            #expect(edit.body.contains("retype the address in one alphabet"))
            #expect(edit.body.contains(email), "what was typed is kept")
            #expect(staff.body.contains("retype the address in one alphabet"))
        }
    }

    @Test(arguments: ["анна@пример.рф", "josé@example.com", "άννα@παράδειγμα.ελ"])
    func anAddressInOneAlphabetIsAccepted(email: String) {
        #expect(EmailAddress.normalised(email) != nil)
        #expect(EmailAddress.problem(email) == nil)
    }

    // Finding 7: five wrong passwords locked a real account (429) while an unknown email stayed 401 forever.
    @Test func lockoutLooksTheSameForAKnownAndAnUnknownEmail() async throws {
        let console = try await TestConsole()
        try await console.createStaff("owner@example.com", role: .owner)
        try await console.run { browser in
            var last: [String: Browser.Page] = [:]
            for email in ["owner@example.com", "nobody@example.com"] {
                for attempt in 1...6 {
                    last[email] = try await browser.signIn(email, password: "wrong-\(attempt)")
                }
            }
            let known = try #require(last["owner@example.com"]), unknown = try #require(last["nobody@example.com"])
            #expect(known.status == .tooManyRequests)
            #expect(unknown.status == known.status)
            // The message, with its times (minutes left, until when) set aside.
            func message(_ page: Browser.Page) -> String? {
                page.body.range(of: #"class="error"[^>]*>[^<]*<"#, options: .regularExpression)
                    .map { String(page.body[$0]).filter { !$0.isNumber } }
            }
            #expect(message(known) != nil)
            #expect(message(known) == message(unknown))
        }
    }

    // Finding 8: HEAD gave 404, other methods 404 instead of 405, any Content-Type was read as a form, and a NUL in a path served a file.
    @Test func headAnswersWhereverGetDoes() async throws {
        try await Self.signedIn { browser, _ in
            for uri in ["/", "/users", "/questions", "/audit", "/static/app.css", "/healthz"] {
                let page = try await browser.send(uri, method: .head)
                #expect(page.status == .ok, "HEAD \(uri)")
                #expect(page.body.isEmpty, "HEAD \(uri)")
            }
        }
        let console = try await TestConsole()
        try await console.run { browser in
            let login = try await browser.send("/login", method: .head)
            #expect(login.status == .ok)
        }
    }

    @Test func otherMethodsGet405WithAllow() async throws {
        try await Self.signedIn { browser, _ in
            for (uri, allow) in [("/users", "GET, HEAD"), ("/staff", "GET, HEAD, POST"), ("/login", "GET, HEAD, POST"),
                                 ("/users/00000000-0000-0000-0000-000000000000/edit", "GET, HEAD, POST")] {
                for method in [HTTPRequest.Method.put, .delete, .patch] {
                    let page = try await browser.send(uri, method: method)
                    #expect(page.status == .methodNotAllowed, "\(method) \(uri)")
                    #expect(page.headers[.allow] == allow, "\(method) \(uri)")
                }
            }
            #expect(try await browser.send("/no-such-page", method: .put).status == .notFound)
        }
    }

    @Test func aFormPostedUnderAnotherContentTypeIs415() async throws {
        try await Self.signedIn { browser, console in
            try await browser.get("/staff")
            let body = "csrf=\(browser.csrfToken)&email=new@example.com&role=support"
            for type in ["text/plain", "application/json", "multipart/form-data; boundary=x"] {
                let page = try await browser.send("/staff", method: .post, headers: [.contentType: type], body: ByteBuffer(string: body))
                #expect(page.status == .unsupportedMediaType, "\(type)")
            }
            let missing = try await browser.send("/staff", method: .post, body: ByteBuffer(string: body))
            #expect(missing.status == .unsupportedMediaType)
            #expect(try await console.staff.all().count == 1)
        }
    }

    @Test(arguments: ["/static/app.css%00.txt", "/users%00", "/static/%00", "/login%2500"])
    func aNULInAPathIsABadRequest(uri: String) async throws {
        try await Self.signedIn { browser, _ in
            let page = try await browser.send(uri, method: .get)
            if uri == "/login%2500" {
                // `%25` is a literal percent sign: no NUL, just no such page.
                #expect(page.status == .notFound)
            } else {
                #expect(page.status == .badRequest, "\(uri)")
                #expect(!page.body.contains("--accent"), "the stylesheet was served")
            }
        }
    }
}
