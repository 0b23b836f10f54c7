import Foundation
import GRDB
import StandCore
import Testing
@testable import StandWeb

/// Grants, voids and disqualifications: by support too, with reasons, audited
/// in their transaction, and refused once drawn or for a deleted account.
@Suite struct EntryCorrectionTests {
    /// "valid/voided" entries of `user` in `sweepstakes`, as the tallies hold them.
    /// A console with a support account, a sweepstakes ("Winter") and Jane holding `entries` entries in it.
    static func scene(name: String = "Winter", entries: Int = 3) async throws -> (console: TestConsole, sweepstakes: Int64, jane: AppData.User) {
        let console = try await TestConsole()
        try await console.createStaff("support@example.com", role: .support)
        let data = AppData(store: console.store)
        let sweepstakes = try await data.sweepstakes(name: name, drawn: false)
        let jane = try await data.user(email: "jane@example.com", phone: "+15550001000")
        try await data.entries(jane, sweepstakes: sweepstakes, count: entries)
        return (console, sweepstakes, jane)
    }

    static func entrant(_ console: TestConsole, _ sweepstakes: Int64, _ user: AppData.User) async throws -> String {
        try await console.store.read { db in
            try String.fetchOne(db, sql: "SELECT valid_entries || '/' || voided_entries FROM sweepstakes_entrants WHERE sweepstakes_id = ? AND user_id = ?",
                                arguments: [sweepstakes, user.id]) ?? "none"
        }
    }

    @Test func supportGrantsVoidsAndDisqualifiesWithReasons() async throws {
        let (console, sweepstakes, jane) = try await EntryCorrectionTests.scene()
        let base = "/sweepstakes/\(sweepstakes)"
        try await console.run { browser in
            try await browser.signIn("support@example.com")
            let page = try await browser.get("\(base)/entrant?user=\(jane.uuid)")
            #expect(page.body.contains("id=\"valid-entries\">3<"))
            let noReason = try await browser.post("\(base)/grant", ["user": jane.uuid, "quantity": "101", "reason": ""])
            #expect(noReason.status == .unprocessableContent)
            #expect(noReason.body.contains("Grant a whole number of entries from 1 to 100."))
            #expect(noReason.body.contains("Give a reason"))
            #expect(noReason.body.contains("value=\"101\""))
            // A reason is kept for good in the audit log: no email or phone in it.
            let named = try await browser.post("\(base)/grant", ["user": jane.uuid, "quantity": "5", "reason": "asked by jane@example.com"])
            #expect(named.status == .unprocessableContent)
            #expect(named.body.contains("Leave out the email address here"))
            #expect(named.body.contains("asked by jane@example.com"))
            await #expect(try Self.entrant(console, sweepstakes, jane) == "3/0")
            let granted = try await browser.post("\(base)/grant", ["user": jane.uuid, "quantity": "5", "reason": "Ticket 812: app outage"])
            #expect(granted.location == "\(base)/entrant?user=\(jane.uuid)&done=granted&count=5")
            await #expect(try Self.entrant(console, sweepstakes, jane) == "8/0")
            let after = try await browser.get(granted.location!)
            // The notice names whom, and where they now stand (from the store, not the link).
            #expect(after.body.contains("Granted 5 entries to jane@example.com; they now have 8 valid entries here."))
            #expect(after.body.contains("Ticket 812: app outage"))
            let entryId = try #require(after.body.firstMatch(of: /name="entry" value="(\d+)"/)?.1)
            // A void cannot be undone: asked first, naming the entry and the entrant, nothing changed yet.
            let asked = try await browser.post("\(base)/void", ["user": jane.uuid, "entry": String(entryId), "reason": "Granted twice"])
            #expect(asked.status == .ok)
            #expect(asked.body.contains("<h1>Void entry #\(entryId) of jane@example.com?</h1>"))
            #expect(asked.body.contains("cannot be made valid again"))
            await #expect(try Self.entrant(console, sweepstakes, jane) == "8/0")
            // The confirmation page's own form: its submission id, the same fields, confirmed.
            let voided = try await browser.post("\(base)/void", ["user": jane.uuid, "entry": String(entryId), "reason": "Granted twice", "confirmed": "yes",
                                                                  "submission": try #require(browser.submissionToken)])
            #expect(voided.status == .seeOther)
            await #expect(try Self.entrant(console, sweepstakes, jane) == "3/5")
            #expect(try await browser.get(voided.location!).body.contains("Voided entry #\(entryId) of jane@example.com; they now have 3 valid entries here."))
            let again = try await browser.post("\(base)/void", ["user": jane.uuid, "entry": String(entryId), "reason": "Granted twice", "confirmed": "yes"])
            #expect(again.status == .conflict)
            #expect(again.body.contains("already voided?"))
            let disqualify = try await browser.post("\(base)/disqualify", ["user": jane.uuid, "reason": "Two accounts", "confirmed": "yes"])
            let disqualified = try await browser.get(disqualify.location!)
            #expect(disqualified.body.contains("Disqualified jane@example.com from Winter;"))
            #expect(disqualified.body.contains("id=\"disqualification\">Disqualified"))
            #expect(disqualified.body.contains("Lift the disqualification"))
            try await browser.post("\(base)/lift", ["user": jane.uuid, "reason": "Second account was her partner's"])
            try await browser.get("\(base)/entrant?user=\(jane.uuid)")
            let askedAll = try await browser.post("\(base)/void-all", ["user": jane.uuid, "reason": "Cheating confirmed"])
            #expect(askedAll.body.contains("<h1>Void all 3 valid entries of jane@example.com?</h1>"))
            await #expect(try Self.entrant(console, sweepstakes, jane) == "3/5")
            let all = try await browser.post("\(base)/void-all", ["user": jane.uuid, "reason": "Cheating confirmed", "confirmed": "yes"])
            #expect(all.status == .seeOther)
            await #expect(try Self.entrant(console, sweepstakes, jane) == "0/8")
            #expect(try await browser.get(all.location!).body.contains("Voided all valid entries of jane@example.com (3 rows); they now have 0 valid entries here."))
        }
        let actions = try await console.store.read { db in
            try String.fetchAll(db, sql: "SELECT action || ' ' || target_id FROM audit_events WHERE action LIKE 'sweepstakes.%' ORDER BY id")
        }
        #expect(actions == ["sweepstakes.entries_granted", "sweepstakes.entry_voided", "sweepstakes.entrant_disqualified",
                            "sweepstakes.disqualification_lifted", "sweepstakes.entries_voided"].map { "\($0) \(jane.uuid)" })
    }

