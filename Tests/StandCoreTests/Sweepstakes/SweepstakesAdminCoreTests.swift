import Foundation
import GRDB
import Testing
@testable import StandCore

/// Creating a sweepstakes and closing one early, through StandCore.
@Suite struct SweepstakesAdminCoreTests {
    typealias Fixture = SweepstakesCoreFixture
    static let now = Fixture.now

    static let draft = SweepstakesDraft(name: " Spring Stand ", prize: " A bike, a helmet ", startsOn: "2027-03-01", endsOn: "2027-03-31",
                                        winnerCount: " 3 ", entriesPerStand: "2", streakBonusEntries: "5")

    /// The export hands every entrant of the sweepstakes over once, in user order, a batch at a
    /// time, whatever entrants of another sweepstakes sit between them.
    @Test func theEntrantsExportGivesEachEntrantOnceInBatches() async throws {
        let fixture = try await Fixture.make()
        let autumn = try await fixture.sweepstakes(name: "Autumn")
        let winter = try await fixture.sweepstakes(name: "Winter")
        var expected: [Int64] = []
        for number in 1...11 {
            let user = try await fixture.user(number)
            if number % 3 != 0 {
                try await fixture.entries(user, sweepstakes: autumn, count: number % 4 + 1)
                expected.append(user.id)
            }
            if number % 2 == 0 { try await fixture.entries(user, sweepstakes: winter, count: 1) }
        }
        var batches: [[Int64]] = []
        try await SweepstakesAdmin(store: fixture.store).exportEntrants(sweepstakesId: autumn, batchSize: 3) { batch in
            batches.append(batch.map(\.userId))
        }
        #expect(batches.flatMap { $0 } == expected)
        #expect(batches.map(\.count) == [3, 3, 2], "\(batches)")
    }

    @Test func createWritesTheSweepstakesAndItsAuditEvent() async throws {
        let fixture = try await Fixture.make()
        let id = try await SweepstakesAdmin(store: fixture.store).create(Self.draft, by: fixture.owner, now: Self.now)
        let sweepstakes = try #require(try await SweepstakesAdmin(store: fixture.store).find(id: id))
        #expect(sweepstakes.name == "Spring Stand" && sweepstakes.prize == "A bike, a helmet")
        #expect(sweepstakes.startsOn == "2027-03-01" && sweepstakes.endsOn == "2027-03-31")
        #expect(sweepstakes.winnerCount == 3 && sweepstakes.entriesPerStand == 2 && sweepstakes.streakBonusEntries == 5)
        #expect(sweepstakes.status == "open" && sweepstakes.phase(now: Self.now) == .upcoming)
        #expect(sweepstakes.createdAt == Self.now && sweepstakes.closedAt == nil)
        #expect(sweepstakes.entrants == 0 && sweepstakes.validEntries == 0)
        #expect(try await fixture.count("SELECT created_by FROM sweepstakes WHERE id = ?", [id]) == Int(fixture.owner.staffId!))
        #expect(try await fixture.auditTrail() == ["sweepstakes.created \(id): Spring Stand, 2027-03-01 to 2027-03-31"])
    }

