import Foundation
import Testing
@testable import StandCore

@Suite struct StaffAccountTests {
    @Test func productionPasswordsUseBcryptCostTwelve() async throws {
        let hash = await PasswordHasher().hash("correct horse battery")
        #expect(hash.hasPrefix("$2b$12$"))
        #expect(await PasswordHasher().verify("correct horse battery", hash: hash))
        #expect(!(await PasswordHasher().verify("correct horse batterY", hash: hash)))
    }

    @Test func sessionsExpireWhenIdleAndAtTheAbsoluteLimit() async throws {
        let store = try temporaryStore()
        let accounts = StaffAccounts(store: store, hasher: PasswordHasher(cost: 4))
        let member = try await accounts.create(.init(email: "a@example.com", role: .support, password: "a-long-password"), by: .commandLine)
        let sessions = SessionStore(store: store)
        let start = Date()
        let idle = try sessions.start(staffId: member.id!, replacing: nil, now: start)
        #expect(try sessions.active(id: idle.id, now: start.addingTimeInterval(29 * 60)) != nil)
        // 29 minutes of activity moved last-seen on: another 29 minutes is still fine.
        #expect(try sessions.active(id: idle.id, now: start.addingTimeInterval(58 * 60)) != nil)
        // (+1 s: the store keeps milliseconds, rounded.)
        #expect(try sessions.active(id: idle.id, now: start.addingTimeInterval(58 * 60 + SessionStore.idleTimeout + 1)) == nil)

        let busy = try sessions.start(staffId: member.id!, replacing: nil, now: start)
        var now = start
        while now < start.addingTimeInterval(SessionStore.absoluteTimeout - 60) {
            now = now.addingTimeInterval(20 * 60)
            _ = try sessions.active(id: busy.id, now: now)
        }
        #expect(try sessions.active(id: busy.id, now: start.addingTimeInterval(SessionStore.absoluteTimeout + 1)) == nil)
        #expect(try sessions.active(id: "not-a-session", now: start) == nil)
    }

    @Test(arguments: [
        ("Jane.Doe@Example.COM", "Jane.Doe@example.com"),
        ("  a@b.co ", "a@b.co"),
        ("no-at-sign.example.com", nil),
        ("two@@example.com", nil),
        ("dot.@example.com", nil),
        ("a@localhost", nil),
        ("a b@example.com", nil),
        ("a@exa mple.com", nil),
        ("a@-example.com", nil),
        ("<script>@example.com", nil),
    ] as [(String, String?)])
    func staffEmailsAreNormalisedOrRefused(input: String, expected: String?) {
        #expect(EmailAddress.normalised(input) == expected)
    }
}
