import CSV
import Foundation
import GRDB
import StandCore
import Testing
@testable import StandWeb

/// Drawing through the pages, and the entrants' CSV export.
@Suite struct DrawPageTests {
    /// Issue 21, finding 4: nobody eligible offered "Draw 0 winners", which led to a 409 page.
    @Test func withNobodyEligibleThePageSaysWhyAndOffersNoDraw() async throws {
        let console = try await TestConsole()
        try await console.createStaff("owner@example.com", role: .owner)
        let data = AppData(store: console.store)
        let empty = try await data.sweepstakes(name: "Quiet", drawn: false)
        // Entries only from someone under 18 on the day: nobody is eligible.
        let young = try await data.user(email: "young@example.com", phone: "+15550009999", birthdate: UTCDate.day(UTCDate.adding(days: -365 * 10, to: Date())))
        try await data.entries(young, sweepstakes: empty, count: 2)
        try await console.run { browser in
            try await browser.signIn("owner@example.com")
            let page = try await browser.get("/sweepstakes/\(empty)/draw")
            #expect(page.status == .ok)
            #expect(page.body.contains("There is nothing to draw: nobody is eligible."))
            #expect(!page.body.contains("id=\"draw\""))
            #expect(!page.body.contains("0 winners"))
        }
    }

    @Test func anOwnerDrawsOnceFromTheConfirmationPageAndTheDrawIsPublished() async throws {
        let console = try await TestConsole()
        try await console.createStaff("owner@example.com", role: .owner)
        try await console.createStaff("editor@example.com", role: .editor)
        let data = AppData(store: console.store)
        let sweepstakes = try await data.sweepstakes(name: "Autumn", drawn: false)
        for index in 0..<4 {
            try await data.entries(try data.user(email: "e\(index)@example.com", phone: "+1555000\(1000 + index)"), sweepstakes: sweepstakes, count: index + 1)
        }
        try await console.store.write { db in try db.execute(sql: "UPDATE sweepstakes SET winner_count = 2") }
        try await console.run { browser in
            try await browser.signIn("editor@example.com")
            #expect(try await browser.get("/sweepstakes/\(sweepstakes)/draw").status == .forbidden)
            browser.forgetCookies()
            try await browser.signIn("owner@example.com")
            let confirm = try await browser.get("/sweepstakes/\(sweepstakes)/draw")
            #expect(confirm.body.contains("<strong>2 winners</strong>, without replacement, from <strong>4 eligible users</strong> holding <strong>10 valid entries</strong>"))
            #expect(confirm.body.contains(">Draw 2 winners</button>"))
            let drawn = try await browser.post("/sweepstakes/\(sweepstakes)/draw", [:])
            #expect(drawn.location == "/sweepstakes/\(sweepstakes)?done=drawn#draw")
            // The same form again (a double click, another tab): nothing is drawn twice.
            let again = try await browser.post("/sweepstakes/\(sweepstakes)/draw", [:])
            #expect(again.location == "/sweepstakes/\(sweepstakes)?done=already#draw")
            let page = try await browser.get("/sweepstakes/\(sweepstakes)?done=already")
            #expect(page.body.contains("had already been drawn"))
            let seed = try #require(page.body.firstMatch(of: /id="draw-seed">([0-9a-f]{64})</)?.1)
            let hash = try #require(page.body.firstMatch(of: /id="draw-hash">([0-9a-f]{64})</)?.1)
            let draw = try #require(try await console.store.read { db in try SweepstakesDraws.latest(db, sweepstakesId: sweepstakes) })
            #expect(String(seed) == draw.seed && String(hash) == draw.snapshotHash)
            #expect(draw.winners.count == 2)
            let snapshot = try await browser.get("/sweepstakes/\(sweepstakes)/snapshot.csv?draw=\(draw.id)")
            #expect(DrawAlgorithm.hash(snapshot.body) == draw.snapshotHash)
            // Corrections are refused from now on.
            let uuid = try #require(draw.winners.first?.uuid)
            try await browser.get("/sweepstakes/\(sweepstakes)/entrant?user=\(uuid)")
            #expect(try await browser.post("/sweepstakes/\(sweepstakes)/grant", ["user": uuid, "quantity": "1", "reason": "late"]).status == .conflict)
            // A redraw asks for a reason and keeps the first draw.
            let redraw = try await browser.get("/sweepstakes/\(sweepstakes)/draw")
            #expect(redraw.body.contains("This replaces draw 1 of"))
            let noReason = try await browser.post("/sweepstakes/\(sweepstakes)/draw", ["replacing": String(draw.id), "reason": ""])
            #expect(noReason.status == .unprocessableContent)
            let redrawn = try await browser.post("/sweepstakes/\(sweepstakes)/draw", ["replacing": String(draw.id), "reason": "Winner declined"])
            #expect(redrawn.location == "/sweepstakes/\(sweepstakes)?done=drawn#draw")
            let after = try await browser.get("/sweepstakes/\(sweepstakes)")
            #expect(after.body.contains("replaces draw 1: Winner declined"))
            #expect(after.body.contains("Draw 2: 2 winners and 2 alternates"))
            #expect(after.body.contains("Earlier draws"))
        }
        await #expect(try console.auditCount(.sweepstakesDrawn) == 1)
        await #expect(try console.auditCount(.sweepstakesRedrawn) == 1)
    }

    @Test func theEntrantsExportQuotesGuardsFormulasAndIsAudited() async throws {
        let console = try await TestConsole()
        try await console.createStaff("editor@example.com", role: .editor)
        try await console.createStaff("support@example.com", role: .support)
        let data = AppData(store: console.store)
        let sweepstakes = try await data.sweepstakes(name: "Winter, \"Big\" Stand", drawn: false)
        let formula = try await data.user(email: "=HYPERLINK(1)@example.com", phone: "+15550001000")
        let plain = try await data.user(email: "plain@example.com", phone: "+15550001001")
        try await data.entries(formula, sweepstakes: sweepstakes, count: 2)
        try await data.entries(plain, sweepstakes: sweepstakes, count: 3)
        // Written by another program: the console's forms refuse line breaks, a CSV must still carry them.
        try await console.store.write { db in
            try db.execute(sql: "INSERT INTO sweepstakes_disqualifications (sweepstakes_id, user_id, reason, disqualified_at) VALUES (?, ?, ?, '2026-11-01 00:00:00.000')",
                           arguments: [sweepstakes, plain.id, "Two accounts, \"same\" phone\nand address"])
        }
        try await console.run { browser in
            try await browser.signIn("support@example.com")
            #expect(try await browser.get("/sweepstakes/\(sweepstakes)/entrants.csv").status == .forbidden)
            browser.forgetCookies()
            try await browser.signIn("editor@example.com")
            let export = try await browser.get("/sweepstakes/\(sweepstakes)/entrants.csv")
            #expect(export.status == .ok)
            #expect(export.headers[.contentDisposition] == "attachment; filename=\"winter-big-stand-\(UTCDate.day(Date())).csv\"")
            let reader = try CSVReader(string: export.body)
            var rows: [[String]] = []
            while let row = reader.next() { rows.append(row) }
            #expect(rows == [
                ["uuid", "email", "valid_entries", "voided_entries", "disqualified", "disqualification_reason"],
                [formula.uuid, "'=HYPERLINK(1)@example.com", "2", "0", "no", ""],
                [plain.uuid, "plain@example.com", "3", "0", "yes", "Two accounts, \"same\" phone\nand address"],
            ])
        }
        await #expect(try console.auditCount(.entrantsExported) == 1)
    }
}
