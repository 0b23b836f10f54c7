import Foundation
import Hummingbird
import StandCore
import Testing
@testable import StandWeb

@Suite struct UserSearchTests {
    /// A console with a support member signed in and two known accounts.
    static func withAccounts(_ test: @Sendable (Browser, AppData, AppData.User, AppData.User) async throws -> Void) async throws {
        let console = try await TestConsole()
        try await console.createStaff("support@example.com", role: .support)
        let data = AppData(store: console.store)
        let jane = try await data.user(email: "Jane.Doe@Example.com", phone: "+15552234567")
        let kenji = try await data.user(email: "kenji@example.jp", phone: "+447700900123")
        try await console.run { browser in
            try await browser.signIn("support@example.com")
            try await test(browser, data, jane, kenji)
        }
    }

    static func search(_ browser: Browser, _ typed: String) async throws -> Browser.Page {
        try await browser.get(Site.users.href(["q": typed]))
    }

    @Test(arguments: ["jane.doe@example.com", "JANE.DOE@EXAMPLE.COM", "  Jane.Doe@Example.com "])
    func exactEmailOpensTheAccountWhateverTheCase(typed: String) async throws {
        try await Self.withAccounts { browser, _, jane, _ in
            let page = try await Self.search(browser, typed)
            #expect(page.status == .seeOther)
            #expect(page.location == "/users/\(jane.uuid)")
        }
    }

    @Test(arguments: ["(555) 223-4567", "555.223.4567", "+1 555 223 4567", "15552234567", "5552234567", "1-555-223-4567"])
    func phoneTypedAnyWayOpensTheAccount(typed: String) async throws {
        try await Self.withAccounts { browser, _, jane, _ in
            let page = try await Self.search(browser, typed)
            #expect(page.location == "/users/\(jane.uuid)", "\(typed)")
        }
    }

    @Test func otherCountriesNeedTheirPlus() async throws {
        try await Self.withAccounts { browser, _, _, kenji in
            #expect(try await Self.search(browser, "+44 7700 900123").location == "/users/\(kenji.uuid)")
            let withoutPlus = try await Self.search(browser, "447700900123")
            #expect(withoutPlus.status == .unprocessableContent)
            #expect(withoutPlus.body.contains("Start numbers outside North America with + and the country code."))
        }
    }

    @Test func uuidWithOrWithoutDashesAnyCaseOpensTheAccount() async throws {
        try await Self.withAccounts { browser, _, jane, _ in
            for typed in [jane.uuid, jane.uuid.uppercased(), jane.uuid.replacingOccurrences(of: "-", with: "")] {
                let page = try await Self.search(browser, typed)
                #expect(page.location == "/users/\(jane.uuid)", "\(typed)")
            }
            // The page of an upper-case address is the canonical one.
            let upper = try await browser.get("/users/\(jane.uuid.uppercased())")
            #expect(upper.location == "/users/\(jane.uuid)")
        }
    }

    @Test func emailPrefixListsMatchesInOrder() async throws {
        try await Self.withAccounts { browser, data, jane, _ in
            try await data.user(email: "jane.doherty@example.org", phone: "+15552234568")
            try await data.user(email: "janet@example.org", phone: "+15552234569")
            let page = try await Self.search(browser, "JANE.DO")
            #expect(page.status == .ok)
            // Ordered by address, case folded: jane.doe@ before jane.doherty@.
            #expect(Self.emails(in: page.body) == ["Jane.Doe@Example.com", "jane.doherty@example.org"])
            #expect(!page.body.contains("janet@example.org"))
            #expect(page.body.contains("href=\"/users/\(jane.uuid)\""))
            #expect(page.body.contains("value=\"JANE.DO\""))
        }
    }

    @Test func wholeAddressThatIsNobodysStillListsThoseItBegins() async throws {
        try await Self.withAccounts { browser, _, _, _ in
            let page = try await Self.search(browser, "jane.doe@example.co")
            #expect(page.status == .ok)
            #expect(page.body.contains("Jane.Doe@Example.com"))
        }
    }