    @Test func correctionsAreRefusedOnceDrawnAndForADeletedAccount() async throws {
        let console = try await TestConsole()
        let owner = try await console.createStaff("owner@example.com", role: .owner)
        let data = AppData(store: console.store)
        let drawn = try await data.sweepstakes(name: "Autumn", drawn: true, drawnBy: owner.id)
        let open = try await data.sweepstakes(name: "Winter", drawn: false)
        let jane = try await data.user(email: "jane@example.com", phone: "+15550001000")
        let gone = try await data.user(email: "gone@example.com", phone: "+15550001001")
        try await data.entries(jane, sweepstakes: drawn, count: 2)
        try await console.run { browser in
            try await browser.signIn("owner@example.com")
            let page = try await browser.get("/sweepstakes/\(drawn)/entrant?user=\(jane.uuid)")
            #expect(page.body.contains("can no longer be corrected"))
            #expect(!page.body.contains("Grant entries</button>"))
            let refused = try await browser.post("/sweepstakes/\(drawn)/grant", ["user": jane.uuid, "quantity": "1", "reason": "late"])
            #expect(refused.status == .conflict)
            #expect(refused.body.contains("Autumn has been drawn"))
            let voidAll = try await browser.post("/sweepstakes/\(drawn)/void-all", ["user": jane.uuid, "reason": "late"])
            #expect(voidAll.status == .conflict)
            try await console.store.write { db in
                try db.execute(sql: "INSERT INTO deleted_accounts (uuid, deleted_at, deleted_by, reason) VALUES (?, '2026-11-01 00:00:00.000', ?, 'asked')", arguments: [gone.uuid, owner.id])
                try db.execute(sql: "DELETE FROM users WHERE id = ?", arguments: [gone.id])
            }
            try await browser.get("/sweepstakes/\(open)")
            let deleted = try await browser.post("/sweepstakes/\(open)/grant", ["user": gone.uuid, "quantity": "1", "reason": "late"])
            #expect(deleted.status == .notFound)
        }
        await #expect(try Self.entrant(console, drawn, jane) == "2/0")
        await #expect(try console.auditCount(.entriesGranted) == 0)
    }
}