    @Test func everyProblemOfADraftIsReportedAtOnceAndNothingIsWritten() async throws {
        let fixture = try await Fixture.make()
        var draft = Self.draft
        draft.name = " "
        draft.endsOn = "2027-02-28"
        draft.winnerCount = "101"
        draft.entriesPerStand = "x"
        let errors = try #require(await #expect(throws: ValidationErrors.self) {
            try await SweepstakesAdmin(store: fixture.store).create(draft, by: fixture.owner, now: Self.now)
        })
        #expect(errors.fields == ["name", "endsOn", "winnerCount", "entriesPerStand"])
        #expect(errors["name"] == "Enter the name.")
        #expect(errors["endsOn"] == "The last day (2027-02-28) is before the first (2027-03-01).")
        #expect(errors["winnerCount"] == "The number of winners must be a whole number from 1 to 100.")
        #expect(errors["entriesPerStand"] == "Entries per daily stand must be a whole number from 0 to 100.")
        #expect(try await fixture.count("SELECT COUNT(*) FROM sweepstakes") == 0)
        #expect(try await fixture.count("SELECT COUNT(*) FROM audit_events") == 0)
    }

    /// One field at a time: nil when the draft is accepted, else the field refused.
    @Test(arguments: [
        ("winnerCount", "0", "winnerCount"), ("winnerCount", "1", nil), ("winnerCount", "100", nil), ("winnerCount", "101", "winnerCount"),
        ("winnerCount", "2.5", "winnerCount"), ("winnerCount", "", "winnerCount"), ("winnerCount", "0000001", "winnerCount"),
        ("entriesPerStand", "0", nil), ("entriesPerStand", "100", nil), ("entriesPerStand", "-1", "entriesPerStand"),
        ("streakBonusEntries", "0", nil), ("streakBonusEntries", "abc", "streakBonusEntries"), ("streakBonusEntries", "101", "streakBonusEntries"),
        ("startsOn", "2027-02-30", "startsOn"), ("startsOn", "2027-3-1", "startsOn"), ("endsOn", "", "endsOn"),
        ("endsOn", "2027-03-01", nil), ("endsOn", "2027-02-28", "endsOn"),
        ("name", String(repeating: "n", count: 100), nil), ("name", String(repeating: "n", count: 101), "name"),
        ("prize", "", "prize"), ("prize", String(repeating: "p", count: 201), "prize"), ("prize", "Tab\there", "prize"),
    ] as [(String, String, String?)])
    func eachRuleOfADraft(field: String, value: String, refused: String?) async throws {
        let fixture = try await Fixture.make()
        var draft = Self.draft
        switch field {
        case "name": draft.name = value
        case "prize": draft.prize = value
        case "startsOn": draft.startsOn = value
        case "endsOn": draft.endsOn = value
        case "winnerCount": draft.winnerCount = value
        case "entriesPerStand": draft.entriesPerStand = value
        default: draft.streakBonusEntries = value
        }
        if let refused {
            let errors = try #require(await #expect(throws: ValidationErrors.self) {
                try await SweepstakesAdmin(store: fixture.store).create(draft, by: fixture.owner, now: Self.now)
            })
            #expect(errors.fields == [refused])
            #expect(try await fixture.count("SELECT COUNT(*) FROM sweepstakes") == 0)
        } else {
            let id = try await SweepstakesAdmin(store: fixture.store).create(draft, by: fixture.owner, now: Self.now)
            #expect(try await SweepstakesAdmin(store: fixture.store).find(id: id) != nil)
            #expect(try await fixture.auditCount(.sweepstakesCreated) == 1)
        }
    }

    @Test func anOpenSweepstakesIsClosedEarlyWithAReason() async throws {
        let fixture = try await Fixture.make()
        let id = try await fixture.sweepstakes(name: "Now", startsOn: "2026-11-10", endsOn: "2026-11-30")
        #expect(try await SweepstakesAdmin(store: fixture.store).find(id: id)?.phase(now: Self.now) == .open)
        let later = Self.now.addingTimeInterval(120)
        let closed = try #require(try await SweepstakesAdmin(store: fixture.store).close(id: id, reason: "  Prize supplier withdrew ", by: fixture.owner, now: later))
        #expect(closed.status == "closed" && closed.phase(now: Self.now) == .closed)
        #expect(closed.closeReason == "Prize supplier withdrew")
        #expect(closed.closedAt == later)
        #expect(try await fixture.count("SELECT closed_by FROM sweepstakes WHERE id = ?", [id]) == Int(fixture.owner.staffId!))
        #expect(try await fixture.auditTrail() == ["sweepstakes.closed \(id): Prize supplier withdrew"])
        // Closed once: a second close (a second tab) changes nothing.
        #expect(try await SweepstakesAdmin(store: fixture.store).close(id: id, reason: "Again", by: fixture.owner, now: later) == nil)
        #expect(try await SweepstakesAdmin(store: fixture.store).find(id: id)?.closeReason == "Prize supplier withdrew")
        #expect(try await fixture.auditCount(.sweepstakesClosed) == 1)
    }

    @Test(arguments: ["", "  \n ", "asked by owner@example.com", String(repeating: "r", count: 501)])
    func closingNeedsAReasonThatCanBeKept(reason: String) async throws {
        let fixture = try await Fixture.make()
        let id = try await fixture.sweepstakes(name: "Now", startsOn: "2026-11-10", endsOn: "2026-11-30")
        let errors = try #require(await #expect(throws: ValidationErrors.self) {
            try await SweepstakesAdmin(store: fixture.store).close(id: id, reason: reason, by: fixture.owner, now: Self.now)
        })
        #expect(errors.fields == ["reason"])
        #expect(try await SweepstakesAdmin(store: fixture.store).find(id: id)?.status == "open")
        #expect(try await fixture.count("SELECT COUNT(*) FROM audit_events") == 0)
    }

    /// Ended by its dates, drawn, or not there: nothing to close.
    @Test func onlyAnOpenOrUpcomingSweepstakesCanBeClosed() async throws {
        let fixture = try await Fixture.make()
        let ended = try await fixture.sweepstakes(name: "Autumn")
        let drawn = try await fixture.sweepstakes(name: "Summer", startsOn: "2026-07-01", endsOn: "2026-07-31", drawn: true)
        let upcoming = try await fixture.sweepstakes(name: "Winter", startsOn: "2026-12-01", endsOn: "2026-12-31")
        for id in [ended, drawn, 999] {
            #expect(try await SweepstakesAdmin(store: fixture.store).close(id: id, reason: "Too late", by: fixture.owner, now: Self.now) == nil, "\(id)")
        }
        #expect(try await fixture.count("SELECT COUNT(*) FROM sweepstakes WHERE status = 'closed' OR closed_at IS NOT NULL") == 0)
        #expect(try await fixture.count("SELECT COUNT(*) FROM audit_events") == 0)
        // One that has not begun can be called off.
        let closed = try await SweepstakesAdmin(store: fixture.store).close(id: upcoming, reason: "Called off", by: fixture.owner, now: Self.now)
        #expect(closed?.phase(now: Self.now) == .closed)
        #expect(try await fixture.auditCount(.sweepstakesClosed) == 1)
    }
}
