import Foundation

/// Suspending an app account (support, owners): from now until a date and
/// time, or until lifted; lifted early with a reason. A suspension signs the
/// account out everywhere too. The app's backend refuses sign-in and answers
/// while one is in force (docs/store.md); it ends by itself at its time.
public struct AccountSuspensions: Sendable {
    let store: StandStore

    public init(store: StandStore) {
        self.store = store
    }

    public struct Suspension: Sendable, Equatable {
        public let id: Int64
        public let startsAt: Date
        /// Nil: until lifted.
        public let endsAt: Date?
        public let reason: String
        public let suspendedBy: String?
        public let liftedAt: Date?
        public let liftedBy: String?
        public let liftReason: String?

        public func isInForce(at moment: Date) -> Bool {
            startsAt <= moment && (endsAt.map { $0 > moment } ?? true) && (liftedAt.map { $0 > moment } ?? true)
        }
    }

    /// The longest a dated suspension may run; longer is "until lifted".
    public static let longestDated: TimeInterval = 10 * 366 * 24 * 3600

    /// What the form's "until" holds: blank for "until lifted", else
    /// `YYYY-MM-DDTHH:MM` (UTC), in the future.
    public static func checkedEnd(_ text: String, now: Date) throws -> Date? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.isEmpty { return nil }
        // `datetime-local` sends `YYYY-MM-DDTHH:MM`, and `:SS` when the browser keeps seconds.
        let text = trimmed.utf8.count == 19 && trimmed.hasSuffix(":00") ? String(trimmed.dropLast(3)) : trimmed
        let parts = text.split(separator: "T")
        guard text.utf8.count == 16, parts.count == 2, let day = UTCDate.parseDay(String(parts[0])),
              parts[1].utf8.count == 5, let hour = Int(parts[1].prefix(2)), let minute = Int(parts[1].suffix(2)),
              parts[1].dropFirst(2).first == ":", (0...23).contains(hour), (0...59).contains(minute) else {
            throw ValidationErrors("until", "Give the end as a date and a time (UTC), such as 2026-12-01 09:00, or choose “until lifted”.")
        }
        let end = day.addingTimeInterval(TimeInterval(hour * 3600 + minute * 60))
        guard end > now else { throw ValidationErrors("until", "The end must be later than now (\(UTCDate.minute(now))).") }
        guard end.timeIntervalSince(now) <= longestDated else {
            throw ValidationErrors("until", "A dated suspension ends within ten years; choose “until lifted” for longer.")
        }
        return end
    }

    /// Suspend the account from `now` until `endsAt` (nil: until lifted), and
    /// sign it out everywhere. Refused while a suspension is in force.
    @discardableResult
    public func suspend(uuid: String, until endsAt: Date?, reason: String, by actor: AuditActor, now: Date = Date()) async throws -> Suspension {
        let reason = try SweepstakesAdmin.checkedReason(reason)
        return try await store.write { db in
            let user = try Self.liveAccount(db, uuid: uuid)
            if let current = try Self.inForce(db, userId: user.id, at: now) {
                throw Conflict(message: "This account is already \(Self.describe(current)). Lift that suspension first; nothing was changed.")
            }
            let id = try db.insertReturningId(sql: """
                INSERT INTO account_suspensions (user_id, starts_at, ends_at, reason, suspended_by) VALUES (?, ?, ?, ?, ?)
                """, arguments: [user.id, now, endsAt, reason, actor.staffId])
            try AccountSessions.revoke(db, userId: user.id, at: now)
            // The reason is staff's words about a person: it stays on the suspension, which goes with the account.
            try AuditLog.record(db, .userSuspended, by: actor, target: (AuditTarget.user, uuid),
                                detail: "suspension #\(id) " + (endsAt.map { "until \(UTCDate.minute($0))" } ?? "until lifted"), at: now)
            return try Self.find(db, id: id)!
        }
    }

    /// Lift the suspension in force, with a reason.
    public func lift(uuid: String, reason: String, by actor: AuditActor, now: Date = Date()) async throws {
        let reason = try SweepstakesAdmin.checkedReason(reason)
        try await store.write { db in
            let user = try Self.liveAccount(db, uuid: uuid)
            guard let current = try Self.inForce(db, userId: user.id, at: now) else {
                throw Conflict(message: "This account is not suspended now (a dated suspension may have ended by itself); nothing was changed.")
            }
            try db.execute(sql: "UPDATE account_suspensions SET lifted_at = ?, lifted_by = ?, lift_reason = ? WHERE id = ?",
                           arguments: [now, actor.staffId, reason, current.id])
            try AuditLog.record(db, .suspensionLifted, by: actor, target: (AuditTarget.user, uuid), detail: "suspension #\(current.id)", at: now)
        }
    }

    /// The suspension in force now, if any.
    public func current(uuid: String, now: Date = Date()) async throws -> Suspension? {
        try await store.read { db in
            guard let user = try UserAccount.find(db, uuid: uuid) else { return nil }
            return try Self.inForce(db, userId: user.id, at: now)
        }
    }

    /// The account's suspensions, newest first.
    public func history(uuid: String) async throws -> [Suspension] {
        try await store.read { db in
            guard let user = try UserAccount.find(db, uuid: uuid) else { return [] }
            return try Self.all(db, userId: user.id)
        }
    }

    static let select = """
        SELECT s.*, a.email AS suspended_by_email, l.email AS lifted_by_email
        FROM account_suspensions s LEFT JOIN staff a ON a.id = s.suspended_by LEFT JOIN staff l ON l.id = s.lifted_by
        """

    static func all(_ db: StoreDatabase, userId: Int64) throws -> [Suspension] {
        try StoreRow.fetchAll(db.cachedStatement(sql: select + " WHERE s.user_id = ? ORDER BY s.starts_at DESC, s.id DESC"),
                         arguments: [userId]).map(suspension)
    }

    static func find(_ db: StoreDatabase, id: Int64) throws -> Suspension? {
        try StoreRow.fetchOne(db.cachedStatement(sql: select + " WHERE s.id = ?"), arguments: [id]).map(suspension)
    }

    /// SQL: the suspension `alias` is in force now, by the engine's clock.
    static func inForceNow(_ alias: String, _ engine: StoreEngine) -> String {
        let now = engine.now
        return "\(alias).starts_at <= \(now) AND (\(alias).ends_at IS NULL OR \(alias).ends_at > \(now)) AND (\(alias).lifted_at IS NULL OR \(alias).lifted_at > \(now))"
    }

    /// The suspension in force at `moment`, if any.
    public static func inForce(_ db: StoreDatabase, userId: Int64, at moment: Date) throws -> Suspension? {
        try StoreRow.fetchOne(db.cachedStatement(sql: select + """
             WHERE s.user_id = ? AND s.starts_at <= ?2 AND (s.ends_at IS NULL OR s.ends_at > ?2) AND (s.lifted_at IS NULL OR s.lifted_at > ?2)
            ORDER BY s.starts_at DESC LIMIT 1
            """), arguments: [userId, moment]).map(suspension)
    }

    static func suspension(_ row: StoreRow) -> Suspension {
        Suspension(id: row["id"], startsAt: row.timestamp("starts_at") ?? .distantPast, endsAt: row.timestamp("ends_at"), reason: row["reason"],
                   suspendedBy: row["suspended_by_email"], liftedAt: row.timestamp("lifted_at"), liftedBy: row["lifted_by_email"],
                   liftReason: row["lift_reason"])
    }

    /// "suspended until 2026-12-01 09:00 UTC, by ana@…, because …".
    public static func describe(_ suspension: Suspension) -> String {
        "suspended " + details(suspension)
    }

    /// "until 2026-12-01 09:00 UTC, by ana@…, because …".
    public static func details(_ suspension: Suspension) -> String {
        until(suspension.endsAt) + (suspension.suspendedBy.map { ", by \($0)" } ?? "") + ", because " + suspension.reason
    }

    static func until(_ end: Date?) -> String {
        end.map { "until \(UTCDate.minute($0))" } ?? "until lifted"
    }

    /// A list's column (`AS suspended_until`) for the account `userColumn`
    /// names: the end of its suspension in force now, '' until lifted, NULL
    /// when none. One lookup on `account_suspensions_by_user` per row.
    static func listColumn(userId userColumn: String, _ engine: StoreEngine) -> String {
        """
        (SELECT COALESCE(s.ends_at, '') FROM account_suspensions s WHERE s.user_id = \(userColumn) AND \(inForceNow("s", engine))
         ORDER BY s.starts_at DESC LIMIT 1) AS suspended_until
        """
    }

    /// What a list says of an account from that column: "Suspended until …"; nil when not suspended.
    static func listLabel(_ row: StoreRow) -> String? {
        let end: String? = row["suspended_until"]
        return end.map { "Suspended " + until($0.isEmpty ? nil : StoreTimestamp.date($0)) }
    }

    /// The live account, or a refusal naming why there is none.
    static func liveAccount(_ db: StoreDatabase, uuid: String) throws -> UserAccount {
        guard let user = try UserAccount.find(db, uuid: uuid) else {
            throw Conflict(message: "No account has this UUID any more (it may have been deleted); nothing was changed.")
        }
        return user
    }
}
