import Foundation
import GRDB
import StandCore
import Testing
@testable import StandWeb

/// Issue 20: a form sent after the session ended answered 403 and dropped
/// what was typed. Now it leads to the sign-in page, which says nothing was
/// saved; signing in goes back to the form's page (the browser test checks
/// that app.js puts the typed values back; nothing is ever sent by itself).
@Suite struct EndedSessionTests {
    @Test func aFormSentAfterTheSessionEndedSaysNothingWasSavedAndSignInLeadsBack() async throws {
        let (console, sweepstakes, jane) = try await EntryCorrectionTests.scene()
        try await console.run { browser in
            try await browser.signIn("support@example.com")
            try await browser.get("/sweepstakes/\(sweepstakes)/entrant?user=\(jane.uuid)")
            // The session ends (timed out, or signed out in another tab) while the form is open.
            // The browser still sends its cookie; the console no longer knows it.
            browser.setCookie(SessionMiddleware.sessionCookie, String(repeating: "0", count: 64))
            let sent = try await browser.post("/sweepstakes/\(sweepstakes)/grant", ["user": jane.uuid, "quantity": "3", "reason": "Ticket 812"])
            #expect(sent.status == .seeOther)
            let location = try #require(sent.location)
            #expect(location == "/login?ended=1&next=%2Fsweepstakes%2F\(sweepstakes)")
            let login = try await browser.get(location)
            #expect(login.body.contains("Your session ended before that form was sent, so nothing was saved."))
            #expect(login.body.contains("name=\"next\" value=\"/sweepstakes/\(sweepstakes)\""))
            let signedIn = try await browser.post("/login", ["email": "support@example.com", "password": TestConsole.password,
                                                             "next": "/sweepstakes/\(sweepstakes)/entrant?user=\(jane.uuid)&restore=typed"])
            #expect(signedIn.location == "/sweepstakes/\(sweepstakes)/entrant?user=\(jane.uuid)&restore=typed")
            #expect(try await browser.get(signedIn.location!).status == .ok)
        }
        await #expect(try EntryCorrectionTests.entrant(console, sweepstakes, jane) == "3/0")
        await #expect(try console.auditCount(.entriesGranted) == 0)
    }

    /// Signing out after the session ended is simply done: no "nothing was saved".
    @Test func signingOutWithoutASessionSaysSignedOut() async throws {
        let console = try await TestConsole()
        try await console.createStaff("support@example.com", role: .support)
        try await console.run { browser in
            try await browser.signIn("support@example.com")
            try await browser.get("/account")
            browser.setCookie(SessionMiddleware.sessionCookie, String(repeating: "0", count: 64))
            #expect(try await browser.post("/logout", [:]).location == "/login?signed_out=1")
        }
    }

    /// A page that answers a POST names the page its form belongs to, which
    /// app.js makes the history entry: back and reload never resend the form.
    @Test func aRefusedFormNamesThePageItBelongsTo() async throws {
        let console = try await TestConsole()
        try await console.createStaff("owner@example.com", role: .owner)
        try await console.run { browser in
            try await browser.signIn("owner@example.com")
            let shown = try await browser.get("/sweepstakes/new")
            #expect(!shown.body.contains("data-form-page"))
            let refused = try await browser.post("/sweepstakes/new", ["name": ""])
            #expect(refused.status == .unprocessableContent)
            #expect(refused.body.contains("<body data-form-page=\"/sweepstakes/new\">"))
        }
    }
}
