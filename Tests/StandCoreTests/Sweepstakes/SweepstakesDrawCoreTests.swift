import Foundation
import GRDB
import Testing
@testable import StandCore

/// Drawing through StandCore on a real store: distinct eligible winners as
/// many as asked, drawn once, refused until closed or with nobody eligible.
/// The seed and the clock are pinned, so every draw here is the same each run.
@Suite struct SweepstakesDrawCoreTests {
    typealias Fixture = SweepstakesCoreFixture
    static let now = Fixture.now
    static let seed = DrawAlgorithm.hash("stand-core-draw-1")

    /// A sweepstakes ended by `now`, asking for `winners`: seven eligible
    /// accounts (six adults with 1…6 entries, one turning 18 on the draw day
    /// with 1) and four that are not (a minor, a disqualified one, one whose
    /// entries were voided, a deleted one), 50 entries each.
    struct Setup {
        let fixture: Fixture
        let sweepstakes: Int64
        let eligible: [DrawAlgorithm.Candidate]
        let ineligible: [Fixture.User]
    }

    static func setUp(winners: Int, startsOn: String = "2026-10-01", endsOn: String = "2026-10-31") async throws -> Setup {
        let fixture = try await Fixture.make()
        let sweepstakes = try await fixture.sweepstakes(name: "Autumn", startsOn: startsOn, endsOn: endsOn, winners: winners)
        var eligible: [DrawAlgorithm.Candidate] = []
        for number in 1...6 {
            let user = try await fixture.user(number)
            try await fixture.entries(user, sweepstakes: sweepstakes, count: number)
            eligible.append(.init(uuid: user.uuid, weight: number))
        }
        let birthday = try await fixture.user(7, birthdate: "2008-11-15")
        try await fixture.entries(birthday, sweepstakes: sweepstakes, count: 1)
        eligible.append(.init(uuid: birthday.uuid, weight: 1))
        let ineligible = try await addIneligible(fixture, sweepstakes)
        return Setup(fixture: fixture, sweepstakes: sweepstakes, eligible: eligible, ineligible: ineligible)
    }

    static func addIneligible(_ fixture: Fixture, _ sweepstakes: Int64) async throws -> [Fixture.User] {
        let minor = try await fixture.user(20, birthdate: "2008-11-16")
        let cheat = try await fixture.user(21), voided = try await fixture.user(22), gone = try await fixture.user(23)
        for user in [minor, cheat, voided, gone] { try await fixture.entries(user, sweepstakes: sweepstakes, count: 50) }
        try await EntryCorrections(store: fixture.store).disqualify(sweepstakesId: sweepstakes, uuid: cheat.uuid, reason: "Bots", by: fixture.owner, now: now)
        try await EntryCorrections(store: fixture.store).voidAll(sweepstakesId: sweepstakes, uuid: voided.uuid, reason: "Duplicate", by: fixture.owner, now: now)
        try await fixture.delete(gone)
        return [minor, cheat, voided, gone]
    }

    static func draw(_ setup: Setup, replacing: Int64? = nil, reason: String = "", seed: String = seed) async throws -> SweepstakesDraws.Outcome {
        try await SweepstakesDraws(store: setup.fixture.store).draw(sweepstakesId: setup.sweepstakes, replacing: replacing, reason: reason,
                                        by: setup.fixture.owner, now: now, seed: seed)
    }

