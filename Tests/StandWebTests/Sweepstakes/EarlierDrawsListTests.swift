import Foundation
import StandCore
import Testing
@testable import StandWeb

/// The sweepstakes page lists the latest draws a redraw replaced, and links to
/// all of them: each redraw adds one, and the page must not grow with them
/// (the bench's sweepstakes, redrawn 28 times, made it the slowest page).
@Suite struct EarlierDrawsListTests {
    @Test func theLatestEarlierDrawsAreListedAndTheRestAreOneLinkAway() async throws {
        let setup = try await DrawTests.setUp()
        let draws = SweepstakesDraws(store: setup.console.store)
        var numbers: [Int] = []
        var replacing: Int64?
        for redraw in 0...SweepstakesDraws.earlierShown + 1 {
            guard case .drawn(let draw) = try await draws.draw(sweepstakesId: setup.sweepstakes, replacing: replacing,
                                                                reason: replacing == nil ? "" : "redraw \(redraw)", by: setup.actor) else {
                Issue.record("no draw")
                return
            }
            numbers.append(draw.number)
            replacing = draw.id
        }
        let earlier = Array(numbers.dropLast().reversed())  // newest first, as listed
        #expect(earlier.count == SweepstakesDraws.earlierShown + 1)

        try await setup.console.run { browser in
            try await browser.signIn(setup.owner.email)
            let page = try await browser.get("/sweepstakes/\(setup.sweepstakes)")
            #expect(Self.earlierDrawsListed(page) == Array(earlier.prefix(SweepstakesDraws.earlierShown)))
            let link = "/sweepstakes/\(setup.sweepstakes)?draws=all#earlier-draws"
            #expect(page.body.contains("<a href=\"\(link)\">Show every earlier draw</a>"))

            let all = try await browser.get(link)
            #expect(Self.earlierDrawsListed(all) == earlier)
            #expect(!all.body.contains("Show every earlier draw"))
        }
    }

    /// The draw numbers the "Earlier draws" table lists, in order.
    static func earlierDrawsListed(_ page: Browser.Page) -> [Int] {
        guard let section = page.body.firstMatch(of: /(?s)<section class="panel" id="earlier-draws">.*?<\/section>/) else { return [] }
        return section.0.matches(of: />Draw (\d+)</).compactMap { Int($0.1) }
    }
}
