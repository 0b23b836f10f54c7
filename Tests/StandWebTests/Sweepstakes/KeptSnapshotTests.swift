import Foundation
import GRDB
import StandCore
import StandTestSupport
import Testing
@testable import StandWeb

/// Issue 21, finding 1: the published snapshot was rebuilt from the store,
/// so deleting an eligible account after a draw made the draw uncheckable.
/// The snapshot is now kept as drawn; `verify` re-runs the draw from it and
/// lists what changed since, each change with the audit event behind it, and
/// names any change the record does not explain.
@Suite struct KeptSnapshotTests {
    @Test func aDrawStaysCheckableAfterDeletionsAndACorrectionAndABackdoorChangeIsNamed() async throws {
        let setup = try await DrawTests.setUp()
        let console = setup.console, store = console.store
        try await store.write { db in try db.execute(sql: "UPDATE sweepstakes SET winner_count = 2 WHERE id = ?", arguments: [setup.sweepstakes]) }
        // Drawn ten days ago, so a birthdate corrected today can change who was 18 on the draw's day.
        let drawnAt = UTCDate.adding(days: -10, to: Date())
        guard case .drawn(let draw) = try await SweepstakesDraws(store: store).draw(sweepstakesId: setup.sweepstakes, replacing: nil, reason: "",
                                                                                   by: setup.actor, now: drawnAt) else {
            Issue.record("no draw")
            return
        }
        let winners = Set(draw.winners.map(\.uuid))
        let others = setup.eligible.filter { !winners.contains($0.uuid) }
        let winner = try #require(setup.eligible.first { winners.contains($0.uuid) })
        let (deletedOther, corrected, untouched) = (others[0], others[1], others[2])
        let snapshotPath = "/sweepstakes/\(setup.sweepstakes)/snapshot.csv?draw=\(draw.id)"
        try await console.run { browser in
            try await browser.signIn("owner@example.com")
            let before = try await browser.get(snapshotPath)
            #expect(DrawAlgorithm.hash(before.body) == draw.snapshotHash)
            // Through the console: two deletions (a winner and an eligible non-winner), and a birthdate
            // corrected to one that turned 18 three days ago: under 18 on the draw's day.
            for user in [winner, deletedOther] {
                try await browser.get("/users/\(user.uuid)/delete")
                let deleted = try await browser.post("/users/\(user.uuid)/delete", ["confirmation": user.uuid, "reason": "Asked in the app"])
                #expect(deleted.status == .seeOther)
            }
            let eighteenThreeDaysAgo = UTCDate.calendar.date(byAdding: .year, value: -18, to: UTCDate.adding(days: -3, to: Date()))!
            let minor = UTCDate.day(eighteenThreeDaysAgo)
            try await browser.get("/users/\(corrected.uuid)/edit")
            let edited = try await browser.post("/users/\(corrected.uuid)/edit", [
                "email": corrected.email, "phone": corrected.phone, "birthdate": minor, "reminderTime": "08:30",
                "originalEmail": corrected.email, "originalPhone": corrected.phone, "originalBirthdate": corrected.birthdate, "originalReminderTime": "08:30",
            ])
            #expect(edited.status == .seeOther, "\(edited.body.prefix(400))")
            // The download is the drawn snapshot, byte for byte.
            #expect(try await browser.get(snapshotPath).body == before.body)
        }
        let checked = try #require(try await SweepstakesDraws(store: store).verify(drawId: draw.id))
        #expect(checked.keptSnapshot && checked.hashMatches && checked.picksMatch)
        #expect(checked.differences.map(\.uuid).sorted() == [winner.uuid, deletedOther.uuid, corrected.uuid].sorted())
        #expect(checked.differences.allSatisfy { $0.drawn != nil && $0.today == nil })
        #expect(checked.differences.first { $0.uuid == winner.uuid }?.explanation?.hasPrefix("user.deleted on ") == true)
        #expect(checked.differences.first { $0.uuid == corrected.uuid }?.explanation?.contains("user.updated") == true)
        #expect(checked.isSound)
        // The command says the same from the store's file: exit 0, the three changes each with its record.
        let agreed = try await Self.verifyDraw(store, draw.id)
        #expect(agreed.status == 0, "\(agreed.output)")
        #expect(agreed.output.contains("snapshot sha256 of the kept snapshot: \(draw.snapshotHash)") && agreed.output.contains("3 entrant(s) differ"))
        for user in [winner, deletedOther, corrected] { #expect(agreed.output.contains("  \(user.uuid): ")) }
        #expect(!agreed.output.contains("NOT ON THE RECORD"))

        // A row changed behind the console's back: the draw still reproduces, and the change is named as unexplained,
        // even though the account has an event on record since (an email change cannot change entries).
        try await console.run { browser in
            try await browser.signIn("owner@example.com")
            try await browser.get("/users/\(untouched.uuid)/edit")
            let edited = try await browser.post("/users/\(untouched.uuid)/edit", [
                "email": "renamed@example.com", "phone": untouched.phone, "birthdate": untouched.birthdate, "reminderTime": "08:30",
                "originalEmail": untouched.email, "originalPhone": untouched.phone, "originalBirthdate": untouched.birthdate, "originalReminderTime": "08:30",
            ])
            #expect(edited.status == .seeOther, "\(edited.body.prefix(400))")
        }
        try await store.write { db in
            try db.execute(sql: "UPDATE sweepstakes_entries SET quantity = quantity + 5 WHERE id = (SELECT MIN(id) FROM sweepstakes_entries WHERE user_id = ?)",
                           arguments: [untouched.id])
        }
        let after = try #require(try await SweepstakesDraws(store: store).verify(drawId: draw.id))
        #expect(after.hashMatches && after.picksMatch)
        #expect(!after.isSound)
        let backdoor = try #require(after.differences.first { $0.uuid == untouched.uuid })
        #expect(backdoor.explanation == nil)
        #expect(backdoor.today == (backdoor.drawn ?? 0) + 5)
        let refused = try await Self.verifyDraw(store, draw.id)
        #expect(refused.status == 1, "\(refused.output)")
        #expect(refused.output.contains("  \(untouched.uuid): weight \(backdoor.drawn ?? 0) then, weight \((backdoor.drawn ?? 0) + 5) now — NOT ON THE RECORD"))
    }

    /// `stand-admin verify-draw ID` run on the store's file, as an operator runs it.
    static func verifyDraw(_ store: StandStore, _ drawId: Int64) async throws -> (status: Int32, output: String) {
        let process = try ChildProcess([try KilledServerTests.binary().path, "verify-draw", "--db", store.path, String(drawId)], pipeOutput: true)
        return await process.finished()
    }
}
