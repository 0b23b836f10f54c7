import Foundation
import GRDB
import StandCore
import Testing
@testable import StandWeb

/// Issue 22: points corrected relative to what is there, so the app's own
/// writes at the same moment are never lost; streaks set by the rules; the
/// audit event keeps the numbers before and after and the reason.
@Suite struct StatsCorrectionTests {
    static let actor = AuditActor(staffId: nil, email: "support@example.com", ip: nil)

    @Test(.sqliteOnly) func theAppsWritesAndStaffCorrectionsComposeNoneLost() async throws {
        let console = try await TestConsole()
        let user = try await AppData(store: console.store).user(email: "ana@example.com", phone: "+15550001000", points: 120)
        // The app's backend: another connection to the same file, adding a point per stand.
        var configuration = Configuration()
        configuration.busyMode = .timeout(30)
        let app = try DatabaseQueue(path: console.store.path, configuration: configuration)
        // On a thread of its own: its writes wait on the store's lock, and waiting on one of Swift's
        // two cooperative threads starved other suites' timed loops (the erasure loop test).
        let appWrites = Task {
            try await withCheckedThrowingContinuation { (done: CheckedContinuation<Void, any Error>) in
                Thread.detachNewThread {
                    done.resume(with: Result {
                        for _ in 0..<1_000 {
                            try app.write { db in try db.execute(sql: "UPDATE users SET points = points + 1 WHERE id = ?", arguments: [user.id]) }
                        }
                    })
                }
            }
        }
        let corrections = StatsCorrections(store: console.store)
        for index in 0..<50 {
            // A correction that meets the app holding the lock past the busy timeout changed nothing
            // and says so (StoreBusy); staff send it again, as the page asks them to.
            while true {
                do {
                    try await corrections.addPoints(uuid: user.uuid, delta: index % 2 == 0 ? 30 : -10, reason: "Ticket \(index)", by: Self.actor)
                    break
                } catch is StoreBusy {
                    continue
                }
            }
        }
        try await appWrites.value
        let points = try await console.store.read { db in try Int.fetchOne(db, sql: "SELECT points FROM users WHERE id = ?", arguments: [user.id]) }
        #expect(points == 120 + 1_000 + 25 * 30 - 25 * 10)
        await #expect(try console.auditCount(.pointsCorrected) == 50)
        try app.close()
    }

