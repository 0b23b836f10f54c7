import Foundation
import StandCore
import StandTestSupport
import Testing
@testable import StandWeb

/// Two consoles on one database, as two servers behind a load balancer run:
/// each with its own store (connections, pool), session cache, submit-once
/// claims and background workers, sharing nothing but the database. (In one
/// test process; `ErasureRestartTests` and `KilledServerTests` start real
/// server processes on a test's store.)
@Suite struct TwoConsolesTests {
    /// A second console on `console`'s store.
    static func second(beside console: TestConsole, erasureTargets: ErasureTargets = .none, sendsErasuresInBackground: Bool = false) async throws -> TestConsole {
        try await TestConsole(databasePath: console.store.path, localFiles: console.localFilesFolder,
                        erasureTargets: erasureTargets, sendsErasuresInBackground: sendsErasuresInBackground)
    }

    @Test func aSessionEndedOnOneIsRefusedByTheOtherWithinASecond() async throws {
        let first = try await TestConsole()
        try await first.createStaff("support@example.com", role: .support)
        let second = try await Self.second(beside: first)
        try await first.run { one in
            try await second.run { other in
                try await one.signIn("support@example.com")
                other.setCookie(SessionMiddleware.sessionCookie, try #require(one.cookies[SessionMiddleware.sessionCookie]))
                #expect(try await other.get("/users").status == .ok, "the other console knows the session")
                try await one.get("/account")
                let out = try await one.post("/logout", ["submission": try #require(one.submissionToken)])
                #expect(out.location?.hasPrefix("/login") == true)
                let ended = ContinuousClock.now
                let refused = try await poll(seconds: 10, every: .milliseconds(20)) {
                    try await other.get("/users").status == .seeOther ? ContinuousClock.now - ended : nil
                }
                let waited = try #require(refused, "the other console still took the session after 10 s")
                // The other console trusts a session it has seen for 1 s (SessionCache); the rest is slack for a busy machine.
                #expect(waited < .seconds(2.5), "refused after \(waited)")
                print("two consoles: a session ended on one was refused by the other after \(waited)")
            }
        }
    }

    @Test func oneDrawOnlyWhenBothConsolesDrawAtOnce() async throws {
        let setup = try await DrawTests.setUp()
        let second = try await Self.second(beside: setup.console)
        let draw = "/sweepstakes/\(setup.sweepstakes)/draw"
        try await setup.console.run { one in
            try await second.run { other in
                try await one.signIn("owner@example.com")
                try await other.signIn("owner@example.com")
                try await one.get(draw)
                try await other.get(draw)
                let firstToken = try #require(one.submissionToken), otherToken = try #require(other.submissionToken)
                async let fromOne = one.post(draw, ["submission": firstToken])
                async let fromOther = other.post(draw, ["submission": otherToken])
                let answers = try await [fromOne, fromOther]
                // The second to the writer lock finds the draw made and says so.
                let landed = answers.map { $0.location ?? "\($0.status)" }.sorted()
                #expect(landed == ["/sweepstakes/\(setup.sweepstakes)?done=already#draw", "/sweepstakes/\(setup.sweepstakes)?done=drawn#draw"], "\(landed)")
            }
        }
        let draws = try await setup.console.store.read { db in
            try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM sweepstakes_draws WHERE sweepstakes_id = ?", arguments: [setup.sweepstakes])
        }
        #expect(draws == 1)
        await #expect(try setup.console.auditCount(.sweepstakesDrawn) == 1)
    }

    /// One browser whose two sends of a form reach different consoles (a
    /// double-click through a load balancer): one change.
    @Test func aFormSentToBothConsolesIsDoneOnce() async throws {
        let (console, sweepstakes, jane) = try await EntryCorrectionTests.scene(name: "Autumn", entries: 2)
        let second = try await Self.second(beside: console)
        try await console.run { one in
            try await second.run { other in
                try await one.signIn("support@example.com")
                other.setCookie(SessionMiddleware.sessionCookie, try #require(one.cookies[SessionMiddleware.sessionCookie]))
                try await one.get("/sweepstakes/\(sweepstakes)/entrant?user=\(jane.uuid)")
                let fields = ["user": jane.uuid, "quantity": "3", "reason": "Outage", "submission": try #require(one.submissionToken)]
                let csrf = one.csrfToken
                async let viaOne = one.post("/sweepstakes/\(sweepstakes)/grant", fields, csrf: csrf)
                async let viaOther = other.post("/sweepstakes/\(sweepstakes)/grant", fields, csrf: csrf)
                let answers = try await [viaOne, viaOther]
                #expect(answers.allSatisfy { $0.status == .seeOther }, "\(answers.map(\.status))")
                let outcome = "/sweepstakes/\(sweepstakes)/entrant?user=\(jane.uuid)&done=granted&count=3"
                #expect(answers.filter { $0.location == outcome }.count == 1, "\(answers.map { $0.location ?? "-" })")
                #expect(answers.filter { $0.location?.hasPrefix(outcome + "&resubmitted=") == true }.count == 1)
            }
        }
        await #expect(try console.auditCount(.entriesGranted) == 1)
        await #expect(try EntryCorrectionTests.entrant(console, sweepstakes, jane) == "5/0")
    }

    /// Both consoles' outbox workers run; each delivery reaches its system once.
    @Test func theErasureWorkersOfTwoConsolesNeverSendADeliveryTwice() async throws {
        let folder = try TemporaryFolder("two-consoles-erasure")
        // Slow answers widen the window in which both workers could take the same delivery.
        let receiver = try await ErasureReceiver.started(script: ErasureDeliveryPageTests.script, log: folder.file("received.jsonl"), delay: 0.2)
        let targets = ErasureDeliveryPageTests.targets(receiver)
        let first = try await TestConsole(erasureTargets: targets, sendsErasuresInBackground: true)
        let owner = try await first.createStaff("owner@example.com", role: .owner)
        let second = try await Self.second(beside: first, erasureTargets: targets, sendsErasuresInBackground: true)
        let data = AppData(store: first.store)
        var madeUsers: [AppData.User] = []
        for index in 0..<12 { madeUsers.append(try await data.user(email: "person\(index)@example.com", phone: String(format: "+1555330%04d", index))) }
        let users = madeUsers
        try await first.runWithServices { _, services in
            try await second.runWithServices { _, _ in
                let actor = AuditActor(staffId: owner.id, email: owner.email, ip: nil)
                for user in users {
                    _ = try await services.deletion.delete(uuid: user.uuid, confirmation: user.uuid, reason: "Asked", by: actor)
                }
                let expected = users.count * 2
                let delivered = try await poll(seconds: 60) { receiver.accepted().count >= expected ? true : nil }
                #expect(delivered == true, "\(receiver.accepted().count) of \(expected) deliveries arrived")
                // A doubled send would arrive a little after the last one: wait for both consoles to have nothing left to do.
                _ = try await poll(seconds: 30) {
                    try await services.deletionRequests.incomplete(limit: 1).count == 0 ? true : nil
                }
            }
        }
        let received = await receiver.requests(atLeast: users.count * 2)
        #expect(received.count == users.count * 2, "\(received.count) requests for \(users.count * 2) deliveries: \(received)")
        let ids = receiver.accepted().compactMap { $0["delivery_id"] }
        #expect(Set(ids).count == ids.count, "a delivery was accepted twice")
    }
}
