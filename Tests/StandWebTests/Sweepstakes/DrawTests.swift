import Foundation
import StandTestSupport
import GRDB
import StandCore
import Testing
@testable import StandWeb

/// The draw: weighted as specified, without replacement, never an ineligible
/// user, re-checkable by `verify-draw` and by the Python script, and drawn once.
@Suite struct DrawTests {
    /// A closed sweepstakes with eligible and ineligible entrants.
    struct Setup {
        let console: TestConsole
        let sweepstakes: Int64
        let eligible: [AppData.User]
        let owner: StaffMember

        var actor: AuditActor { AuditActor(staffId: owner.id, email: owner.email, ip: nil) }
    }

    static func setUp() async throws -> Setup {
        let console = try await TestConsole()
        let owner = try await console.createStaff("owner@example.com", role: .owner)
        let data = AppData(store: console.store)
        let sweepstakes = try await data.sweepstakes(name: "Autumn", drawn: false)  // ran 2026-10-01 to 2026-10-31: closed now
        var eligible: [AppData.User] = []
        for index in 0..<6 {
            let user = try await data.user(email: "adult\(index)@example.com", phone: "+1555000\(1000 + index)")
            try await data.entries(user, sweepstakes: sweepstakes, count: index + 1)
            eligible.append(user)
        }
        let eighteenYearsAgoTomorrow = UTCDate.day(UTCDate.adding(days: 1, to: UTCDate.calendar.date(byAdding: .year, value: -18, to: Date())!))
        let minor = try await data.user(email: "minor@example.com", phone: "+15550002000", birthdate: eighteenYearsAgoTomorrow)
        let cheat = try await data.user(email: "cheat@example.com", phone: "+15550002001")
        let voided = try await data.user(email: "voided@example.com", phone: "+15550002002")
        let gone = try await data.user(email: "gone@example.com", phone: "+15550002003")
        for user in [minor, cheat, voided, gone] { try await data.entries(user, sweepstakes: sweepstakes, count: 50) }
        try await EntryCorrections(store: console.store).disqualify(sweepstakesId: sweepstakes, uuid: cheat.uuid, reason: "Bots", by: .commandLine)
        try await EntryCorrections(store: console.store).voidAll(sweepstakesId: sweepstakes, uuid: voided.uuid, reason: "Duplicate", by: .commandLine)
        try await console.store.write { db in try db.execute(sql: "DELETE FROM users WHERE id = ?", arguments: [gone.id]) }
        try await console.store.write { db in try db.execute(sql: "UPDATE sweepstakes SET winner_count = 100 WHERE id = ?", arguments: [sweepstakes]) }
        return Setup(console: console, sweepstakes: sweepstakes, eligible: eligible, owner: owner)
    }

    @Test func ineligibleUsersNeverWin() async throws {
        let setup = try await Self.setUp()
        guard case .drawn(let draw) = try await SweepstakesDraws(store: setup.console.store).draw(sweepstakesId: setup.sweepstakes, replacing: nil,
                                                                      reason: "", by: setup.actor) else {
            Issue.record("no draw")
            return
        }
        // Everyone eligible wins (100 winners asked, 6 eligible); nobody else does.
        #expect(Set(draw.winners.map(\.uuid)) == Set(setup.eligible.map(\.uuid)))
        #expect(draw.eligibleUsers == 6)
        #expect(draw.totalWeight == 21)
        await #expect(try setup.console.auditCount(.sweepstakesDrawn) == 1)
    }