    @Test(arguments: ["nobody@example.com", "zzz", "+1 555 999 0000", "0f8b1c9e-5f2a-4c1d-9a7b-3e2d1c0b9a8f"])
    func noMatchSaysSoAndRepeatsTheSearch(typed: String) async throws {
        try await Self.withAccounts { browser, _, _, _ in
            let page = try await Self.search(browser, typed)
            #expect(page.status == .ok)
            #expect(page.body.contains("No account matches “\(typed)”"), "\(typed)")
            #expect(page.body.contains("value=\"\(typed)\""))
        }
    }

    @Test func impossiblePhoneNumberSaysWhy() async throws {
        try await Self.withAccounts { browser, _, _, _ in
            let page = try await Self.search(browser, "555 223 45")
            #expect(page.status == .unprocessableContent)
            #expect(page.body.contains("That phone number has too few digits."))
            #expect(page.body.contains("value=\"555 223 45\""))
        }
    }

    @Test func hostileSearchTextIsEscaped() async throws {
        try await Self.withAccounts { browser, _, _, _ in
            let page = try await Self.search(browser, "<script>alert(1)</script>\" onmouseover=\"x")
            #expect(!page.body.contains("<script>alert"))
            // Shown as text, never as an attribute of a tag.
            #expect(page.body.contains("&lt;script&gt;alert(1)"))
            #expect(page.body.firstMatch(of: /<[a-z]+(\s+[a-z-]+(="[^"]*")?)*\s+onmouseover=/) == nil)
        }
    }

    @Test func prefixResultsPageByKeysetWithoutGapsOrRepeats() async throws {
        try await Self.withAccounts { browser, data, _, _ in
            for number in 0..<120 {
                try await data.user(email: "page\(String(format: "%03d", number))@example.com", phone: "+1555300\(String(format: "%04d", number))")
            }
            var seen: [String] = []
            var next: String? = "/users?q=page"
            var pages = 0
            while let path = next {
                let page = try await browser.get(path.replacingOccurrences(of: "&amp;", with: "&"))
                #expect(page.status == .ok)
                pages += 1
                seen += Self.emails(in: page.body)
                next = Self.nextLink(in: page.body)
            }
            #expect(pages == (120 + UsersController.pageSize - 1) / UsersController.pageSize)
            #expect(seen == (0..<120).map { "page\(String(format: "%03d", $0))@example.com" })
        }
    }

    @Test func deletedAccountsUUIDShowsItsTombstone() async throws {
        let console = try await TestConsole()
        let support = try await console.createStaff("support@example.com", role: .support)
        let gone = try await AppData(store: console.store).user(email: "gone@example.com", phone: "+15552239999")
        _ = try await AccountDeletion(store: console.store, erasures: PendingErasures(store: console.store)).delete(uuid: gone.uuid, confirmation: gone.email, reason: "Asked in the app",
                                       by: AuditActor(support, ip: nil))
        try await console.run { browser in
            try await browser.signIn("support@example.com")
            let redirect = try await Self.search(browser, gone.uuid.uppercased())
            #expect(redirect.location == "/users/\(gone.uuid)")
            let page = try await browser.get(redirect.location!)
            #expect(page.status == .ok)
            #expect(page.body.contains("Deleted account"))
            #expect(page.body.contains("support@example.com"))
            #expect(page.body.contains("Asked in the app"))
            #expect(!page.body.contains("gone@example.com"))
            // The email and phone find nothing any more.
            #expect(try await Self.search(browser, "gone@example.com").body.contains("No account matches"))
            #expect(try await Self.search(browser, "555 223 9999").body.contains("No account matches"))
        }
    }

    static func emails(in body: String) -> [String] {
        body.matches(of: /<td data-label="Email"><a href="\/users\/[0-9a-f-]+">([^<]+)<\/a><\/td>/).map { String($0.1) }
    }

    static func nextLink(in body: String) -> String? {
        body.firstMatch(of: /<a href="([^"]+)" rel="next">/).map { String($0.1) }
    }
}