    @Test func aDrawPicksDistinctEligibleWinnersAndRecordsThem() async throws {
        let setup = try await Self.setUp(winners: 3)
        let fixture = setup.fixture
        let preview = try await SweepstakesDraws(store: fixture.store).preview(sweepstakesId: setup.sweepstakes, now: Self.now)
        #expect(preview.eligibleUsers == 7 && preview.entries == 22)
        let outcome = try await Self.draw(setup)
        guard case .drawn(let draw) = outcome else { Issue.record("\(outcome)"); return }
        // What the specified algorithm gives for these candidates and this seed.
        let candidates = DrawAlgorithm.inSnapshotOrder(setup.eligible)
        let expected = try #require(DrawAlgorithm.winners(candidates, count: 3, seedHex: Self.seed)).map { candidates[$0] }
        #expect(draw.winners.map(\.uuid) == expected.map(\.uuid))
        #expect(draw.winners.map(\.weight) == expected.map(\.weight))
        #expect(draw.winners.map(\.rank) == [1, 2, 3])
        #expect(Set(draw.winners.map(\.uuid)).count == 3)
        #expect(Set(draw.winners.map(\.uuid)).isSubset(of: Set(setup.eligible.map(\.uuid))))
        #expect(draw.eligibleUsers == 7 && draw.totalWeight == 22 && draw.winnerCount == 3)
        #expect(draw.seed == Self.seed && draw.drawnOn == "2026-11-15" && draw.drawnAt == Self.now)
        #expect(draw.snapshotHash == DrawAlgorithm.hash(DrawAlgorithm.snapshot(candidates)))
        #expect(draw.drawnBy == "owner@example.com" && draw.reason == "Draw" && draw.replaces == nil)
        // Recorded: the sweepstakes drawn, each winner's first valid entry, one audit event.
        #expect(try await SweepstakesAdmin(store: fixture.store).find(id: setup.sweepstakes)?.phase(now: Self.now) == .drawn)
        let winnerEntries = try await fixture.store.read { db in
            try Int.fetchOne(db, sql: """
                SELECT COUNT(*) FROM draw_winners w
                WHERE w.draw_id = ? AND w.entry_id = (SELECT MIN(e.id) FROM sweepstakes_entries e JOIN users u ON u.id = e.user_id
                                                      WHERE u.uuid = w.user_uuid AND e.sweepstakes_id = ? AND e.voided = 0)
                """, arguments: [draw.id, setup.sweepstakes])
        }
        // Three winners, then as many alternates (the default), each with their first valid entry.
        #expect(winnerEntries == 6 && draw.alternateCount == 3 && draw.number == 1)
        #expect(try await fixture.auditTrail().last == "sweepstakes.drawn \(setup.sweepstakes): draw 1: 3 winners and 3 alternates of 7 eligible users")
        let verification = try #require(try await SweepstakesDraws(store: fixture.store).verify(drawId: draw.id))
        #expect(verification.hashMatches && verification.picksMatch)
    }

    /// More winners asked for than there are eligible accounts: every one of them wins, nobody else.
    @Test func everyEligibleAccountWinsAndNoIneligibleOneEver() async throws {
        let setup = try await Self.setUp(winners: 100)
        let outcome = try await Self.draw(setup)
        guard case .drawn(let draw) = outcome else { Issue.record("\(outcome)"); return }
        #expect(draw.winners.count == 7 && draw.winnerCount == 7)
        #expect(Set(draw.winners.map(\.uuid)) == Set(setup.eligible.map(\.uuid)))
        #expect(Set(draw.winners.map(\.uuid)).isDisjoint(with: setup.ineligible.map(\.uuid)))
        #expect(try await setup.fixture.count("SELECT COUNT(*) FROM draw_winners WHERE draw_id = ?", [draw.id]) == 7)
    }

    @Test func aDrawIsRefusedUntilTheSweepstakesIsClosed() async throws {
        let open = try await Self.setUp(winners: 1, startsOn: "2026-11-01", endsOn: "2026-11-30")
        let outcome = try await Self.draw(open)
        guard case .notClosed(.open) = outcome else { Issue.record("\(outcome)"); return }
        let upcoming = try await Self.setUp(winners: 1, startsOn: "2026-12-01", endsOn: "2026-12-31")
        let early = try await Self.draw(upcoming)
        guard case .notClosed(.upcoming) = early else { Issue.record("\(early)"); return }
        for setup in [open, upcoming] {
            #expect(try await setup.fixture.count("SELECT COUNT(*) FROM sweepstakes_draws") == 0)
            #expect(try await setup.fixture.count("SELECT COUNT(*) FROM sweepstakes WHERE status = 'open'") == 1)
            #expect(try await setup.fixture.auditCount(.sweepstakesDrawn) == 0)
        }
        // Closed early by an owner, it can be drawn.
        _ = try await SweepstakesAdmin(store: open.fixture.store).close(id: open.sweepstakes, reason: "Prize supplier withdrew", by: open.fixture.owner, now: Self.now)
        let closed = try await Self.draw(open)
        guard case .drawn(let draw) = closed else { Issue.record("\(closed)"); return }
        #expect(draw.winners.count == 1)
    }

