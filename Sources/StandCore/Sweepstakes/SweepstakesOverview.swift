import Foundation

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
    /// The latest few of the draws redraws replaced, unless all were asked for.
    public let earlierDraws: [SweepstakesDraws.EarlierDraw]
    /// Earlier draws were left out of `earlierDraws`.
    public let moreEarlierDraws: Bool

}
