import Foundation
import GRDB
import StandCore
import Testing
@testable import StandWeb

/// Issue 22: suspending an app account, lifting it, and signing it out
/// everywhere. A dated suspension ends by itself (no job runs: the clock is
/// pinned), a suspended account is not eligible in a draw on that day and
/// cannot be granted entries, and each change is one audit event.
@Suite struct SuspensionTests {
    static let now = UTCDate.parseDay("2026-11-25")!.addingTimeInterval(10 * 3600)
    static func later(hours: Double) -> Date { now.addingTimeInterval(hours * 3600) }

    @Test func aDatedSuspensionEndsByItselfAndKeepsTheAccountOutOfADrawOnlyWhileInForce() async throws {
        let setup = try await DrawTests.setUp()
        let store = setup.console.store
        let suspended = setup.eligible[0]
        let suspensions = AccountSuspensions(store: store)
        let end = try #require(try AccountSuspensions.checkedEnd("2026-11-26T10:00", now: Self.now))
        let made = try await suspensions.suspend(uuid: suspended.uuid, until: end, reason: "Bots suspected", by: setup.actor, now: Self.now)
        #expect(made.endsAt == end && made.reason == "Bots suspected" && made.suspendedBy == "owner@example.com")
        // The store itself answers, at any moment, with nothing run in between.
        func inForce(_ moment: Date) async throws -> Bool {
            try await store.read { db in try AccountSuspensions.inForce(db, userId: suspended.id, at: moment) != nil }
        }
        #expect(try await inForce(Self.later(hours: 1)))
        #expect(try await !inForce(Self.later(hours: 24)), "it ends at its time")
        #expect(try await !inForce(Self.later(hours: -1)), "it starts when made")
        func eligible(_ moment: Date) async throws -> Set<String> {
            Set(try await store.read { db in try SweepstakesDraws.candidates(db, sweepstakesId: setup.sweepstakes, at: moment) }.map(\.uuid))
        }
        #expect(try await !eligible(Self.later(hours: 1)).contains(suspended.uuid))
        #expect(try await eligible(Self.later(hours: 25)).contains(suspended.uuid))
        #expect(try await eligible(Self.later(hours: -1)).contains(suspended.uuid))
        // A second suspension while one is in force is refused; after it ended, it can be made.
        await #expect(throws: Conflict.self) {
            try await suspensions.suspend(uuid: suspended.uuid, until: nil, reason: "Again", by: setup.actor, now: Self.later(hours: 2))
        }
        try await suspensions.suspend(uuid: suspended.uuid, until: nil, reason: "Until we hear from them", by: setup.actor, now: Self.later(hours: 30))
        #expect(try await inForce(Self.later(hours: 24 * 400)), "until lifted")
        try await suspensions.lift(uuid: suspended.uuid, reason: "They called", by: setup.actor, now: Self.later(hours: 40))
        #expect(try await !inForce(Self.later(hours: 41)))
        #expect(try await inForce(Self.later(hours: 35)), "the history still says it was in force then")
        await #expect(throws: Conflict.self) {
            try await suspensions.lift(uuid: suspended.uuid, reason: "Again", by: setup.actor, now: Self.later(hours: 42))
        }
        #expect(try await suspensions.history(uuid: suspended.uuid).count == 2)
        // The reason is staff's words about a person: on the suspension (which goes with the account), never in the audit log.
        let details = try await store.read { db in
            try String.fetchAll(db, sql: "SELECT detail FROM audit_events WHERE action IN ('user.suspended', 'user.suspension_lifted')")
        }
        #expect(details.count == 3 && details.allSatisfy { !$0.contains("Bots") && !$0.contains("hear from") && !$0.contains("called") && $0.hasPrefix("suspension #") })
        await #expect(try setup.console.auditCount(.userSuspended) == 2)
        await #expect(try setup.console.auditCount(.suspensionLifted) == 1)
    }

    @Test func aDrawLeavesOutWhoeverIsSuspendedAndVerifyDrawAgrees() async throws {
        let setup = try await DrawTests.setUp()
        let store = setup.console.store
        let suspended = setup.eligible[5]
        try await AccountSuspensions(store: store).suspend(uuid: suspended.uuid, until: nil, reason: "Fraud review", by: setup.actor)
        guard case .drawn(let draw) = try await SweepstakesDraws(store: store).draw(sweepstakesId: setup.sweepstakes, replacing: nil, reason: "",
                                                                                   by: setup.actor) else {
            Issue.record("no draw")
            return
        }
        #expect(draw.eligibleUsers == 5 && !draw.picks.map(\.uuid).contains(suspended.uuid))
        // Lifted after the draw: the draw still re-checks, and the lifted account is no difference (it was suspended then).
        try await AccountSuspensions(store: store).lift(uuid: suspended.uuid, reason: "Cleared", by: setup.actor)
        let verification = try #require(try await SweepstakesDraws(store: store).verify(drawId: draw.id))
        #expect(verification.isSound && verification.differences.isEmpty, "\(verification.differences)")
    }

    @Test func aSuspendedAccountCannotBeGrantedEntries() async throws {
        let setup = try await DrawTests.setUp()
        let console = setup.console
        let data = AppData(store: console.store)
        let open = try await data.sweepstakes(name: "Open now", drawn: false)
        try await console.store.write { db in
            try db.execute(sql: "UPDATE sweepstakes SET starts_on = ?, ends_on = ? WHERE id = ?",
                           arguments: [UTCDate.day(Date().addingTimeInterval(-86_400)), UTCDate.day(Date().addingTimeInterval(10 * 86_400)), open])
        }
        let user = setup.eligible[0]
        try await AccountSuspensions(store: console.store).suspend(uuid: user.uuid, until: nil, reason: "Fraud review", by: setup.actor)
        await #expect(throws: Conflict.self) {
            try await EntryCorrections(store: console.store).grant(sweepstakesId: open, uuid: user.uuid, quantity: "3", reason: "Goodwill", by: setup.actor)
        }
        try await console.run { browser in
            try await browser.signIn("owner@example.com")
            try await browser.get("/sweepstakes/\(open)/entrant?user=\(user.uuid)")
            let refused = try await browser.post("/sweepstakes/\(open)/grant", ["user": user.uuid, "quantity": "3", "reason": "Goodwill"])
            #expect(refused.status == .conflict && refused.body.contains("cannot be granted entries while suspended"))
            // The deletion requests and the entrants list say so too.
            try await AppData(store: console.store).deletionRequest(user)
            let requests = try await browser.get("/deletion-requests")
            #expect(requests.body.contains(">\(user.email)</a><br><small class=\"muted\">Suspended until lifted</small>"))
            let entrants = try await browser.get("/sweepstakes/\(setup.sweepstakes)")
            #expect(entrants.body.contains(">\(user.email)</a></td><td data-label=\"Valid entries\" class=\"num\">1</td><td data-label=\"Voided\" class=\"num\">0</td><td data-label=\"Status\">Suspended until lifted</td>"))
        }
    }

    @Test func supportSuspendsLiftsAndSignsOutThroughThePagesAndEditorsCannot() async throws {
        let console = try await TestConsole()
        _ = try await console.createStaff("support@example.com", role: .support)
        _ = try await console.createStaff("editor@example.com", role: .editor)
        let user = try await AppData(store: console.store).user(email: "ana@example.com", phone: "+15550001000")
        try await console.run { browser in
            try await browser.signIn("editor@example.com")
            let page = try await browser.get("/users/\(user.uuid)")
            #expect(!page.body.contains("Suspend…") && !page.body.contains("Sign out everywhere"))
            #expect(try await browser.get("/users/\(user.uuid)/suspend").status == .forbidden)
            #expect(try await browser.post("/users/\(user.uuid)/suspend", ["reason": "x"]).status == .forbidden)
            #expect(try await browser.post("/users/\(user.uuid)/sign-out", [:]).status == .forbidden)
            #expect(try await browser.post("/users/\(user.uuid)/lift", ["reason": "x"]).status == .forbidden)
            browser.forgetCookies()

            try await browser.signIn("support@example.com")
            try await browser.get("/users/\(user.uuid)/suspend")
            // Bad input: the same form, what was typed kept, nothing written.
            let past = try await browser.post("/users/\(user.uuid)/suspend", ["until": "2020-01-01T09:00", "reason": "Chargebacks"])
            #expect(past.status == .unprocessableContent && past.body.contains("The end must be later than now") && past.body.contains("value=\"Chargebacks\""))
            let garbled = try await browser.post("/users/\(user.uuid)/suspend", ["until": "tomorrow", "reason": ""])
            #expect(garbled.status == .unprocessableContent && garbled.body.contains("Give the end as a date and a time") && garbled.body.contains("Give a reason"))
            #expect(try await console.store.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM account_suspensions") } == 0)

            let tomorrow = UTCDate.day(UTCDate.adding(days: 1, to: Date())) + "T09:30"
            let done = try await browser.post("/users/\(user.uuid)/suspend", ["until": tomorrow, "reason": "Chargebacks <b>x</b>"])
            #expect(done.location == "/users/\(user.uuid)?done=suspended")
            let shown = try await browser.get("/users/\(user.uuid)?done=suspended")
            #expect(shown.body.contains("Suspended until \(tomorrow.replacingOccurrences(of: "T", with: " ")) UTC, by support@example.com, because Chargebacks &lt;b&gt;x&lt;/b&gt;."))
            #expect(shown.body.contains("Signed out everywhere</dt>"))
            // Every list that shows the account says so: the newest-first list and a prefix search.
            for path in ["/users", "/users?q=ana"] {
                let list = try await browser.get(path)
                #expect(list.body.contains("ana@example.com</a><br><small class=\"muted\">Suspended until \(tomorrow.replacingOccurrences(of: "T", with: " ")) UTC</small>"), "\(path)")
            }

            try await browser.get("/users/\(user.uuid)/suspend")
            #expect(try await browser.post("/users/\(user.uuid)/lift", ["reason": ""]).status == .unprocessableContent)
            #expect(try await browser.post("/users/\(user.uuid)/lift", ["reason": "Bank confirmed"]).location == "/users/\(user.uuid)?done=lifted")
            #expect(!(try await browser.get("/users/\(user.uuid)").body.contains("id=\"suspension\"")))

            // Sign out everywhere asks first, then records the time.
            let before = try await AccountSessions(store: console.store).revokedAt(uuid: user.uuid)
            try await browser.get("/users/\(user.uuid)")
            let ask = try await browser.post("/users/\(user.uuid)/sign-out", [:])
            #expect(ask.status == .ok && ask.body.contains("Sign ana@example.com out everywhere?"))
            #expect(try await AccountSessions(store: console.store).revokedAt(uuid: user.uuid) == before)
            let signedOut = try await browser.post("/users/\(user.uuid)/sign-out", ["confirmed": "yes"])
            #expect(signedOut.location == "/users/\(user.uuid)?done=signed-out")
            let revoked = try #require(try await AccountSessions(store: console.store).revokedAt(uuid: user.uuid))
            #expect(revoked > (before ?? .distantPast))
        }
        await #expect(try console.auditCount(.userSuspended) == 1)
        await #expect(try console.auditCount(.suspensionLifted) == 1)
        await #expect(try console.auditCount(.userSignedOutEverywhere) == 1)
    }

    @Test func aDeletedAccountIsRefusedAndItsSuspensionsGoWithIt() async throws {
        let setup = try await DrawTests.setUp()
        let store = setup.console.store
        let user = setup.eligible[1]
        try await AccountSuspensions(store: store).suspend(uuid: user.uuid, until: nil, reason: "Held for review", by: setup.actor)
        try await store.write { db in try db.execute(sql: "DELETE FROM users WHERE id = ?", arguments: [user.id]) }
        #expect(try await store.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM account_suspensions") } == 0)
        await #expect(throws: Conflict.self) {
            try await AccountSuspensions(store: store).suspend(uuid: user.uuid, until: nil, reason: "x", by: setup.actor)
        }
        await #expect(throws: Conflict.self) { try await AccountSessions(store: store).signOutEverywhere(uuid: user.uuid, by: setup.actor) }
    }
}
