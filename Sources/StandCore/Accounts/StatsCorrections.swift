import Foundation

/// Correcting an account's points and streak (support, owners), with a
/// reason. The app writes these columns all day, so a correction is written
/// relative to what is there (`points = points + ?`): a write the app makes
/// at the same moment is never lost. The audit event keeps the numbers before
/// and after (not personal data) and the reason.
public struct StatsCorrections: Sendable {
    let store: StandStore

    public init(store: StandStore) {
        self.store = store
    }

    /// A correction moves points by at most this much either way.
    public static let pointsRange = -1_000_000...1_000_000
    /// The longest streak a correction may set: about 27 years of days.
    public static let streakRange = 0...10_000

    public struct Change: Sendable, Equatable {
        public let before: Int
        public let after: Int

        public init(before: Int, after: Int) {
            self.before = before
            self.after = after
        }
    }

    public static func checkedPoints(_ text: String) throws -> Int {
        let text = text.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: ",", with: "")
        guard text.utf8.count <= 9, let delta = Int(text), pointsRange.contains(delta), delta != 0 else {
            throw ValidationErrors("points", "Give the points to add (such as 250) or remove (such as -250): a whole number from -1,000,000 to 1,000,000, not 0.")
        }
        return delta
    }

    public static func checkedStreak(_ text: String) throws -> Int {
        let text = text.trimmingCharacters(in: .whitespaces)
        guard text.utf8.count <= 5, let days = Int(text), streakRange.contains(days) else {
            throw ValidationErrors("streak", "Give the current streak in days: a whole number from 0 to 10,000.")
        }
        return days
    }

    /// Add `delta` points (negative removes); refused if it would go below zero.
    @discardableResult
    public func addPoints(uuid: String, delta: Int, reason: String, by actor: AuditActor, now: Date = Date()) async throws -> Change {
        guard Self.pointsRange.contains(delta), delta != 0 else { throw ValidationErrors("points", "Give a whole number of points from -1,000,000 to 1,000,000, not 0.") }
        let reason = try SweepstakesAdmin.checkedReason(reason)
        return try await store.write { db in
            let user = try AccountSuspensions.liveAccount(db, uuid: uuid)
            // Relative, and checked in the same statement: the app's own additions are kept.
            guard let after = try Int.fetchOne(db, sql: """
                UPDATE users SET points = points + ?1, version = version + 1, updated_at = ?3 WHERE id = ?2 AND points + ?1 >= 0 RETURNING points
                """, arguments: [delta, user.id, now]) else {
                let points = try Int.fetchOne(db, sql: "SELECT points FROM users WHERE id = ?", arguments: [user.id]) ?? 0
                throw Conflict(message: "They have \(points.grouped) points: removing \((-delta).grouped) would go below zero. Nothing was changed.")
            }
            let change = Change(before: after - delta, after: after)
            try AuditLog.record(db, .pointsCorrected, by: actor, target: (AuditTarget.user, uuid),
                                detail: "\(change.before.grouped) → \(change.after.grouped) (\(delta > 0 ? "+" : "")\(delta.grouped)): \(reason)", at: now)
            return change
        }
    }

    /// Set the current streak to `days`, as it was when the form was shown
    /// (`seen`): if the app changed it since, nothing is written and the
    /// refusal says what it is now. The longest streak is never below the
    /// current one; a restored streak (more than 0) counts yesterday (UTC) as
    /// stood, so the app's next stand continues the run instead of starting
    /// over (docs/store.md).
    @discardableResult
    public func setStreak(uuid: String, days: Int, seen: Int, reason: String, by actor: AuditActor, now: Date = Date()) async throws -> Change {
        guard Self.streakRange.contains(days) else { throw ValidationErrors("streak", "Give the current streak in days: a whole number from 0 to 10,000.") }
        let reason = try SweepstakesAdmin.checkedReason(reason)
        let yesterday = UTCDate.day(UTCDate.adding(days: -1, to: now))
        return try await store.write { db in
            let user = try AccountSuspensions.liveAccount(db, uuid: uuid)
            guard user.currentStreak == seen else {
                throw Conflict(message: "The app changed the streak to \(user.currentStreak) days since this page was shown; check it and correct it again. Nothing was changed.")
            }
            guard days != seen else { throw ValidationErrors("streak", "The streak is already \(days) days; give another number.") }
            try db.execute(sql: """
                UPDATE users SET current_streak = ?1, longest_streak = \(db.engine.greater("longest_streak", "?1")),
                                 last_stood_on = CASE WHEN ?1 > 0 AND (last_stood_on IS NULL OR last_stood_on < ?2) THEN ?2 ELSE last_stood_on END,
                                 version = version + 1, updated_at = ?5
                WHERE id = ?3 AND current_streak = ?4
                """, arguments: [days, yesterday, user.id, seen, now])
            let change = Change(before: seen, after: days)
            try AuditLog.record(db, .streakCorrected, by: actor, target: (AuditTarget.user, uuid),
                                detail: "\(seen) → \(days) days (longest \(user.longestStreak) → \(max(user.longestStreak, days))): \(reason)", at: now)
            return change
        }
    }
}
