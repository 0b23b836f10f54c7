import Foundation
import Logging

/// How long one write waited for the store's write lock and then held it:
/// on SQLite `BEGIN IMMEDIATE` to the end of `COMMIT` (every writer of every
/// program waits meanwhile, the app's backend too); on PostgreSQL the
/// console's writer lock to the end of `COMMIT`.
struct WriteLockTiming: Sendable {
    let waited: Duration
    let held: Duration

    /// The console's work may add at most 20 ms to the app's write p99 (issue 25):
    /// a write that holds the lock longer is where that budget goes.
    static let longHold: Duration = .milliseconds(20)

    var milliseconds: (waited: String, held: String) {
        (Self.milliseconds(waited), Self.milliseconds(held))
    }

    static func milliseconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        return String(format: "%.1f", Double(seconds) * 1000 + Double(attoseconds) / 1e15)
    }
}

extension StandStore {
    /// A committed write that held the lock past `longHold` is logged with what it was
    /// (the function and file that wrote) and the times, never its values.
    func noteLockHeld(_ timing: WriteLockTiming, purpose: String, file: String) {
        guard timing.held > WriteLockTiming.longHold else { return }
        let (waited, held) = timing.milliseconds
        logger.notice("write held the store's lock long", metadata: [
            "purpose": "\(file.split(separator: "/").last ?? Substring(file)) \(purpose)",
            "held_ms": "\(held)",
            "waited_ms": "\(waited)",
        ])
    }
}
