import Foundation
import GRDB
import StandCore
import StandTestSupport
import Testing
@testable import StandWeb

/// Issue 21, finding 3: a draw names alternates after its winners (the same
/// stream over the same snapshot), staff record each prize as notified,
/// claimed or forfeited, a forfeit promotes the next alternate, and a redraw
/// never re-uses a winner who forfeited.
@Suite struct DrawClaimsTests {
    /// Two winners and three alternates from the six eligible of `DrawTests.setUp`, drawn through the page.
    static func drawn(_ browser: Browser, _ setup: DrawTests.Setup) async throws -> SweepstakesDraws.Draw {
        try await browser.signIn("owner@example.com")
        let confirm = try await browser.get("/sweepstakes/\(setup.sweepstakes)/draw")
        #expect(confirm.body.contains("name=\"alternates\""))
        #expect(confirm.body.contains("value=\"2\""), "the default is as many alternates as winners")
        let refused = try await browser.post("/sweepstakes/\(setup.sweepstakes)/draw", ["alternates": "-1"])
        #expect(refused.status == .unprocessableContent)
        #expect(refused.body.contains("Give a whole number of alternates from 0 to 1,000.") && refused.body.contains("value=\"-1\""))
        let drawn = try await browser.post("/sweepstakes/\(setup.sweepstakes)/draw", ["alternates": "3"])
        #expect(drawn.location == "/sweepstakes/\(setup.sweepstakes)?done=drawn#draw")
        let draw = try #require(try await setup.console.store.read { db in try SweepstakesDraws.latest(db, sweepstakesId: setup.sweepstakes) })
        #expect(draw.winnerCount == 2 && draw.alternateCount == 3 && draw.picks.count == 5 && draw.number == 1)
        let page = try await browser.get("/sweepstakes/\(setup.sweepstakes)?done=drawn")
        #expect(page.body.contains("Drew 2 winners and 3 alternates of Autumn (draw 1)."))
        return draw
    }

    static func setUp() async throws -> DrawTests.Setup {
        let setup = try await DrawTests.setUp()
        try await setup.console.store.write { db in try db.execute(sql: "UPDATE sweepstakes SET winner_count = 2 WHERE id = ?", arguments: [setup.sweepstakes]) }
        return setup
    }

    @Test func aForfeitPromotesTheNextAlternateAndEachStateIsRecordedOnce() async throws {
        let setup = try await Self.setUp()
        let store = setup.console.store
        try await setup.console.run { browser in
            let draw = try await Self.drawn(browser, setup)
            let prize = "/sweepstakes/\(setup.sweepstakes)/prize"
            func record(_ rank: Int, _ fields: [String: String]) async throws -> Browser.Page {
                try await browser.get("\(prize)?draw=\(draw.id)&rank=\(rank)")
                return try await browser.post(prize, ["draw": String(draw.id), "rank": String(rank)].merging(fields) { $1 })
            }
            // Bad input: the same page, what was typed kept, nothing written.
            let noHow = try await record(1, ["claim": "notified", "how": "  "])
            #expect(noHow.status == .unprocessableContent && noHow.body.contains("Say how they were told"))
            let noReason = try await record(1, ["claim": "forfeited", "reason": "", "how": "typed"])
            #expect(noReason.status == .unprocessableContent && noReason.body.contains("Give a reason") && noReason.body.contains("value=\"typed\""))
            #expect(try await browser.post(prize, ["draw": String(draw.id), "rank": "1", "claim": "bogus"]).status == .badRequest)
            #expect(try await browser.get("\(prize)?draw=\(draw.id)&rank=99").status == .notFound)

            #expect(try await record(1, ["claim": "notified", "how": "Email to the address on file"]).status == .seeOther)
            #expect(try await record(2, ["claim": "claimed"]).status == .seeOther)
            let forfeited = try await record(1, ["claim": "forfeited", "reason": "No reply within 14 days"])
            #expect(forfeited.location == "/sweepstakes/\(setup.sweepstakes)?done=forfeited&rank=1#draw")
            let notice = try await browser.get(String(forfeited.location!.split(separator: "#")[0]))  // a browser never sends the fragment
            #expect(notice.body.contains("Recorded Winner 1 as forfeited; Alternate 1"))
            #expect(notice.body.contains("took the place of Winner 1"))

            // Refused by state: a claimed prize, a forfeited one, an alternate nobody needs yet.
            let claimedAgain = try await record(2, ["claim": "forfeited", "reason": "Changed our mind"])
            #expect(claimedAgain.status == .conflict && claimedAgain.body.contains("Winner 2 already claimed the prize"))
            #expect(try await record(1, ["claim": "claimed"]).status == .conflict)
            #expect(try await record(4, ["claim": "claimed"]).status == .conflict)

            // The promoted alternate forfeits too: the next one takes the prize (a chain).
            #expect(try await record(3, ["claim": "forfeited", "reason": "Under 18 on the draw's day"]).status == .seeOther)
            let after = try #require(try await store.read { db in try SweepstakesDraws.find(db, id: draw.id) })
            #expect(after.picks.map(\.promotedFor) == [nil, nil, 1, 3, nil])
            #expect(after.chains.map { $0.map(\.rank) } == [[1, 3, 4], [2]])
            #expect(after.picks[0].notifiedHow == "Email to the address on file" && after.picks[0].forfeitReason == "No reply within 14 days")
            #expect(after.picks[1].claimed?.by == "owner@example.com")
            #expect(after.nextAlternate?.rank == 5)
        }
        await #expect(try setup.console.auditCount(.winnerNotified) == 1)
        await #expect(try setup.console.auditCount(.prizeClaimed) == 1)
        await #expect(try setup.console.auditCount(.prizeForfeited) == 2)
    }

