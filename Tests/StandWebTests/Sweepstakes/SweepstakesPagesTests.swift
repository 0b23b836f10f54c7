import Foundation
import GRDB
import StandCore
import Testing
@testable import StandWeb

/// Creating, listing, closing and reading a sweepstakes through the pages.
@Suite struct SweepstakesPagesTests {
    static let form = ["name": "Spring Stand", "prize": "A bike, a helmet", "startsOn": "2026-03-01", "endsOn": "2026-03-31",
                       "winnerCount": "3", "entriesPerStand": "2", "streakBonusEntries": "5"]

    @Test func editorsCreateWithEveryProblemAtOnceAndSupportCannot() async throws {
        let console = try await TestConsole()
        try await console.createStaff("editor@example.com", role: .editor)
        try await console.createStaff("support@example.com", role: .support)
        try await console.run { browser in
            try await browser.signIn("editor@example.com")
            try await browser.get("/sweepstakes/new")
            let bad = try await browser.post("/sweepstakes/new", Self.form.merging(["name": " ", "endsOn": "2026-02-28", "winnerCount": "101", "entriesPerStand": "x"]) { $1 })
            #expect(bad.status == .unprocessableContent)
            for message in ["Enter the name.", "The last day (2026-02-28) is before the first (2026-03-01).",
                            "The number of winners must be a whole number from 1 to 100.", "Entries per daily stand must be a whole number from 0 to 100."] {
                #expect(bad.body.contains(message), "\(message)")
            }
            #expect(bad.body.contains("value=\"A bike, a helmet\""))
            let made = try await browser.post("/sweepstakes/new", Self.form)
            let location = try #require(made.location)
            let page = try await browser.get(location)
            #expect(page.body.contains("Created Spring Stand."))
            #expect(page.body.contains("2 entries per daily stand; 5 entries more for each 7-day streak"))
            let list = try await browser.get("/sweepstakes")
            #expect(list.body.contains(">Spring Stand</a>"))
            browser.forgetCookies()
            try await browser.signIn("support@example.com")
            #expect(try await browser.get("/sweepstakes/new").status == .forbidden)
            #expect(!(try await browser.get("/sweepstakes")).body.contains("Create a sweepstakes"))
        }
        await #expect(try console.auditCount(.sweepstakesCreated) == 1)
    }

    @Test func statusFollowsTheDatesAndAnOwnerClosesEarlyWithAReason() async throws {
        let console = try await TestConsole()
        try await console.createStaff("owner@example.com", role: .owner)
        try await console.createStaff("editor@example.com", role: .editor)
        let today = Date()
        let id = try await SweepstakesAdmin(store: console.store).create(SweepstakesDraft(name: "Now", prize: "Tickets", startsOn: UTCDate.day(UTCDate.adding(days: -2, to: today)),
                                                                                   endsOn: UTCDate.day(UTCDate.adding(days: 5, to: today))), by: .commandLine)
        _ = try await SweepstakesAdmin(store: console.store).create(SweepstakesDraft(name: "Later", prize: "Tickets", startsOn: UTCDate.day(UTCDate.adding(days: 10, to: today)),
                                                                              endsOn: UTCDate.day(UTCDate.adding(days: 20, to: today))), by: .commandLine)
        try await console.run { browser in
            try await browser.signIn("editor@example.com")
            #expect(try await browser.get("/sweepstakes/\(id)/close").status == .forbidden)
            browser.forgetCookies()
            try await browser.signIn("owner@example.com")
            let list = try await browser.get("/sweepstakes")
            #expect(list.body.contains("<td data-label=\"Status\">Open</td>"))
            #expect(list.body.contains("<td data-label=\"Status\">Upcoming</td>"))
            let confirm = try await browser.get("/sweepstakes/\(id)/close")
            #expect(confirm.body.contains("Close Now early?"))
            let noReason = try await browser.post("/sweepstakes/\(id)/close", ["reason": "  "])
            #expect(noReason.status == .unprocessableContent)
            let closed = try await browser.post("/sweepstakes/\(id)/close", ["reason": "Prize supplier withdrew"])
            #expect(closed.location == "/sweepstakes/\(id)?done=closed")
            let page = try await browser.get("/sweepstakes/\(id)?done=closed")
            #expect(page.body.contains("<span class=\"badge\">Closed</span>"))
            #expect(page.body.contains("Prize supplier withdrew"))
            #expect(try await browser.get("/sweepstakes/\(id)/close").status == .conflict)
        }
        await #expect(try console.auditCount(.sweepstakesClosed) == 1)
    }

    @Test func entrantsAreRankedPagedAndFoundTypedAnyWay() async throws {
        let console = try await TestConsole()
        try await console.createStaff("support@example.com", role: .support)
        let data = AppData(store: console.store)
        let sweepstakes = try await data.sweepstakes(name: "Winter", drawn: false)
        var users: [AppData.User] = []
        for index in 0..<30 {
            let user = try await data.user(email: "entrant\(String(format: "%02d", index))@example.com", phone: "+1555000\(1000 + index)")
            try await data.entries(user, sweepstakes: sweepstakes, count: index + 1)
            users.append(user)
        }
        let outsider = try await data.user(email: "outsider@example.com", phone: "+15550009999")
        let fourth = users[3]
        try await console.run { browser in
            try await browser.signIn("support@example.com")
            let first = try await browser.get("/sweepstakes/\(sweepstakes)")
            // Most entries first: entrant29 (30 entries) leads, 25 a page.
            let top = try #require(first.body.range(of: "entrant29@example.com")), second = try #require(first.body.range(of: "entrant28@example.com"))
            #expect(top.lowerBound < second.lowerBound)
            #expect(!first.body.contains("entrant04@example.com"))
            let next = try #require(first.body.firstMatch(of: /href="(\/sweepstakes\/\d+\?after=[^"]+)" rel="next"/)?.1)
            let page2 = try await browser.get(String(next))
            #expect(page2.body.contains("entrant04@example.com") && page2.body.contains("entrant00@example.com"))
            #expect(!page2.body.contains("entrant05@example.com"))
            #expect(!page2.body.contains("rel=\"next\""))
            let phone = try await browser.get("/sweepstakes/\(sweepstakes)?q=" + URLEncoding.component("(555) 000-1007"))
            #expect(phone.body.contains("entrant07@example.com") && !phone.body.contains("entrant08@example.com"))
            let uuid = try await browser.get("/sweepstakes/\(sweepstakes)?q=" + fourth.uuid.replacingOccurrences(of: "-", with: "").uppercased())
            #expect(uuid.body.contains("entrant03@example.com"))
            let prefix = try await browser.get("/sweepstakes/\(sweepstakes)?q=entrant1")
            #expect(prefix.body.contains("entrant10@example.com") && prefix.body.contains("entrant19@example.com") && !prefix.body.contains("entrant20@"))
            let none = try await browser.get("/sweepstakes/\(sweepstakes)?q=" + outsider.email)
            #expect(none.body.contains("outsider@example.com has no entries in this sweepstakes."))
            #expect(try await browser.get("/sweepstakes/\(sweepstakes)?after=bogus").status == .badRequest)
        }
    }
}
