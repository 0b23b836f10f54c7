import Foundation
import GRDB
import StandCore
import StandTestSupport
import Testing
@testable import StandWeb

/// Issue 21, finding 2: a draw's record is public when an owner publishes it:
/// an unguessable link that answers without a session, shows no email, and
/// carries everything needed to re-check the draw, alternates included.
/// Withdrawn, it is a 404.
@Suite struct PublicDrawRecordTests {
    @Test func aPublishedRecordAnswersWithoutASessionShowsNoEmailAndIsCheckableWithThePythonVerifier() async throws {
        let setup = try await DrawClaimsTests.setUp()
        let folder = try TemporaryFolder("public-record")
        try await setup.console.run { browser in
            let draw = try await DrawClaimsTests.drawn(browser, setup)
            let published = try await browser.post("/sweepstakes/\(setup.sweepstakes)/publish", ["draw": String(draw.id)])
            #expect(published.location == "/sweepstakes/\(setup.sweepstakes)?done=published&draw=1#draw")
            let staffPage = try await browser.get("/sweepstakes/\(setup.sweepstakes)?done=published&draw=1")
            #expect(staffPage.body.contains("Published the public record of draw 1"))
            let link = String(try #require(staffPage.body.firstMatch(of: /id="public-link" href="|href="(\/draws\/[0-9a-f]{32})" id="public-link"/)?.1 ?? nil))
            #expect(link.count == "/draws/".count + 32)

            browser.forgetCookies()  // anyone: no session, no cookie
            let record = try await browser.get(link)
            #expect(record.status == .ok)
            #expect(record.headers[.contentSecurityPolicy] == SecurityHeadersMiddleware<AppRequestContext>.contentSecurityPolicy)
            #expect(!record.body.contains("<script"))
            #expect(record.body.contains(draw.seed) && record.body.contains(draw.snapshotHash))
            for pick in draw.picks { #expect(record.body.contains(pick.uuid)) }
            #expect(record.body.contains("2 winners and 3 alternates from 6 eligible users holding 21 entries"))
            #expect(!record.body.contains("@"), "no email of an entrant or of staff")
            #expect(!record.body.contains("Sign out") && !record.body.contains("/users/"))
            // The published figures alone re-check the draw, alternates included.
            let snapshotHref = String(try #require(record.body.firstMatch(of: /href="([^"]+)" id="snapshot-link"/)?.1))
            let snapshot = try await browser.get(snapshotHref)
            #expect(snapshot.status == .ok && DrawAlgorithm.hash(snapshot.body) == draw.snapshotHash)
            let command = String(try #require(record.body.firstMatch(of: /id="verify-command">([^<]+)</)?.1))
            let file = folder.url.appendingPathComponent("snapshot.csv")
            try Data(snapshot.body.utf8).write(to: file)
            let verifier = try await browser.get("/draws/verify-draw.py")
            #expect(verifier.status == .ok && verifier.body.contains("def draw("))
            let arguments = command.split(separator: " ").dropFirst(2).map { $0 == "snapshot.csv" ? file.path : String($0) }
            let process = try ChildProcess(["python3", TestConsole.root.appendingPathComponent("scripts/verify-draw.py").path] + arguments, pipeOutput: true)
            let (status, output) = await process.finished()
            #expect(status == 0, "\(output)")
            for (index, pick) in draw.alternates.enumerated() { #expect(output.contains("alternate \(index + 1): \(pick.uuid)")) }

            // Unknown and malformed tokens, like a withdrawn record, are a plain 404.
            #expect(try await browser.get("/draws/" + String(repeating: "0", count: 32)).status == .notFound)
            #expect(try await browser.get("/draws/not-a-token").status == .notFound)
            #expect(try await browser.get("/draws/not-a-token/snapshot.csv").status == .notFound)

            try await browser.signIn("owner@example.com")
            try await browser.get("/sweepstakes/\(setup.sweepstakes)")
            let withdrawn = try await browser.post("/sweepstakes/\(setup.sweepstakes)/withdraw", ["draw": String(draw.id)])
            #expect(withdrawn.location == "/sweepstakes/\(setup.sweepstakes)?done=withdrawn&draw=1#draw")
            browser.forgetCookies()
            #expect(try await browser.get(link).status == .notFound)
            #expect(try await browser.get(snapshotHref).status == .notFound)

            // Published again: a new link; the withdrawn one stays dead.
            try await browser.signIn("owner@example.com")
            try await browser.get("/sweepstakes/\(setup.sweepstakes)")
            try await browser.post("/sweepstakes/\(setup.sweepstakes)/publish", ["draw": String(draw.id)])
            let again = try #require(try await setup.console.store.read { db in try SweepstakesDraws.find(db, id: draw.id) }?.publicToken)
            #expect("/draws/" + again != link)
            #expect(try await browser.get(link).status == .notFound)
        }
        await #expect(try setup.console.auditCount(.drawPublished) == 2)
        await #expect(try setup.console.auditCount(.drawWithdrawn) == 1)
    }

    /// Staff's words about a winner or a redraw (how they were told, why they forfeited, why the
    /// draw was voided) may name a person: the public records never show them, yet say what happened.
    @Test func theRecordsOfAVoidedDrawAndItsRedrawShowNoStaffWords() async throws {
        let setup = try await DrawClaimsTests.setUp()
        try await setup.console.run { browser in
            let first = try await DrawClaimsTests.drawn(browser, setup)
            let prize = "/sweepstakes/\(setup.sweepstakes)/prize"
            try await browser.get("\(prize)?draw=\(first.id)&rank=1")
            try await browser.post(prize, ["draw": String(first.id), "rank": "1", "claim": "notified", "how": "Called Jane Doe on +15551234567"])
            try await browser.post(prize, ["draw": String(first.id), "rank": "1", "claim": "forfeited", "reason": "Jane Doe lives abroad"])
            try await browser.get("/sweepstakes/\(setup.sweepstakes)")
            try await browser.post("/sweepstakes/\(setup.sweepstakes)/publish", ["draw": String(first.id)])
            try await browser.get("/sweepstakes/\(setup.sweepstakes)/draw")
            try await browser.post("/sweepstakes/\(setup.sweepstakes)/draw", ["replacing": String(first.id), "reason": "Jane Doe's prize was the wrong one"])
            let redraw = try #require(try await setup.console.store.read { db in try SweepstakesDraws.latest(db, sweepstakesId: setup.sweepstakes) })
            try await browser.get("/sweepstakes/\(setup.sweepstakes)")
            try await browser.post("/sweepstakes/\(setup.sweepstakes)/publish", ["draw": String(redraw.id)])
            let tokens = try await setup.console.store.read { db in
                try String.fetchAll(db, sql: "SELECT public_token FROM sweepstakes_draws WHERE sweepstakes_id = ? ORDER BY id", arguments: [setup.sweepstakes])
            }
            browser.forgetCookies()
            let old = try await browser.get("/draws/\(tokens[0])")
            #expect(old.body.contains("This draw was voided and replaced by draw 2 on") && old.body.contains("href=\"/draws/\(tokens[1])\""))
            #expect(old.body.contains("Forfeited") && old.body.contains("took the place of Winner 1"))
            let new = try await browser.get("/draws/\(tokens[1])")
            #expect(new.body.contains("It replaces draw 1, which was voided."))
            #expect(new.body.contains("had not forfeited a prize in an earlier draw"))
            for page in [old, new] {
                #expect(page.status == .ok)
                #expect(!page.body.contains("Jane") && !page.body.contains("5551234567") && !page.body.contains("@"))
            }
            // The voided draw's record can still be withdrawn from the sweepstakes page.
            try await browser.signIn("owner@example.com")
            let page = try await browser.get("/sweepstakes/\(setup.sweepstakes)")
            #expect(page.body.contains("Earlier draws") && page.body.contains(">Withdraw</button>"))
            // The earlier draw's own row form, sent as it stands: its action and every hidden field.
            let rowForm = try #require(page.body.matches(of: /<form method="post" action="([^"]+)" class="inline">(.*?)<\/form>/)
                .first { $0.2.contains("name=\"draw\" value=\"\(first.id)\"") })
            #expect(rowForm.1 == "/sweepstakes/\(setup.sweepstakes)/withdraw" && rowForm.2.hasSuffix(">Withdraw</button>"))
            let fields = Dictionary(rowForm.2.matches(of: /<input type="hidden" name="([a-z]+)" value="([^"]*)"\s*\/?>/).map { (String($0.1), String($0.2)) },
                                    uniquingKeysWith: { first, _ in first })
            #expect(Set(fields.keys) == ["csrf", "submission", "draw"], "\(rowForm.2)")
            let withdrawn = try await browser.post(String(rowForm.1), fields, csrf: fields["csrf"])
            #expect(withdrawn.location == "/sweepstakes/\(setup.sweepstakes)?done=withdrawn&draw=1#draw")
            #expect(try await browser.get("/sweepstakes/\(setup.sweepstakes)?done=withdrawn&draw=1").body.contains("Withdrew the public record of draw 1;"))
            browser.forgetCookies()
            #expect(try await browser.get("/draws/\(tokens[0])").status == .notFound)
            #expect(try await browser.get("/draws/\(tokens[1])").status == .ok)
        }
    }

    /// Anyone may download a snapshot: a few at a time, each slot given back when its download is
    /// sent or dropped unsent.
    @Test func publicSnapshotDownloadsAreAFewAtATime() {
        let slots = WorkSlots(limit: 2)
        var first = slots.take()
        let second = slots.take()
        #expect(first != nil && second != nil)
        #expect(slots.take() == nil)
        first = nil
        #expect(slots.take() != nil)
        withExtendedLifetime(second) {}
    }
}
