import Foundation
import HTTPTypes
import NIOCore
import StandCore
import Testing
@testable import StandWeb

/// Issue 19, findings 1, 2 and 8: what arrives before the session check can
/// neither crash the process nor make it read a body; a body that is not a
/// well-formed form is a 400 that says what is wrong. Each failed before its fix.
@Suite struct RequestBodyTests {
    static func asEditor(_ test: @Sendable (Browser, TestConsole) async throws -> Void) async throws {
        let console = try await TestConsole()
        try await console.createStaff("editor@example.com", role: .editor)
        try await console.run { browser in
            try await browser.signIn("editor@example.com")
            try await browser.get("/questions/upload")
            try await test(browser, console)
        }
    }

    static func multipart(_ parts: [(header: String, body: String)], boundary: String = "XyZ", closed: Bool = true) -> ByteBuffer {
        var text = ""
        for part in parts { text += "--\(boundary)\r\n\(part.header)\r\n\r\n\(part.body)\r\n" }
        text += closed ? "--\(boundary)--\r\n" : ""
        return ByteBuffer(string: text)
    }

    // Finding 1: `boundary=` (or `""`) reached MultipartKit's precondition and the process died (SIGILL).
    @Test(arguments: ["multipart/form-data; boundary=", "multipart/form-data; boundary=\"\"", "multipart/form-data; boundary=\" \"",
                      "multipart/form-data; boundary=" + String(repeating: "a", count: 71), "multipart/form-data; boundary=ab;c=d",
                      "multipart/form-data; charset=utf-8", "multipart/form-data"])
    func aMissingOrInvalidBoundaryIsABadRequestAndTheServerLives(contentType: String) async throws {
        try await Self.asEditor { browser, _ in
            let page = try await browser.send("/questions/upload", method: .post, headers: [.contentType: contentType], body: ByteBuffer(string: "x"))
            #expect(page.status == .badRequest, "\(contentType)")
            #expect(page.body.contains("boundary"))
            browser.forgetCookies()
            let anonymous = try await browser.send("/questions/upload", method: .post, headers: [.contentType: contentType], body: ByteBuffer(string: "x"))
            #expect(anonymous.status == .seeOther)
            #expect(anonymous.location == "/login?ended=1&next=%2Fquestions%2Fupload")
            #expect(try await browser.get("/healthz").status == .ok)
        }
    }

    @Test func partsAreCountedBeforeTheyAreParsed() async throws {
        try await Self.asEditor { browser, _ in
            let tiny = (0..<(MultipartForm.maximumParts + 1)).map { (header: "Content-Disposition: form-data; name=\"p\($0)\"", body: "x") }
            let page = try await browser.send("/questions/upload", method: .post, headers: [.contentType: "multipart/form-data; boundary=XyZ"],
                                              body: Self.multipart([(header: "Content-Disposition: form-data; name=\"csrf\"", body: browser.csrfToken)] + tiny))
            #expect(page.status == .badRequest)
            #expect(page.body.contains("more than \(MultipartForm.maximumParts) parts"))
        }
    }

    // Finding 8: the token was taken from a file part, and from the last of two parts.
    @Test func theTokenIsOneTextPartNeverAFileOrASecond() async throws {
        try await Self.asEditor { browser, _ in
            let token = browser.csrfToken
            let file = (header: "Content-Disposition: form-data; name=\"file\"; filename=\"q.csv\"\r\nContent-Type: text/csv", body: "date,text\n")
            let headers: HTTPFields = [.contentType: "multipart/form-data; boundary=XyZ"]
            let twice = try await browser.send("/questions/upload", method: .post, headers: headers, body: Self.multipart([
                (header: "Content-Disposition: form-data; name=\"csrf\"", body: "wrong"),
                (header: "Content-Disposition: form-data; name=\"csrf\"", body: token), file,
            ]))
            #expect(twice.status == .badRequest)
            #expect(twice.body.contains("“csrf” twice"))
            let asFile = try await browser.send("/questions/upload", method: .post, headers: headers, body: Self.multipart([
                (header: "Content-Disposition: form-data; name=\"csrf\"; filename=\"token.txt\"", body: token), file,
            ]))
            #expect(asFile.status == .forbidden)
            let unclosed = try await browser.send("/questions/upload", method: .post, headers: headers, body: Self.multipart([
                (header: "Content-Disposition: form-data; name=\"csrf\"", body: token), file,
            ], closed: false))
            #expect(unclosed.status == .badRequest)
            #expect(unclosed.body.contains("closing boundary"))
            let garbled = try await browser.send("/questions/upload", method: .post, headers: headers,
                                                 body: ByteBuffer(string: "--XyZ\r\nno colon here\r\n\r\nx\r\n--XyZ--\r\n"))
            #expect(garbled.status == .badRequest)
            #expect(garbled.body.contains("malformed"))
            // A bare `=` among the disposition's parameters split into nothing, and reading its name trapped.
            let bareEquals = try await browser.send("/questions/upload", method: .post, headers: headers, body: Self.multipart([
                (header: "Content-Disposition: form-data;=;name=\"csrf\"", body: token), file,
            ]))
            #expect(bareEquals.status.code < 500)
            #expect(try await browser.get("/healthz").status == .ok)
        }
    }