    @Test func nobodyEligibleDrawsNothing() async throws {
        let fixture = try await Fixture.make()
        let empty = try await fixture.sweepstakes(name: "Empty")
        let ineligibleOnly = try await fixture.sweepstakes(name: "Autumn")
        _ = try await Self.addIneligible(fixture, ineligibleOnly)
        for sweepstakes in [empty, ineligibleOnly] {
            let preview = try await SweepstakesDraws(store: fixture.store).preview(sweepstakesId: sweepstakes, now: Self.now)
            #expect(preview.eligibleUsers == 0 && preview.entries == 0)
            let outcome = try await SweepstakesDraws(store: fixture.store).draw(sweepstakesId: sweepstakes, replacing: nil, reason: "", by: fixture.owner,
                                                          now: Self.now, seed: Self.seed)
            guard case .nobodyEligible = outcome else { Issue.record("\(outcome)"); continue }
        }
        #expect(try await fixture.count("SELECT COUNT(*) FROM sweepstakes_draws") == 0)
        #expect(try await fixture.count("SELECT COUNT(*) FROM sweepstakes WHERE status = 'open'") == 2)
        #expect(try await fixture.auditCount(.sweepstakesDrawn) == 0)
    }

    @Test func aSecondDrawReturnsTheFirstAndARedrawNeedsTheDrawInForceAndAReason() async throws {
        let setup = try await Self.setUp(winners: 2)
        let fixture = setup.fixture
        guard case .drawn(let first) = try await Self.draw(setup) else { Issue.record("no draw"); return }
        // A double click, or a second tab: another seed, the same draw back.
        let second = try await Self.draw(setup, seed: DrawAlgorithm.hash("stand-core-draw-2"))
        guard case .alreadyDrawn(let shown) = second else { Issue.record("\(second)"); return }
        #expect(shown.id == first.id && shown.winners == first.winners && shown.seed == Self.seed)
        #expect(try await fixture.count("SELECT COUNT(*) FROM sweepstakes_draws") == 1)
        #expect(try await fixture.auditCount(.sweepstakesDrawn) == 1)

        await #expect(throws: ValidationErrors.self) {
            _ = try await Self.draw(setup, replacing: first.id, reason: " ")
        }
        let redrawn = try await Self.draw(setup, replacing: first.id, reason: "Winner 1 could not be reached", seed: DrawAlgorithm.hash("stand-core-draw-3"))
        guard case .drawn(let redraw) = redrawn else { Issue.record("\(redrawn)"); return }
        #expect(redraw.replaces == first.id && redraw.reason == "Winner 1 could not be reached")
        #expect(try await fixture.auditTrail().last
            == "sweepstakes.redrawn \(setup.sweepstakes): draw 2: 2 winners and 2 alternates of 7 eligible users, replacing draw 1: Winner 1 could not be reached")
        // The page that showed the first draw cannot redraw again.
        let stale = try await Self.draw(setup, replacing: first.id, reason: "Again")
        guard case .alreadyDrawn(let inForce) = stale else { Issue.record("\(stale)"); return }
        #expect(inForce.id == redraw.id)
        let history = try await SweepstakesDraws(store: fixture.store).history(sweepstakesId: setup.sweepstakes)
        #expect(history.current?.id == redraw.id)
        #expect(history.earlier.map(\.id) == [first.id])
        #expect(history.earlier.first?.winners == first.winners.map(\.uuid).joined(separator: " "))
        // Drawn: its entries are the record of the draw.
        await #expect(throws: EntryCorrections.Refused.self) {
            try await EntryCorrections(store: fixture.store).grant(sweepstakesId: setup.sweepstakes, uuid: setup.eligible[0].uuid, quantity: "1", reason: "late",
                                             by: fixture.owner, now: Self.now)
        }
    }

    /// Nothing but a draw in force lets a redraw through.
    @Test func aRedrawOfASweepstakesNeverDrawnIsRefused() async throws {
        let setup = try await Self.setUp(winners: 1)
        let outcome = try await Self.draw(setup, replacing: 42, reason: "Out of nowhere")
        guard case .notClosed(.closed) = outcome else { Issue.record("\(outcome)"); return }
        #expect(try await setup.fixture.count("SELECT COUNT(*) FROM sweepstakes_draws") == 0)
    }
}