    @Test func aDoubleSubmitDrawsOnceAndARedrawKeepsTheFirst() async throws {
        let setup = try await Self.setUp()
        let store = setup.console.store
        async let first = SweepstakesDraws(store: store).draw(sweepstakesId: setup.sweepstakes, replacing: nil, reason: "", by: setup.actor)
        async let second = SweepstakesDraws(store: store).draw(sweepstakesId: setup.sweepstakes, replacing: nil, reason: "", by: setup.actor)
        let outcomes = try await [first, second]
        let drawn = outcomes.compactMap { if case .drawn(let draw) = $0 { draw } else { nil } }
        let refused = outcomes.compactMap { if case .alreadyDrawn(let draw) = $0 { draw } else { nil } }
        #expect(drawn.count == 1 && refused.count == 1)
        #expect(refused.first?.id == drawn.first?.id)
        // A redraw needs the draw in force and a reason; the first stays on record.
        await #expect(throws: ValidationErrors.self) {
            _ = try await SweepstakesDraws(store: store).draw(sweepstakesId: setup.sweepstakes, replacing: drawn[0].id, reason: " ", by: setup.actor)
        }
        guard case .drawn(let redraw) = try await SweepstakesDraws(store: store).draw(sweepstakesId: setup.sweepstakes, replacing: drawn[0].id,
                                                                        reason: "Winner 1 could not be reached", by: setup.actor) else {
            Issue.record("no redraw")
            return
        }
        #expect(redraw.replaces == drawn[0].id)
        let history = try await SweepstakesDraws(store: store).history(sweepstakesId: setup.sweepstakes)
        #expect(history.current?.id == redraw.id)
        #expect(history.earlier.map(\.id) == [drawn[0].id])
        // The old confirmation page (replacing the first draw) cannot draw again.
        if case .drawn = try await SweepstakesDraws(store: store).draw(sweepstakesId: setup.sweepstakes, replacing: drawn[0].id, reason: "again", by: setup.actor) {
            Issue.record("drew twice from one page")
        }
        // Once drawn, corrections are refused.
        await #expect(throws: EntryCorrections.Refused.self) {
            try await EntryCorrections(store: store).grant(sweepstakesId: setup.sweepstakes, uuid: setup.eligible[0].uuid, quantity: "1", reason: "late", by: .commandLine)
        }
    }

    @Test func verifyDrawDetectsAChangedAddedOrVoidedEntry() async throws {
        let setup = try await Self.setUp()
        let store = setup.console.store
        guard case .drawn(let draw) = try await SweepstakesDraws(store: store).draw(sweepstakesId: setup.sweepstakes, replacing: nil, reason: "", by: setup.actor) else {
            Issue.record("no draw")
            return
        }
        func verify() async throws -> Bool {
            let result = try await SweepstakesDraws(store: store).verify(drawId: draw.id)!
            return result.isSound
        }
        #expect(try await verify())
        let user = setup.eligible[2]
        // Another program (the console refuses) changes the entries after the draw.
        let changes: [(String, String)] = [
            ("UPDATE sweepstakes_entries SET quantity = quantity + 1 WHERE id = (SELECT MIN(id) FROM sweepstakes_entries WHERE user_id = \(user.id))",
             "UPDATE sweepstakes_entries SET quantity = quantity - 1 WHERE id = (SELECT MIN(id) FROM sweepstakes_entries WHERE user_id = \(user.id))"),
            ("INSERT INTO sweepstakes_entries (sweepstakes_id, user_id, quantity, reason, created_at) VALUES (\(setup.sweepstakes), \(user.id), 1, 'daily_stand', '2026-10-05 00:00:00.000')",
             "DELETE FROM sweepstakes_entries WHERE id = (SELECT MAX(id) FROM sweepstakes_entries)"),
            ("UPDATE sweepstakes_entries SET voided = 1 WHERE id = (SELECT MIN(id) FROM sweepstakes_entries WHERE user_id = \(user.id))",
             "UPDATE sweepstakes_entries SET voided = 0 WHERE id = (SELECT MIN(id) FROM sweepstakes_entries WHERE user_id = \(user.id))"),
        ]
        for (change, undo) in changes {
            try await store.write { db in try db.execute(sql: change) }
            #expect(try await !verify(), "\(change)")
            try await store.write { db in try db.execute(sql: undo) }
            #expect(try await verify(), "after undoing \(change)")
        }
    }

    /// The Python script, with no Swift code behind it, agrees with the draw.
    @Test func thePythonVerifierAgreesWithTheDraw() async throws {
        let setup = try await Self.setUp()
        let store = setup.console.store
        try await store.write { db in try db.execute(sql: "UPDATE sweepstakes SET winner_count = 3 WHERE id = ?", arguments: [setup.sweepstakes]) }
        guard case .drawn(let draw) = try await SweepstakesDraws(store: store).draw(sweepstakesId: setup.sweepstakes, replacing: nil, reason: "", by: setup.actor) else {
            Issue.record("no draw")
            return
        }
        let (_, snapshot) = try #require(try await SweepstakesDraws(store: store).snapshot(drawId: draw.id))
        let text = String(decoding: snapshot.text, as: UTF8.self)
        let folder = try TemporaryFolder("snapshot")
        let file = folder.url.appendingPathComponent("snapshot.csv")
        try Data(text.utf8).write(to: file)
        func python(_ expect: [String]) async throws -> (status: Int32, output: String) {
            let process = try ChildProcess(["python3", TestConsole.root.appendingPathComponent("scripts/verify-draw.py").path,
                                            "--seed", draw.seed, "--hash", draw.snapshotHash, "--winners", String(draw.winnerCount),
                                            "--expect", expect.joined(separator: ","), file.path], pipeOutput: true)
            return await process.finished()
        }
        let winners = draw.winners.map(\.uuid)
        let agreed = try await python(winners)
        #expect(agreed.status == 0, "\(agreed.output)")
        #expect(agreed.output.contains("snapshot hash: matches") && agreed.output.contains("winners: match"))
        for (rank, uuid) in winners.enumerated() { #expect(agreed.output.contains("winner \(rank + 1): \(uuid)")) }
        let wrong = try await python(Array(winners.reversed()))
        #expect(wrong.status == 1)
    }
}
