import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import StandCore
import Testing
@testable import StandWeb

/// Ten thousand generated requests through every registered route, signed in
/// as an owner: numbers at the edges of Int64, NUL and other control
/// characters, invalid UTF-8, overlong values, duplicated parameters, wrong
/// content types. No 5xx, no trap, and every HTML page valid and whole (the
/// `Browser` checks each one with libxml2). A fixed seed makes a failure
/// reproducible: the message names the request.
@Suite struct RequestFuzzTests {
    static let requestCount = 10_000
    static let seed: UInt64 = 0x5EED_2026_1124

    @Test func generatedRequestsNeverFailTheServerOrItsPages() async throws {
        let console = try TestConsole()
        let owner = try await console.createStaff("owner@example.com", role: .owner)
        try await console.createStaff("support@example.com", role: .support)
        let data = AppData(store: console.store)
        var created: [String] = []
        for number in 0..<30 {
            created.append(try data.user(email: "fuzz\(number)@example.com", phone: "+1555223\(4000 + number)").uuid)
        }
        let jane = try data.user(email: "jane@example.com", phone: "+15557654321")
        let uuids = created + [jane.uuid]
        try data.deletionRequest(jane)
        let question = try data.question(day: UTCDate.day(Date()))
        try data.answer(jane, question: question, choice: 1)
        _ = try data.sweepstakes(name: "Winter", drawn: false)
        try data.suggestion(jane, text: "<script>alert(1)</script>")
        _ = owner

        try await console.runWithServices { browser, services in
            try await browser.signIn("owner@example.com")
            let routes = services.routes.all.flatMap { route in route.methods.map { (method: $0, pattern: route.pattern) } }
                .filter { $0.pattern != "/logout" }
            #expect(routes.count >= 20, "the route table looks empty: \(routes)")
            var generator = FuzzInput(seed: Self.seed, uuids: uuids)
            var statuses: [Int: Int] = [:]
            for index in 0..<Self.requestCount {
                let route = routes[index % routes.count]
                let method: HTTPRequest.Method = generator.chance(1, in: 12) ? generator.pick([.head, .put, .delete, .patch, .options]) : route.method
                let uri = generator.path(for: route.pattern) + generator.queryString()
                var headers = HTTPFields()
                var body: ByteBuffer?
                if method == .post {
                    headers[.contentType] = generator.chance(1, in: 15) ? generator.pick(["text/plain", "application/json", "multipart/form-data; boundary=x", ""]) : "application/x-www-form-urlencoded"
                    body = ByteBuffer(string: generator.formBody(csrf: browser.csrfToken))
                }
                let page = try await browser.send(uri, method: method, headers: headers, body: body)
                let shown = "\(method) \(uri.prefix(160))\(uri.count > 160 ? "…" : "")"
                statuses[page.status.code, default: 0] += 1
                #expect(page.status.code < 500, "request \(index): \(shown) → \(page.status)")
                if page.location?.hasPrefix("/login") == true || browser.cookies["stand_session"] == nil {
                    // Nothing in the list signs out; if a request did, say so and carry on signed in.
                    Issue.record("request \(index): \(shown) ended the session")
                    try await browser.signIn("owner@example.com")
                }
                if index % 97 == 0 { try await browser.get("/staff") }  // a fresh CSRF token now and then
            }
            #expect(statuses.values.reduce(0, +) == Self.requestCount)
            // The mix reached the handlers, not just the gates.
            #expect(statuses[200, default: 0] > Self.requestCount / 10, "\(statuses)")
        }
    }
}

/// Hostile values from a fixed-seed SplitMix64 stream.
struct FuzzInput {
    private var state: UInt64
    let uuids: [String]

    init(seed: UInt64, uuids: [String]) {
        state = seed
        self.uuids = uuids
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func chance(_ numerator: UInt64, in denominator: UInt64) -> Bool {
        next() % denominator < numerator
    }

    mutating func pick<T>(_ values: [T]) -> T {
        values[Int(next() % UInt64(values.count))]
    }

    static let numbers = [
        "0", "1", "-1", "2", "25", "1000", "1000000", "1000001", "9223372036854775807", "-9223372036854775808",
        "9223372036854775808", "18446744073709551615", "99999999999999999999999", "1e9", "0x10", "+1", " 1", "1.5", "NaN", "",
    ]
    static let texts = [
        "jane", "jane@example.com", "JANE@EXAMPLE.COM", "(555) 765-4321", "+1 555 765 4321", "555.765.4321", "fuzz1",
        "%00", "ab%00cd", "%01%02%1B%7F", "%C2%85", "%EF%BF%BE", "%EF%BF%BF", "%F4%8F%BF%BF", "%FF%FE%FD", "%C0%AE%C0%AE",
        "%E2%80%AE", "%E2%80%8B", "%EF%BB%BF", "%ED%A0%80", "%", "%G1", "%%", "+", "a+b", "<script>alert(1)</script>",
        "%3Cscript%3E", "javascript:alert(1)", "//evil.example/", "/%2F/evil", "..%2F..%2Fetc%2Fpasswd", "owner", "editor",
        "support", "pending", "done", "cancelled", "all", "staff.sign_in", "user.viewed", "password", "edit", "deleted",
    ]
    static let parameterNames = ["q", "page", "before", "after", "answers_before", "status", "done", "staff", "action", "next",
                                 "token", "signed_out", "month", "date", "%00", "q[]", ""]
    static let fieldNames = ["email", "phone", "birthdate", "reminderTime", "originalEmail", "originalPhone", "originalBirthdate",
                             "originalReminderTime", "confirmation", "reason", "note", "role", "password", "current", "new",
                             "confirmation", "next", "token", "csrf"]

    mutating func value() -> String {
        switch next() % 10 {
        case 0, 1, 2: return pick(Self.numbers)
        case 3: return pick(uuids)
        case 4: return String(repeating: pick(["a", "%00", "%FF", "9", "%E2%80%AE"]), count: Int(next() % 5000) + 1)
        default: return pick(Self.texts)
        }
    }

    mutating func path(for pattern: String) -> String {
        pattern.split(separator: "/", omittingEmptySubsequences: false).map { segment -> String in
            switch segment {
            case "{uuid}": chance(3, in: 4) ? pick(uuids) : pick([value(), uuids[0].replacingOccurrences(of: "-", with: "").uppercased(), "%00"])
            case "{id}": chance(1, in: 3) ? pick(["1", "2", "3"]) : pick(Self.numbers)
            default: String(segment)
            }
        }.joined(separator: "/")
    }

    mutating func queryString() -> String {
        let count = Int(next() % 5)
        guard count > 0 else { return "" }
        var parts: [String] = []
        for _ in 0..<count {
            let name = pick(Self.parameterNames)
            parts.append("\(name)=\(value())")
            if chance(1, in: 5) { parts.append("\(name)=\(value())") }  // duplicated
        }
        return "?" + parts.joined(separator: "&")
    }

    mutating func formBody(csrf: String) -> String {
        var parts: [String] = chance(1, in: 20) ? [] : ["csrf=\(csrf)"]
        for _ in 0..<Int(next() % 8) {
            let name = pick(Self.fieldNames)
            parts.append("\(name)=\(value())")
            if chance(1, in: 6) { parts.append("\(name)=\(value())") }
        }
        if chance(1, in: 10) { parts.append(pick(["&&&", "=", "a=%", "%FF=%FF", "csrf"])) }
        return parts.joined(separator: "&")
    }
}
