import Foundation

/// Staff corrections to a user's entries in one sweepstakes: grant, void one
/// or all, disqualify and lift. Each checks, inside its write transaction,
/// that the sweepstakes is not drawn and the account still exists, and
/// writes one audit event about the account naming the sweepstakes.
public struct EntryCorrections: Sendable {
    let store: StandStore

    public init(store: StandStore) {
        self.store = store
    }

    /// Why a correction was refused, in words for the page; nothing was written.
    public typealias Refused = Conflict

    public static let grantRange = 1...100

    /// Grant `quantity` manual entries (1–100) with a reason.
    public func grant(sweepstakesId: Int64, uuid: String, quantity: String, reason: String,
                             by actor: AuditActor, now: Date = Date()) async throws {
        var errors = ValidationErrors()
        let trimmed = quantity.trimmingCharacters(in: .whitespaces)
        let count = trimmed.utf8.count <= 4 ? Int(trimmed) : nil
        if count == nil || !Self.grantRange.contains(count!) { errors.add("quantity", "Grant a whole number of entries from 1 to 100.") }
        var note = ""
        do { note = try SweepstakesAdmin.checkedReason(reason) } catch let problems as ValidationErrors {
            for field in problems.fields { errors.add(field, problems[field]!) }
        }
        try errors.throwIfAny()
        let granted = count!, reason = note
        try await store.write { db in
            let (sweepstakes, userId) = try Self.target(db, sweepstakesId, uuid)
            if let suspension = try AccountSuspensions.inForce(db, userId: userId, at: now) {
                throw Refused(message: "This account is \(AccountSuspensions.describe(suspension)): it cannot be granted entries while suspended. Nothing was granted.")
            }
            try db.execute(sql: """
                INSERT INTO sweepstakes_entries (sweepstakes_id, user_id, quantity, reason, granted_by, note, created_at)
                VALUES (?, ?, ?, 'manual_grant', ?, ?, ?)
                """, arguments: [sweepstakesId, userId, granted, actor.staffId, reason, now])
            try Self.audit(db, .entriesGranted, uuid: uuid, detail: "\(Self.entries(granted)) in \(Self.label(sweepstakes)): \(reason)", actor: actor, now: now)
        }
    }

    /// Void one entry row (its whole quantity) with a reason.
    public func voidEntry(sweepstakesId: Int64, uuid: String, entryId: Int64, reason: String,
                                 by actor: AuditActor, now: Date = Date()) async throws {
        let reason = try SweepstakesAdmin.checkedReason(reason)
        try await store.write { db in
            let (sweepstakes, userId) = try Self.target(db, sweepstakesId, uuid)
            try db.execute(sql: """
                UPDATE sweepstakes_entries SET voided = 1, voided_by = ?, void_reason = ?
                WHERE id = ? AND sweepstakes_id = ? AND user_id = ? AND voided = 0
                """, arguments: [actor.staffId, reason, entryId, sweepstakesId, userId])
            guard db.changesCount == 1 else { throw Refused(message: "Entry #\(entryId) is not a valid entry of this account here (already voided?); nothing was changed.") }
            try Self.audit(db, .entryVoided, uuid: uuid, detail: "entry #\(entryId) in \(Self.label(sweepstakes)): \(reason)", actor: actor, now: now)
        }
    }

    /// Void every valid entry of the account in this sweepstakes; returns how many rows.
    @discardableResult
    public func voidAll(sweepstakesId: Int64, uuid: String, reason: String,
                               by actor: AuditActor, now: Date = Date()) async throws -> Int {
        let reason = try SweepstakesAdmin.checkedReason(reason)
        return try await store.write { db in
            let (sweepstakes, userId) = try Self.target(db, sweepstakesId, uuid)
            let quantity = try Int.fetchOne(db, sql: "SELECT COALESCE(SUM(quantity), 0) FROM sweepstakes_entries WHERE sweepstakes_id = ? AND user_id = ? AND voided = 0",
                                            arguments: [sweepstakesId, userId]) ?? 0
            try db.execute(sql: """
                UPDATE sweepstakes_entries SET voided = 1, voided_by = ?, void_reason = ? WHERE sweepstakes_id = ? AND user_id = ? AND voided = 0
                """, arguments: [actor.staffId, reason, sweepstakesId, userId])
            let rows = db.changesCount
            guard rows > 0 else { throw Refused(message: "This account has no valid entries here; nothing was changed.") }
            try Self.audit(db, .entriesVoided, uuid: uuid, detail: "all \(Self.entries(quantity)) in \(Self.label(sweepstakes)): \(reason)", actor: actor, now: now)
            return rows
        }
    }