    @Test func aRedrawLeavesOutWinnersWhoForfeitedAndStaysCheckable() async throws {
        let setup = try await Self.setUp()
        let store = setup.console.store
        try await setup.console.run { browser in
            let draw = try await Self.drawn(browser, setup)
            let prize = "/sweepstakes/\(setup.sweepstakes)/prize"
            try await browser.get("\(prize)?draw=\(draw.id)&rank=1")
            #expect(try await browser.post(prize, ["draw": String(draw.id), "rank": "1", "claim": "forfeited", "reason": "Ineligible region"]).status == .seeOther)
            let forfeiter = draw.picks[0].uuid
            let confirm = try await browser.get("/sweepstakes/\(setup.sweepstakes)/draw")
            #expect(confirm.body.contains("from <strong>5 eligible users</strong>"), "the forfeiter is no longer counted")
            let redrawn = try await browser.post("/sweepstakes/\(setup.sweepstakes)/draw",
                                                 ["replacing": String(draw.id), "reason": "The prize changed", "alternates": "4"])
            #expect(redrawn.status == .seeOther)
            let redraw = try #require(try await store.read { db in try SweepstakesDraws.latest(db, sweepstakesId: setup.sweepstakes) })
            #expect(redraw.number == 2 && redraw.replaces == draw.id && redraw.eligibleUsers == 5)
            #expect(redraw.winnerCount == 2 && redraw.alternateCount == 3, "five eligible: two winners, and three alternates of the four asked")
            #expect(!redraw.picks.map(\.uuid).contains(forfeiter))
            let snapshot = try await browser.get("/sweepstakes/\(setup.sweepstakes)/snapshot.csv?draw=\(redraw.id)")
            #expect(!snapshot.body.contains(forfeiter) && DrawAlgorithm.hash(snapshot.body) == redraw.snapshotHash)
            // Prizes are recorded on the draw in force only: the replaced draw's page offers no form.
            let replaced = try await browser.get("\(prize)?draw=\(draw.id)&rank=2")
            #expect(replaced.body.contains("Draw 1 was replaced by a redraw") && !replaced.body.contains("id=\"record-claimed\""))
            let stale = try await browser.post(prize, ["draw": String(draw.id), "rank": "2", "claim": "claimed"])
            #expect(stale.status == .conflict && stale.body.contains("was replaced by a redraw"))
        }
        // Both draws re-check, and the one left out is no difference: the rule left them out.
        for id in try await store.read({ db in try Int64.fetchAll(db, sql: "SELECT id FROM sweepstakes_draws ORDER BY id") }) {
            let verification = try #require(try await SweepstakesDraws(store: store).verify(drawId: id))
            #expect(verification.isSound && verification.differences.isEmpty, "draw \(id): \(verification.differences)")
        }
    }

    @Test func onlyOwnersRecordPrizes() async throws {
        let setup = try await Self.setUp()
        _ = try await setup.console.createStaff("editor@example.com", role: .editor)
        guard case .drawn(let draw) = try await SweepstakesDraws(store: setup.console.store).draw(sweepstakesId: setup.sweepstakes, replacing: nil,
                                                                                              reason: "", by: setup.actor) else {
            Issue.record("no draw")
            return
        }
        try await setup.console.run { browser in
            try await browser.signIn("editor@example.com")
            #expect(try await browser.get("/sweepstakes/\(setup.sweepstakes)/prize?draw=\(draw.id)&rank=1").status == .forbidden)
            #expect(try await browser.post("/sweepstakes/\(setup.sweepstakes)/prize", ["draw": String(draw.id), "rank": "1", "claim": "claimed"]).status == .forbidden)
            #expect(try await browser.post("/sweepstakes/\(setup.sweepstakes)/publish", ["draw": String(draw.id)]).status == .forbidden)
            let page = try await browser.get("/sweepstakes/\(setup.sweepstakes)")
            #expect(!page.body.contains("Record…") && !page.body.contains("Publish the public record"))
        }
    }
}
