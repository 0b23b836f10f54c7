import Foundation
import GRDB

/// Creating a sweepstakes and closing one early; each with its audit event.
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
