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
        let store = try await temporaryStore()
        let accounts = StaffAccounts(store: store, hasher: PasswordHasher(cost: 4))
        let member = try await accounts.create(.init(email: "a@example.com", role: .support, password: "a-long-password"), by: .commandLine)
        let sessions = SessionStore(store: store)
        let start = Date()
        // Each request's touch is written behind it; flushing stands in for the server's flush loop.
        func active(_ id: String, at now: Date) async throws -> Bool {
            let found = try await sessions.active(id: id, now: now) != nil
            await sessions.touches.flush()
            return found
        }
        let idle = try await sessions.start(staffId: member.id!, replacing: nil, now: start)
        #expect(try await active(idle.id, at: start.addingTimeInterval(29 * 60)))
        // 29 minutes of activity moved last-seen on: another 29 minutes is still fine.
        #expect(try await active(idle.id, at: start.addingTimeInterval(58 * 60)))
        // (+1 s: the store keeps milliseconds, rounded.)
        #expect(try await !active(idle.id, at: start.addingTimeInterval(58 * 60 + SessionStore.idleTimeout + 1)))

        let busy = try await sessions.start(staffId: member.id!, replacing: nil, now: start)
        var now = start
        while now < start.addingTimeInterval(SessionStore.absoluteTimeout - 60) {
            now = now.addingTimeInterval(20 * 60)
            _ = try await active(busy.id, at: now)
        }
        #expect(try await !active(busy.id, at: start.addingTimeInterval(SessionStore.absoluteTimeout + 1)))
        #expect(try await !active("not-a-session", at: start))
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
