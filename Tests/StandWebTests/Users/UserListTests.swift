import Foundation
import StandCore
import Testing
@testable import StandWeb

/// `/users` with nothing typed: the newest accounts by when they joined, a page at a time both ways.
@Suite struct UserListTests {
    static func emails(in body: String) -> [String] {
        body.matches(of: /<td data-label="Email"><a href="\/users\/[0-9a-f-]+">([^<]+)<\/a><\/td>/).map { String($0.1) }
    }

    static func link(_ rel: String, in body: String) -> String? {
        body.firstMatch(of: try! Regex(#"<a href="([^"]+)" rel="\#(rel)">"#))
            .map { String($0.output[1].substring!).replacingOccurrences(of: "&amp;", with: "&") }
    }

    /// Ids run opposite to join times (accounts imported out of order): the list follows `created_at`.
    @Test func newestFirstIsByJoinTimeAndPagesBothWays() async throws {
        let console = try await TestConsole()
        try await console.createStaff("support@example.com", role: .support)
        let data = AppData(store: console.store)
        let count = 60
        // Account n joined on day n; inserted newest first so that ids run the other way.
        // Two share a join time: the id breaks the tie.
        for n in (1...count).reversed() {
            let day = n == 2 ? 3 : n
            let joined = Calendar(identifier: .gregorian).date(byAdding: .day, value: day, to: Date(timeIntervalSince1970: 1_767_225_600))!
            try await data.user(email: String(format: "user%03d@example.com", n), phone: "+1555\(String(format: "%07d", 2_230_000 + n))",
                          createdAt: StoreTimestamp.string(joined))
        }
        // user002 and user003 joined together; user002 was inserted later (higher id) and comes first.
        let expected = ((4...count).reversed().map { $0 } + [2, 3, 1]).map { String(format: "user%03d@example.com", $0) }
        try await console.run { browser in
            try await browser.signIn("support@example.com")
            var seen: [String] = []
            var pages: [String] = []
            var uri: String? = "/users"
            while let next = uri {
                let page = try await browser.get(next)
                #expect(page.status == .ok)
                pages.append(next)
                seen += Self.emails(in: page.body)
                uri = Self.link("next", in: page.body)
            }
            #expect(seen == expected)
            #expect(pages.count == 3)
            // From the last page, Previous walks back to the first with the same rows.
            var back: [[String]] = []
            var page = try await browser.get(pages.last!)
            while let previous = Self.link("prev", in: page.body) {
                page = try await browser.get(previous)
                back.append(Self.emails(in: page.body))
            }
            #expect(back.count == 2)
            #expect(back.last == Array(expected.prefix(UsersController.pageSize)))
            #expect(page.body.contains("page 1"))
        }
    }

    @Test(arguments: ["/users?older=yesterday", "/users?newer=2026-01-01T00:00:00.000~0", "/users?older=2026-01-01%2000:00:00~1"])
    func aCursorTheConsoleDidNotWriteIsABadRequest(uri: String) async throws {
        let console = try await TestConsole()
        try await console.createStaff("support@example.com", role: .support)
        try await console.run { browser in
            try await browser.signIn("support@example.com")
            let page = try await browser.get(uri)
            #expect(page.status == .badRequest)
            #expect(page.body.contains("not one the console wrote"))
        }
    }
}