    public func disqualify(sweepstakesId: Int64, uuid: String, reason: String,
                                  by actor: AuditActor, now: Date = Date()) async throws {
        let reason = try SweepstakesAdmin.checkedReason(reason)
        try await store.write { db in
            let (sweepstakes, userId) = try Self.target(db, sweepstakesId, uuid)
            if try Self.isDisqualified(db, sweepstakesId, userId) { throw Refused(message: "This account is already disqualified here; nothing was changed.") }
            try db.execute(sql: """
                INSERT INTO sweepstakes_disqualifications (sweepstakes_id, user_id, reason, disqualified_by, disqualified_at) VALUES (?, ?, ?, ?, ?)
                """, arguments: [sweepstakesId, userId, reason, actor.staffId, now])
            try Self.audit(db, .entrantDisqualified, uuid: uuid, detail: "from \(Self.label(sweepstakes)): \(reason)", actor: actor, now: now)
        }
    }

    public func lift(sweepstakesId: Int64, uuid: String, reason: String,
                            by actor: AuditActor, now: Date = Date()) async throws {
        let reason = try SweepstakesAdmin.checkedReason(reason)
        try await store.write { db in
            let (sweepstakes, userId) = try Self.target(db, sweepstakesId, uuid)
            try db.execute(sql: """
                UPDATE sweepstakes_disqualifications SET lifted_at = ?, lifted_by = ?, lift_reason = ?
                WHERE sweepstakes_id = ? AND user_id = ? AND lifted_at IS NULL
                """, arguments: [now, actor.staffId, reason, sweepstakesId, userId])
            guard db.changesCount == 1 else { throw Refused(message: "This account is not disqualified here; nothing was changed.") }
            try Self.audit(db, .disqualificationLifted, uuid: uuid, detail: "in \(Self.label(sweepstakes)): \(reason)", actor: actor, now: now)
        }
    }

    static func isDisqualified(_ db: StoreDatabase, _ sweepstakesId: Int64, _ userId: Int64) throws -> Bool {
        try Bool.fetchOne(db.cachedStatement(sql: """
            SELECT EXISTS (SELECT 1 FROM sweepstakes_disqualifications WHERE sweepstakes_id = ? AND user_id = ? AND lifted_at IS NULL)
            """), arguments: [sweepstakesId, userId]) ?? false
    }

    /// The sweepstakes (not drawn) and the account (not deleted), or a refusal saying which.
    private static func target(_ db: StoreDatabase, _ sweepstakesId: Int64, _ uuid: String) throws -> (Sweepstakes, Int64) {
        guard let sweepstakes = try Sweepstakes.find(db, id: sweepstakesId) else { throw Refused(message: "There is no sweepstakes #\(sweepstakesId).") }
        if sweepstakes.status == "drawn" {
            throw Refused(message: "\(sweepstakes.name) has been drawn: its entries are the record of that draw and can no longer change.")
        }
        guard let userId = try Int64.fetchOne(db.cachedStatement(sql: "SELECT id FROM users WHERE uuid = ?"), arguments: [uuid]) else {
            let deleted = try Bool.fetchOne(db.cachedStatement(sql: "SELECT EXISTS (SELECT 1 FROM deleted_accounts WHERE uuid = ?)"), arguments: [uuid]) ?? false
            throw Refused(message: deleted ? "This account was deleted: its entries can no longer be corrected." : "There is no account \(uuid).")
        }
        return (sweepstakes, userId)
    }

    /// "1 entry", "5 entries".
    public static func entries(_ count: Int) -> String {
        count == 1 ? "1 entry" : "\(count) entries"
    }

    private static func label(_ sweepstakes: Sweepstakes) -> String {
        "sweepstakes #\(sweepstakes.id) (\(sweepstakes.name))"
    }

    private static func audit(_ db: StoreDatabase, _ action: AuditAction, uuid: String, detail: String, actor: AuditActor, now: Date) throws {
        try AuditLog.record(db, action, by: actor, target: (AuditTarget.user, uuid), detail: detail, at: now)
    }
}