    @Test func pointsNeverGoBelowZeroAndTheRecordKeepsBeforeAndAfter() async throws {
        let console = try await TestConsole()
        let user = try await AppData(store: console.store).user(email: "ana@example.com", phone: "+15550001000", points: 120)
        let corrections = StatsCorrections(store: console.store)
        let change = try await corrections.addPoints(uuid: user.uuid, delta: -100, reason: "Duplicate bonus", by: Self.actor)
        #expect(change == .init(before: 120, after: 20))
        // Like every writer of the row, a correction moves `version` on (docs/store.md).
        #expect(try await console.store.read { db in try Int.fetchOne(db, sql: "SELECT version FROM users WHERE id = ?", arguments: [user.id]) } == 2)
        await #expect(throws: Conflict.self) {
            try await corrections.addPoints(uuid: user.uuid, delta: -21, reason: "Too much", by: Self.actor)
        }
        let detail = try await console.store.read { db in
            try String.fetchOne(db, sql: "SELECT detail FROM audit_events WHERE action = 'user.points_corrected' ORDER BY id DESC LIMIT 1")
        }
        #expect(detail == "120 → 20 (-100): Duplicate bonus")
        for bad in ["", "0", "abc", "1.5", "2000000", "-1000001", "99999999999"] {
            #expect(throws: ValidationErrors.self, "\(bad)") { try StatsCorrections.checkedPoints(bad) }
        }
        #expect(try StatsCorrections.checkedPoints(" 1,500 ") == 1_500)
    }

    @Test func aStreakIsSetByTheRulesAndNotOverTheAppsChange() async throws {
        let console = try await TestConsole()
        let user = try await AppData(store: console.store).user(email: "ana@example.com", phone: "+15550001000")
        try await console.store.write { db in
            try db.execute(sql: "UPDATE users SET current_streak = 0, longest_streak = 40, last_stood_on = '2026-11-01' WHERE id = ?", arguments: [user.id])
        }
        let corrections = StatsCorrections(store: console.store)
        let now = UTCDate.parseDay("2026-11-25")!.addingTimeInterval(12 * 3600)
        struct Stats: Equatable { let current: Int, longest: Int, lastStood: String? }
        func stats() async throws -> Stats {
            try await console.store.read { db in
                let row = try StoreRow.fetchOne(db, sql: "SELECT current_streak, longest_streak, last_stood_on FROM users WHERE id = ?", arguments: [user.id])!
                return Stats(current: row[0], longest: row[1], lastStood: row[2])
            }
        }
        // Restored after an outage: yesterday counts as stood, the longest stays 40.
        try await corrections.setStreak(uuid: user.uuid, days: 12, seen: 0, reason: "Outage of 2026-11-20", by: Self.actor, now: now)
        #expect(try await stats() == Stats(current: 12, longest: 40, lastStood: "2026-11-24"))
        // Past the longest: the longest follows.
        try await corrections.setStreak(uuid: user.uuid, days: 45, seen: 12, reason: "Two outages", by: Self.actor, now: now)
        #expect(try await stats() == Stats(current: 45, longest: 45, lastStood: "2026-11-24"))
        // The app stood meanwhile (46): a form that saw 45 changes nothing.
        try await console.store.write { db in try db.execute(sql: "UPDATE users SET current_streak = 46, longest_streak = 46 WHERE id = ?", arguments: [user.id]) }
        await #expect(throws: Conflict.self) {
            try await corrections.setStreak(uuid: user.uuid, days: 10, seen: 45, reason: "Typo", by: Self.actor, now: now)
        }
        #expect(try await stats().current == 46)
        // Down to 0: the longest and the last stand stay.
        try await corrections.setStreak(uuid: user.uuid, days: 0, seen: 46, reason: "Shared account", by: Self.actor, now: now)
        #expect(try await stats() == Stats(current: 0, longest: 46, lastStood: "2026-11-24"))
        let detail = try await console.store.read { db in
            try String.fetchOne(db, sql: "SELECT detail FROM audit_events WHERE action = 'user.streak_corrected' ORDER BY id LIMIT 1")
        }
        #expect(detail == "0 → 12 days (longest 40 → 40): Outage of 2026-11-20")
    }

    @Test func supportCorrectsThroughThePageAndBadInputKeepsWhatWasTyped() async throws {
        let console = try await TestConsole()
        _ = try await console.createStaff("support@example.com", role: .support)
        _ = try await console.createStaff("editor@example.com", role: .editor)
        let user = try await AppData(store: console.store).user(email: "ana@example.com", phone: "+15550001000", points: 120)
        try await console.run { browser in
            try await browser.signIn("editor@example.com")
            #expect(try await browser.get("/users/\(user.uuid)/stats").status == .forbidden)
            #expect(try await browser.post("/users/\(user.uuid)/points", ["points": "5", "reason": "x"]).status == .forbidden)
            #expect(try await browser.post("/users/\(user.uuid)/streak", ["streak": "5", "seen": "0", "reason": "x"]).status == .forbidden)
            browser.forgetCookies()
            try await browser.signIn("support@example.com")
            let form = try await browser.get("/users/\(user.uuid)/stats")
            #expect(form.body.contains("id=\"points-now\">120<"))
            let bad = try await browser.post("/users/\(user.uuid)/points", ["points": "lots", "reason": ""])
            #expect(bad.status == .unprocessableContent && bad.body.contains("value=\"lots\"") && bad.body.contains("Give a reason"))
            #expect(bad.body.contains("The points were not changed."))
            try await browser.get("/users/\(user.uuid)/stats")
            let tooMuch = try await browser.post("/users/\(user.uuid)/points", ["points": "-500", "reason": "Refund"])
            #expect(tooMuch.status == .conflict && tooMuch.body.contains("They have 120 points: removing 500 would go below zero."))
            try await browser.get("/users/\(user.uuid)/stats")
            #expect(try await browser.post("/users/\(user.uuid)/points", ["points": "250", "reason": "Outage"]).location == "/users/\(user.uuid)?done=points")
            let streakForm = try await browser.get("/users/\(user.uuid)/stats")
            let seen = String(try #require(streakForm.body.firstMatch(of: /name="seen" value="([0-9]+)"/)?.1))
            let streak = try await browser.post("/users/\(user.uuid)/streak", ["streak": "90", "seen": seen, "reason": "Outage"])
            #expect(streak.location == "/users/\(user.uuid)?done=streak")
            let page = try await browser.get("/users/\(user.uuid)?done=points")
            #expect(page.body.contains("Corrected the points: 120 → 370 (+250): Outage"))
        }
        await #expect(try console.auditCount(.pointsCorrected) == 1)
        await #expect(try console.auditCount(.streakCorrected) == 1)
    }
}
