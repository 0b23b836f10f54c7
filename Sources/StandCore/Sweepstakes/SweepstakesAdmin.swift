import Foundation
import GRDB

/// Creating, editing (until it opens), closing early and cancelling a
/// sweepstakes; each with its audit event, in the change's transaction.
public enum SweepstakesAdmin {
    public static let reasonLength = 500

    public static func create(_ store: StandStore, _ draft: SweepstakesDraft, by actor: AuditActor, now: Date = Date()) async throws -> Int64 {
        let valid = try draft.validated()
        return try await store.write { db in
            try db.execute(sql: """
                INSERT INTO sweepstakes (name, prize, starts_on, ends_on, status, winner_count, entries_per_stand, streak_bonus_entries, created_by, created_at)
                VALUES (?, ?, ?, ?, 'open', ?, ?, ?, ?, ?)
                """, arguments: [valid.name, valid.prize, valid.startsOn, valid.endsOn, valid.winnerCount, valid.entriesPerStand,
                                 valid.streakBonusEntries, actor.staffId, now])
            let id = db.lastInsertedRowID
            try AuditLog.record(db, .sweepstakesCreated, by: actor, target: (AuditTarget.sweepstakes, String(id)),
                                detail: "\(valid.name), \(valid.startsOn) to \(valid.endsOn)", at: now)
            return id
        }
    }

    /// Close an open sweepstakes before its last day (owners). Nil when it was
    /// not open any more; nothing is written then.
    public static func close(_ store: StandStore, id: Int64, reason: String, by actor: AuditActor, now: Date = Date()) async throws -> Sweepstakes? {
        let reason = try checkedReason(reason)
        return try await store.write { db in
            guard let sweepstakes = try Sweepstakes.find(db, id: id), sweepstakes.phase(now: now) == .open || sweepstakes.phase(now: now) == .upcoming else {
                return nil
            }
            try db.execute(sql: "UPDATE sweepstakes SET status = 'closed', closed_at = ?, closed_by = ?, close_reason = ? WHERE id = ?",
                           arguments: [now, actor.staffId, reason, id])
            try AuditLog.record(db, .sweepstakesClosed, by: actor, target: (AuditTarget.sweepstakes, String(id)), detail: reason, at: now)
            return try Sweepstakes.find(db, id: id)
        }
    }

    public enum EditOutcome: Sendable, Equatable {
        /// Saved; the names of the fields that changed (none: nothing was written).
        case saved(changes: [String])
        /// It has opened (or closed, or was cancelled) since the form was shown: nothing was written.
        case notUpcoming(Sweepstakes.Phase)
        case notFound
    }

    /// Change a sweepstakes that has not opened yet: once entries can be
    /// earned, its rules are what app users were shown and stay as they are.
    /// Its new first day cannot be before today.
    public static func edit(_ store: StandStore, id: Int64, _ draft: SweepstakesDraft, by actor: AuditActor, now: Date = Date()) async throws -> EditOutcome {
        let valid = try draft.validated()
        let today = UTCDate.day(now)
        if valid.startsOn < today {
            throw ValidationErrors("startsOn", "The first day (\(valid.startsOn)) has passed; an upcoming sweepstakes starts today (\(today)) or later.")
        }
        return try await store.write { db in
            guard let current = try Sweepstakes.find(db, id: id) else { return .notFound }
            let phase = current.phase(now: now)
            guard phase == .upcoming else { return .notUpcoming(phase) }
            let before: [(String, String)] = [("name", current.name), ("prize", current.prize), ("first day", current.startsOn), ("last day", current.endsOn),
                                              ("winners", String(current.winnerCount)), ("entries per stand", String(current.entriesPerStand)),
                                              ("streak bonus", String(current.streakBonusEntries))]
            let after = [valid.name, valid.prize, valid.startsOn, valid.endsOn, String(valid.winnerCount), String(valid.entriesPerStand),
                         String(valid.streakBonusEntries)]
            let changes = zip(before, after).filter { $0.0.1 != $0.1 }.map(\.0.0)
            guard !changes.isEmpty else { return .saved(changes: []) }
            try db.execute(sql: """
                UPDATE sweepstakes SET name = ?, prize = ?, starts_on = ?, ends_on = ?, winner_count = ?, entries_per_stand = ?, streak_bonus_entries = ?
                WHERE id = ?
                """, arguments: [valid.name, valid.prize, valid.startsOn, valid.endsOn, valid.winnerCount, valid.entriesPerStand,
                                 valid.streakBonusEntries, id])
            try AuditLog.record(db, .sweepstakesEdited, by: actor, target: (AuditTarget.sweepstakes, String(id)),
                                detail: "changed " + changes.joined(separator: ", "), at: now)
            return .saved(changes: changes)
        }
    }

    /// Cancel a sweepstakes created by mistake (owners), at any time before it
    /// is drawn: it stays on record, shown as cancelled, and is never drawn.
    /// Nil when it was drawn or cancelled already; nothing is written then.
    public static func cancel(_ store: StandStore, id: Int64, reason: String, by actor: AuditActor, now: Date = Date()) async throws -> Sweepstakes? {
        let reason = try checkedReason(reason)
        return try await store.write { db in
            guard let sweepstakes = try Sweepstakes.find(db, id: id), sweepstakes.status != "drawn", sweepstakes.cancelledAt == nil else {
                return nil
            }
            try db.execute(sql: """
                UPDATE sweepstakes SET status = 'closed', closed_at = COALESCE(closed_at, ?), cancelled_at = ?, cancelled_by = ?, cancel_reason = ?
                WHERE id = ?
                """, arguments: [now, now, actor.staffId, reason, id])
            try AuditLog.record(db, .sweepstakesCancelled, by: actor, target: (AuditTarget.sweepstakes, String(id)), detail: reason, at: now)
            return try Sweepstakes.find(db, id: id)
        }
    }

    /// A reason staff must give: trimmed, visible, not too long.
    public static func checkedReason(_ text: String, field: String = "reason") throws -> String {
        let reason = text.trimmingCharacters(in: .whitespacesAndNewlines)
        var errors = ValidationErrors()
        TextInput.check(reason, field: field, into: &errors)
        KeptText.check(reason, field: field, into: &errors)
        if reason.isEmpty { errors.add(field, "Give a reason: it is kept with the change and in the audit log.") }
        if reason.unicodeScalars.count > reasonLength { errors.add(field, "Keep the reason under \(reasonLength) characters.") }
        try errors.throwIfAny()
        return reason
    }
}
