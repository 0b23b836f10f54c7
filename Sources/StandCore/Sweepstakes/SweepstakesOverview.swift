import Foundation
import GRDB

/// Everything the sweepstakes page shows, read in one transaction: the
/// sweepstakes and its totals, entries per day, a page of ranked entrants (or
/// what a search found) and its draws. One hop to the store per page, and
/// figures that agree with each other while other programs write.
public struct SweepstakesOverview: Sendable {
    public let sweepstakes: Sweepstakes
    public let days: [(day: String, entries: Int)]
    /// The ranked page, when no search was asked for.
    public let ranked: KeysetPage<SweepstakesEntrants.Entrant, SweepstakesEntrants.Cursor>?
    /// What a search found, when one was asked for.
    public let found: SweepstakesEntrants.Found?
    public let currentDraw: SweepstakesDraws.Draw?
    public let earlierDraws: [SweepstakesDraws.EarlierDraw]

    public static func load(_ store: StandStore, id: Int64, search: UserQuery?, after: SweepstakesEntrants.Cursor?) async throws -> SweepstakesOverview? {
        try await store.read { db in
            guard let sweepstakes = try Sweepstakes.find(db, id: id) else { return nil }
            let draws = try SweepstakesDraws.history(db, sweepstakesId: id)
            return SweepstakesOverview(
                sweepstakes: sweepstakes, days: try SweepstakesEntrants.daily(db, sweepstakes: sweepstakes),
                ranked: search == nil ? try SweepstakesEntrants.ranked(db, sweepstakesId: id, after: after) : nil,
                found: try search.map { try SweepstakesEntrants.search(db, sweepstakesId: id, $0) },
                currentDraw: draws.current, earlierDraws: draws.earlier)
        }
    }
}
