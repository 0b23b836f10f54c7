import Foundation
import GRDB
import Testing
@testable import StandCore

/// Grants, voids, disqualifications and lifts through StandCore: each with a
/// reason and an audit event, the trigger-kept tallies following, and every
/// refusal leaving the store as it was.
@Suite struct EntryCorrectionsCoreTests {
    typealias Fixture = SweepstakesCoreFixture
    static let now = Fixture.now

    /// An open sweepstakes ("Winter", #1) and an account with three entries in it.
    static func setUp() async throws -> (Fixture, Int64, Fixture.User) {
        let fixture = try await Fixture.make()
        let sweepstakes = try await fixture.sweepstakes(name: "Winter", startsOn: "2026-11-01", endsOn: "2026-11-30")
        let jane = try await fixture.user(1)
        try await fixture.entries(jane, sweepstakes: sweepstakes, count: 3)
        return (fixture, sweepstakes, jane)
    }

    /// A grant with the reason most tests here give.
    static func grant(_ fixture: Fixture, _ sweepstakes: Int64, _ user: Fixture.User, _ quantity: String) async throws {
        try await EntryCorrections(store: fixture.store).grant(sweepstakesId: sweepstakes, uuid: user.uuid, quantity: quantity, reason: "Ticket 812",
                                         by: fixture.owner, now: now)
    }

    @Test func aGrantAddsManualEntriesWithItsReasonAndTheTallyFollows() async throws {
        let (fixture, sweepstakes, jane) = try await Self.setUp()
        #expect(try await fixture.tally(jane, sweepstakes) == "3/0")
        try await EntryCorrections(store: fixture.store).grant(sweepstakesId: sweepstakes, uuid: jane.uuid, quantity: " 5 ", reason: " Ticket 812: app outage ",
                                         by: fixture.owner, now: Self.now)
        #expect(try await fixture.tally(jane, sweepstakes) == "8/0")
        #expect(try await fixture.totals(sweepstakes) == "1 8 0 0")
        let detail = try #require(try await SweepstakesAdmin(store: fixture.store).entrant(sweepstakesId: sweepstakes, uuid: jane.uuid))
        let granted = try #require(detail.entries.first)
        #expect(granted.quantity == 5 && granted.reason == "manual_grant" && granted.note == "Ticket 812: app outage")
        #expect(granted.grantedBy == "owner@example.com" && granted.createdAt == Self.now && !granted.voided)
        #expect(detail.entrant?.validEntries == 8)
        #expect(try await fixture.auditTrail() == ["sweepstakes.entries_granted \(jane.uuid): 5 entries in sweepstakes #\(sweepstakes) (Winter): Ticket 812: app outage"])
        // A first grant makes an entrant of someone with no entries.
        let newcomer = try await fixture.user(2)
        #expect(try await fixture.tally(newcomer, sweepstakes) == "none")
        try await EntryCorrections(store: fixture.store).grant(sweepstakesId: sweepstakes, uuid: newcomer.uuid, quantity: "1", reason: "Missed day",
                                         by: fixture.owner, now: Self.now)
        #expect(try await fixture.tally(newcomer, sweepstakes) == "1/0")
        #expect(try await fixture.totals(sweepstakes) == "2 9 0 0")
    }

    @Test(arguments: ["1", "100", "007"])
    func aGrantOfOneToAHundredIsAccepted(quantity: String) async throws {
        let (fixture, sweepstakes, jane) = try await Self.setUp()
        try await Self.grant(fixture, sweepstakes, jane, quantity)
        #expect(try await fixture.tally(jane, sweepstakes) == "\(3 + Int(quantity)!)/0")
    }