    // Finding 8: a repeated field, even the right token twice, got 403 "this form has expired".
    @Test(arguments: ["csrf", "email"])
    func aRepeatedFieldIsABadRequestThatNamesIt(field: String) async throws {
        let console = try await TestConsole()
        try await console.createStaff("support@example.com", role: .support)
        let uuid = try await AppData(store: console.store).user(email: "ana@example.com", phone: "+15552230001").uuid
        try await console.run { browser in
            try await browser.signIn("support@example.com")
            try await browser.get("/users/\(uuid)/edit")
            // `post(_:pairs:)` sends the page's token first; the field is then sent again.
            let pairs = [("email", "ana@example.com"), ("phone", "+15552230001"), (field, field == "csrf" ? browser.csrfToken : "b@example.com")]
            let page = try await browser.post("/users/\(uuid)/edit", pairs: pairs)
            #expect(page.status == .badRequest)
            #expect(page.body.contains("“\(field)” more than once"))
        }
    }

    // Finding 2: an anonymous multipart body was read and parsed (25,888 parts, 200 ms of CPU each) before the
    // session was checked. Now the answer comes on the headers alone: the body is never sent, let alone read.
    @Test func anonymousAndUnauthorisedUploadsAreAnsweredBeforeTheirBodyIsSent() async throws {
        let console = try await TestConsole()
        try await console.createStaff("support@example.com", role: .support)
        try await console.runLive { browser, port in
            let body = [UInt8](repeating: UInt8(ascii: "x"), count: 2_000_000)
            let head = "POST /questions/upload HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: multipart/form-data; boundary=XyZ\r\nContent-Length: \(body.count)\r\n"
            let anonymous = try await RawHTTP.exchange(port: port, head: head + "\r\n", body: body)
            #expect(anonymous.answeredBeforeBody)
            #expect(anonymous.status == 303)
            try await browser.signIn("support@example.com")
            let cookie = browser.cookies.map { "\($0.key)=\($0.value)" }.joined(separator: "; ")
            let support = try await RawHTTP.exchange(port: port, head: head + "Cookie: \(cookie)\r\n\r\n", body: body)
            #expect(support.answeredBeforeBody)
            #expect(support.status == 403)
            // Every form's rule comes from its route, not only the upload's: support may not create staff.
            let form = [UInt8](repeating: UInt8(ascii: "x"), count: 60_000)
            let staff = try await RawHTTP.exchange(port: port, head: "POST /staff HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                + "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: \(form.count)\r\nCookie: \(cookie)\r\n\r\n", body: form)
            #expect(staff.answeredBeforeBody)
            #expect(staff.status == 403)
        }
    }

    // Finding 8: 50 MB announced with `Expect: 100-continue` was refused only after curl's one-second wait sent it.
    @Test func aBodyOverItsLimitIsRefusedOnItsHeaders() async throws {
        let console = try await TestConsole()
        try await console.createStaff("editor@example.com", role: .editor)
        try await console.runLive { browser, port in
            try await browser.signIn("editor@example.com")
            let cookie = browser.cookies.map { "\($0.key)=\($0.value)" }.joined(separator: "; ")
            for (path, type) in [("/questions/upload", "multipart/form-data; boundary=XyZ"), ("/questions/new", "application/x-www-form-urlencoded")] {
                let head = "POST \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: \(type)\r\nContent-Length: 52428800\r\n"
                    + "Expect: 100-continue\r\nCookie: \(cookie)\r\n\r\n"
                let exchange = try await RawHTTP.exchange(port: port, head: head)
                #expect(exchange.answeredBeforeBody, "\(path)")
                #expect(exchange.status == 413, "\(path): \(exchange.text.prefix(80))")
            }
            #expect(try await browser.get("/healthz").status == .ok)
        }
    }
}
