import Foundation
import HTTPTypes
import NIOCore
import StandCore
import Testing
@testable import StandWeb

/// Issue 20: every form goes one way. A body that does not decode as the form
/// is a 400 page that says so — before, `try? decode ?? Form()` turned it into
/// an empty form, refused field by field as if nothing had been typed.
@Suite struct FormPathTests {
    @Test(arguments: [
        // A percent sign that starts no escape.
        "quantity=3&reason=Ticket%zz812",
        // A field sent as a dictionary where the form has a text.
        "quantity[a]=3&reason=Ticket+812",
    ])
    func aBodyThatIsNotTheFormIsA400PageAndChangesNothing(body: String) async throws {
        let (console, sweepstakes, jane) = try await EntryCorrectionTests.scene()
        try await console.run { browser in
            try await browser.signIn("support@example.com")
            try await browser.get("/sweepstakes/\(sweepstakes)/entrant?user=\(jane.uuid)")
            let token = try #require(browser.submissionToken)
            let sent = "csrf=\(browser.csrfToken)&submission=\(token)&user=\(jane.uuid)&" + body
            let page = try await browser.send("/sweepstakes/\(sweepstakes)/grant", method: .post,
                                              headers: [.contentType: "application/x-www-form-urlencoded"], body: ByteBuffer(string: sent))
            #expect(page.status == .badRequest)
            #expect(page.body.contains("The console could not read that form, so nothing was saved."))
            // Not the form refused field by field, as an empty form was.
            #expect(!page.body.contains("Grant a whole number"))
        }
        await #expect(try EntryCorrectionTests.entrant(console, sweepstakes, jane) == "3/0")
        await #expect(try console.auditCount(.entriesGranted) == 0)
    }

    /// Each refusal names what did not happen, from its page, above the same
    /// list; the typed values stay in the form.
    @Test func aRefusalSaysWhatDidNotHappenAndKeepsWhatWasTyped() async throws {
        let console = try await TestConsole()
        try await console.createStaff("owner@example.com", role: .owner)
        try await console.run { browser in
            try await browser.signIn("owner@example.com")
            try await browser.get("/sweepstakes/new")
            let refused = try await browser.post("/sweepstakes/new", ["name": "Spring <b>", "prize": "", "startsOn": "2027-03-01",
                                                                      "endsOn": "2027-02-01", "winnerCount": "1", "entriesPerStand": "1",
                                                                      "streakBonusEntries": "0"])
            #expect(refused.status == .unprocessableContent)
            #expect(refused.body.contains("<p>Nothing was saved. Please fix:</p>"))
            #expect(refused.body.contains("value=\"Spring &lt;b&gt;\""))
            try await browser.get("/account")
            let password = try await browser.post("/account/password", ["current": "wrong", "new": "x", "confirmation": "y"])
            #expect(password.status == .unprocessableContent)
            #expect(password.body.contains("<p>Your password was not changed:</p>"))
        }
    }
}