    @Test(arguments: ["0", "101", "abc", "", "-1", "1.5", "10000"])
    func aGrantOutsideOneToAHundredIsRefused(quantity: String) async throws {
        let (fixture, sweepstakes, jane) = try await Self.setUp()
        let errors = try #require(await #expect(throws: ValidationErrors.self) {
            try await EntryCorrections(store: fixture.store).grant(sweepstakesId: sweepstakes, uuid: jane.uuid, quantity: quantity, reason: "Ticket 812",
                                             by: fixture.owner, now: Self.now)
        })
        #expect(errors.fields == ["quantity"])
        #expect(errors["quantity"] == "Grant a whole number of entries from 1 to 100.")
        #expect(try await fixture.tally(jane, sweepstakes) == "3/0")
        #expect(try await fixture.count("SELECT COUNT(*) FROM audit_events") == 0)
    }

    @Test func aGrantNeedsAReasonThatCanBeKeptAndSaysEverythingAtOnce() async throws {
        let (fixture, sweepstakes, jane) = try await Self.setUp()
        let both = try #require(await #expect(throws: ValidationErrors.self) {
            try await EntryCorrections(store: fixture.store).grant(sweepstakesId: sweepstakes, uuid: jane.uuid, quantity: "101", reason: "  ", by: fixture.owner, now: Self.now)
        })
        #expect(both.fields == ["quantity", "reason"])
        #expect(both["reason"] == "Give a reason: it is kept with the change and in the audit log.")
        let named = try #require(await #expect(throws: ValidationErrors.self) {
            try await EntryCorrections(store: fixture.store).grant(sweepstakesId: sweepstakes, uuid: jane.uuid, quantity: "5", reason: "asked by user1@example.com",
                                             by: fixture.owner, now: Self.now)
        })
        #expect(named["reason"]?.hasPrefix("Leave out the email address here") == true)
        #expect(try await fixture.tally(jane, sweepstakes) == "3/0")
        #expect(try await fixture.count("SELECT COUNT(*) FROM audit_events") == 0)
    }

    @Test func voidingOneEntryMovesItsQuantityAndASecondVoidIsRefused() async throws {
        let (fixture, sweepstakes, jane) = try await Self.setUp()
        try await Self.grant(fixture, sweepstakes, jane, "5")
        let entryId = try #require(try await SweepstakesAdmin(store: fixture.store).entrant(sweepstakesId: sweepstakes, uuid: jane.uuid)?.entries.first?.id)
        try await EntryCorrections(store: fixture.store).voidEntry(sweepstakesId: sweepstakes, uuid: jane.uuid, entryId: entryId, reason: "Granted twice",
                                             by: fixture.owner, now: Self.now)
        #expect(try await fixture.tally(jane, sweepstakes) == "3/5")
        #expect(try await fixture.totals(sweepstakes) == "1 3 5 0")
        let voided = try #require(try await SweepstakesAdmin(store: fixture.store).entrant(sweepstakesId: sweepstakes, uuid: jane.uuid)?.entries.first)
        #expect(voided.voided && voided.voidReason == "Granted twice" && voided.voidedBy == "owner@example.com")

        let again = try #require(await #expect(throws: EntryCorrections.Refused.self) {
            try await EntryCorrections(store: fixture.store).voidEntry(sweepstakesId: sweepstakes, uuid: jane.uuid, entryId: entryId, reason: "Granted twice",
                                                 by: fixture.owner, now: Self.now)
        })
        #expect(again.message == "Entry #\(entryId) is not a valid entry of this account here (already voided?); nothing was changed.")
        #expect(again.isConflict && again.errors[RefusalField.wholeForm] == again.message)
        // Another account's entry is not this account's to void.
        let other = try await fixture.user(2)
        await #expect(throws: EntryCorrections.Refused.self) {
            try await EntryCorrections(store: fixture.store).voidEntry(sweepstakesId: sweepstakes, uuid: other.uuid, entryId: entryId - 1, reason: "Wrong account",
                                                 by: fixture.owner, now: Self.now)
        }
        #expect(try await fixture.tally(jane, sweepstakes) == "3/5")
        #expect(try await fixture.auditTrail() == [
            "sweepstakes.entries_granted \(jane.uuid): 5 entries in sweepstakes #\(sweepstakes) (Winter): Ticket 812",
            "sweepstakes.entry_voided \(jane.uuid): entry #\(entryId) in sweepstakes #\(sweepstakes) (Winter): Granted twice",
        ])
    }

    @Test func voidAllVoidsEveryValidRowThenHasNothingLeftToVoid() async throws {
        let (fixture, sweepstakes, jane) = try await Self.setUp()
        try await Self.grant(fixture, sweepstakes, jane, "5")
        let rows = try await EntryCorrections(store: fixture.store).voidAll(sweepstakesId: sweepstakes, uuid: jane.uuid, reason: "Cheating confirmed",
                                                      by: fixture.owner, now: Self.now)
        #expect(rows == 4)
        #expect(try await fixture.tally(jane, sweepstakes) == "0/8")
        #expect(try await fixture.totals(sweepstakes) == "0 0 8 0")
        #expect(try await fixture.count("SELECT COUNT(*) FROM sweepstakes_entries WHERE voided = 1 AND void_reason = 'Cheating confirmed' AND voided_by = ?",
                                        [fixture.owner.staffId]) == 4)
        let again = try #require(await #expect(throws: EntryCorrections.Refused.self) {
            try await EntryCorrections(store: fixture.store).voidAll(sweepstakesId: sweepstakes, uuid: jane.uuid, reason: "Cheating confirmed", by: fixture.owner, now: Self.now)
        })
        #expect(again.message == "This account has no valid entries here; nothing was changed.")
        #expect(try await fixture.auditTrail().last == "sweepstakes.entries_voided \(jane.uuid): all 8 entries in sweepstakes #\(sweepstakes) (Winter): Cheating confirmed")
        #expect(try await fixture.auditCount(.entriesVoided) == 1)
    }

    @Test func aDisqualificationIsCountedRefusedTwiceAndLifted() async throws {
        let (fixture, sweepstakes, jane) = try await Self.setUp()
        try await EntryCorrections(store: fixture.store).disqualify(sweepstakesId: sweepstakes, uuid: jane.uuid, reason: "Two accounts", by: fixture.owner, now: Self.now)
        #expect(try await fixture.totals(sweepstakes) == "1 3 0 1")
        let detail = try #require(try await SweepstakesAdmin(store: fixture.store).entrant(sweepstakesId: sweepstakes, uuid: jane.uuid))
        #expect(detail.disqualification == "Disqualified 2026-11-15 10:00 UTC by owner@example.com: Two accounts")
        #expect(detail.entrant?.disqualificationReason == "Two accounts")
        let twice = try #require(await #expect(throws: EntryCorrections.Refused.self) {
            try await EntryCorrections(store: fixture.store).disqualify(sweepstakesId: sweepstakes, uuid: jane.uuid, reason: "Again", by: fixture.owner, now: Self.now)
        })
        #expect(twice.message == "This account is already disqualified here; nothing was changed.")

        try await EntryCorrections(store: fixture.store).lift(sweepstakesId: sweepstakes, uuid: jane.uuid, reason: "Second account was her partner's",
                                        by: fixture.owner, now: Self.now)
        #expect(try await fixture.totals(sweepstakes) == "1 3 0 0")
        #expect(try await SweepstakesAdmin(store: fixture.store).entrant(sweepstakesId: sweepstakes, uuid: jane.uuid)?.disqualification == nil)
        #expect(try await fixture.count("SELECT COUNT(*) FROM sweepstakes_disqualifications WHERE lifted_at IS NOT NULL AND lift_reason = ?",
                                        ["Second account was her partner's"]) == 1)
        let notDisqualified = try #require(await #expect(throws: EntryCorrections.Refused.self) {
            try await EntryCorrections(store: fixture.store).lift(sweepstakesId: sweepstakes, uuid: jane.uuid, reason: "Again", by: fixture.owner, now: Self.now)
        })
        #expect(notDisqualified.message == "This account is not disqualified here; nothing was changed.")
        // Entries are untouched by either; a new disqualification may follow a lifted one.
        #expect(try await fixture.tally(jane, sweepstakes) == "3/0")
        try await EntryCorrections(store: fixture.store).disqualify(sweepstakesId: sweepstakes, uuid: jane.uuid, reason: "Bots after all", by: fixture.owner, now: Self.now)
        #expect(try await fixture.totals(sweepstakes) == "1 3 0 1")
        #expect(try await fixture.auditTrail() == [
            "sweepstakes.entrant_disqualified \(jane.uuid): from sweepstakes #\(sweepstakes) (Winter): Two accounts",
            "sweepstakes.disqualification_lifted \(jane.uuid): in sweepstakes #\(sweepstakes) (Winter): Second account was her partner's",
            "sweepstakes.entrant_disqualified \(jane.uuid): from sweepstakes #\(sweepstakes) (Winter): Bots after all",
        ])
    }

    /// Every correction, for the refusals every one of them shares.
    static func everyCorrection(_ fixture: Fixture, _ sweepstakes: Int64, _ uuid: String, entryId: Int64) -> [@Sendable () async throws -> Void] {
        let store = fixture.store, owner = fixture.owner, now = Self.now
        return [
            { try await EntryCorrections(store: store).grant(sweepstakesId: sweepstakes, uuid: uuid, quantity: "1", reason: "late", by: owner, now: now) },
            { try await EntryCorrections(store: store).voidEntry(sweepstakesId: sweepstakes, uuid: uuid, entryId: entryId, reason: "late", by: owner, now: now) },
            { _ = try await EntryCorrections(store: store).voidAll(sweepstakesId: sweepstakes, uuid: uuid, reason: "late", by: owner, now: now) },
            { try await EntryCorrections(store: store).disqualify(sweepstakesId: sweepstakes, uuid: uuid, reason: "late", by: owner, now: now) },
            { try await EntryCorrections(store: store).lift(sweepstakesId: sweepstakes, uuid: uuid, reason: "late", by: owner, now: now) },
        ]
    }

    @Test func correctionsAreRefusedOnceDrawn() async throws {
        let fixture = try await Fixture.make()
        let drawn = try await fixture.sweepstakes(name: "Autumn", drawn: true)
        let jane = try await fixture.user(1)
        try await fixture.entries(jane, sweepstakes: drawn, count: 2)
        let entryId = try #require(try await fixture.store.read { db in try Int64.fetchOne(db, sql: "SELECT MIN(id) FROM sweepstakes_entries") })
        for correction in Self.everyCorrection(fixture, drawn, jane.uuid, entryId: entryId) {
            let refused = try #require(await #expect(throws: EntryCorrections.Refused.self) { try await correction() })
            #expect(refused.message == "Autumn has been drawn: its entries are the record of that draw and can no longer change.")
        }
        #expect(try await fixture.tally(jane, drawn) == "2/0")
        #expect(try await fixture.totals(drawn) == "1 2 0 0")
        #expect(try await fixture.count("SELECT COUNT(*) FROM audit_events") == 0)
    }

    @Test func correctionsAreRefusedForADeletedOrUnknownAccountOrSweepstakes() async throws {
        let (fixture, sweepstakes, jane) = try await Self.setUp()
        let gone = try await fixture.user(2)
        try await fixture.entries(gone, sweepstakes: sweepstakes, count: 2)
        let entryId = try #require(try await fixture.store.read { db in
            try Int64.fetchOne(db, sql: "SELECT MIN(id) FROM sweepstakes_entries WHERE user_id = ?", arguments: [gone.id])
        })
        try await fixture.delete(gone)
        for correction in Self.everyCorrection(fixture, sweepstakes, gone.uuid, entryId: entryId) {
            let refused = try #require(await #expect(throws: EntryCorrections.Refused.self) { try await correction() })
            #expect(refused.message == "This account was deleted: its entries can no longer be corrected.")
        }
        let stranger = "00000000-0000-4000-8000-999999999999"
        for correction in Self.everyCorrection(fixture, sweepstakes, stranger, entryId: entryId) {
            let refused = try #require(await #expect(throws: EntryCorrections.Refused.self) { try await correction() })
            #expect(refused.message == "There is no account \(stranger).")
        }
        for correction in Self.everyCorrection(fixture, 99, jane.uuid, entryId: entryId) {
            let refused = try #require(await #expect(throws: EntryCorrections.Refused.self) { try await correction() })
            #expect(refused.message == "There is no sweepstakes #99.")
        }
        // The deleted account's entries stay detached, counted in the totals only.
        #expect(try await fixture.count("SELECT COUNT(*) FROM sweepstakes_entries WHERE user_id IS NULL AND voided = 0") == 2)
        #expect(try await fixture.totals(sweepstakes) == "1 5 0 0")
        #expect(try await fixture.tally(jane, sweepstakes) == "3/0")
        #expect(try await fixture.count("SELECT COUNT(*) FROM audit_events") == 0)
    }
}
