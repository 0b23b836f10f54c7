import Foundation

/// When to try a delivery again, and when to stop (docs/erasure.md, "Retries").
public struct ErasureSchedule: Sendable, Equatable {
    public var firstRetry: Duration
    /// Past this since the deletion (or an owner's retry), a failed attempt is the last.
    public var giveUpAfter: Duration

    public static let giveUpAfterDefault: Duration = .seconds(7 * 24 * 3600)
    /// Waits double up to this many first retries (30 s → 1 h).
    static let longestFactor = 120.0

    public init(firstRetry: Duration = .seconds(30), giveUpAfter: Duration = ErasureSchedule.giveUpAfterDefault) {
        self.firstRetry = firstRetry
        self.giveUpAfter = giveUpAfter
    }

    /// The wait after failed attempt `attempt` (1-based): `min(F·2^(n−1), 120·F)`
    /// times a factor in [0.5, 1) ("equal jitter"), so deliveries that failed
    /// together spread out instead of coming back together.
    public func wait(afterFailedAttempt attempt: Int, jitter: Double = Double.random(in: 0..<0.5)) -> TimeInterval {
        let first = firstRetry.seconds
        let exponent = Double(min(max(attempt - 1, 0), 30))
        let base = min(first * pow(2, exponent), first * Self.longestFactor)
        return base * (0.5 + min(max(jitter, 0), 0.5))
    }
}

extension Duration {
    /// The duration in seconds, as a `TimeInterval`.
    public var seconds: TimeInterval {
        let (seconds, attoseconds) = components
        return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
    }
}
