import Foundation

/// A staff member's second factor in the store: enrolment (a secret, then a
/// first code that confirms it, then ten recovery codes shown once), the
/// check at sign-in (each code once), turning it off, and the command line's
/// reset. The password checks around it are `StaffAccounts`'.
public struct SecondFactors: Sendable {
    let store: StandStore
    public static let issuer = "Stand Admin"

    public init(store: StandStore) {
        self.store = store
    }

    public struct Enrolment: Sendable, Equatable {
        /// Base32 in groups of four, to type into an app.
        public let secretGrouped: String
        /// The `otpauth://` link, for an app on this device or a QR code.
        public let link: String

        public init(secretGrouped: String, link: String) {
            self.secretGrouped = secretGrouped
            self.link = link
        }
    }

    static let alreadyOn = Conflict(message: "A second factor is already on for this account; turn it off first to enrol a new phone.")

    /// A new secret waiting for its first code (replacing one that never got it).
    public func startEnrolment(staffId: Int64, email: String, now: Date = Date()) async throws -> Enrolment {
        let secret = TOTP.newSecret()
        let encoded = Base32.encode(secret)
        try await store.write { db in
            if try Self.confirmedFactor(db, staffId: staffId) != nil { throw Self.alreadyOn }
            try db.execute(sql: """
                INSERT INTO staff_second_factors (staff_id, secret, created_at) VALUES (?, ?, ?)
                ON CONFLICT (staff_id) DO UPDATE SET secret = excluded.secret, created_at = excluded.created_at,
                    confirmed_at = NULL, last_used_step = NULL
                """, arguments: [staffId, encoded, now])
        }
        return Enrolment(secretGrouped: Base32.grouped(encoded),
                         link: TOTP(secret: secret).provisioningURI(account: email, issuer: Self.issuer))
    }

    /// The enrolment waiting for its first code, to show again (a reload, a
    /// wrong first code). Nil once confirmed: the secret is never shown again.
    public func pendingEnrolment(staffId: Int64, email: String) async throws -> Enrolment? {
        guard let encoded = try await store.read({ db in try Self.pendingSecret(db, staffId: staffId) }),
              let secret = Base32.decode(encoded) else { return nil }
        return Enrolment(secretGrouped: Base32.grouped(encoded),
                         link: TOTP(secret: secret).provisioningURI(account: email, issuer: Self.issuer))
    }

    /// Read at every view of the second-factor page: a cached statement, so
    /// prepared once per connection on PostgreSQL, not planned at each view.
    static func pendingSecret(_ db: StoreDatabase, staffId: Int64) throws -> String? {
        try String.fetchOne(db.cachedStatement(sql: "SELECT secret FROM staff_second_factors WHERE staff_id = ? AND confirmed_at IS NULL"),
                            arguments: [staffId])
    }

    /// The first code confirms the secret: from now on sign-in asks for codes.
    /// Returns the recovery codes, the only time they are shown.
    public func confirm(staffId: Int64, code: String, by actor: AuditActor, now: Date = Date()) async throws -> [String] {
        let recoveryCodes = RecoveryCodes.generate()
        try await store.write { db in
            guard let row = try StoreRow.fetchOne(db, sql: "SELECT secret, confirmed_at FROM staff_second_factors WHERE staff_id = ?", arguments: [staffId]),
                  (row["confirmed_at"] as String?) == nil, let secret = Base32.decode(row["secret"]) else {
                throw ValidationErrors("code", "Start again: there is no enrolment waiting for a code.")
            }
            guard let step = TOTP(secret: secret).matchingCounter(code, at: now) else {
                throw ValidationErrors("code", "That code does not match. Type the 6 digits the app shows now (they change every 30 seconds).")
            }
            try db.execute(sql: "UPDATE staff_second_factors SET confirmed_at = ?, last_used_step = ? WHERE staff_id = ?",
                           arguments: [now, step, staffId])
            try db.execute(sql: "DELETE FROM staff_recovery_codes WHERE staff_id = ?", arguments: [staffId])
            for code in recoveryCodes {
                try db.execute(sql: "INSERT INTO staff_recovery_codes (staff_id, code_hash) VALUES (?, ?)",
                               arguments: [staffId, RecoveryCodes.hash(code)])
            }
            try AuditLog.record(db, .secondFactorEnabled, by: actor, target: (AuditTarget.staff, String(staffId)), at: now)
        }
        return recoveryCodes
    }

    public enum Check: Sendable, Equatable {
        case accepted
        /// A recovery code, now spent; this many are left.
        case recoveryCodeUsed(left: Int)
        /// Wrong, already used, or too far from now.
        case refused
        /// No confirmed second factor: nothing to check.
        case notEnrolled
    }

    /// A code (or a recovery code) at sign-in or re-authentication. A code's
    /// time step is recorded in the same statement that accepts it, so two
    /// requests with one code cannot both pass.
    public func check(staffId: Int64, code: String, by actor: AuditActor, now: Date = Date()) async throws -> Check {
        try await store.write { db in try Self.check(db, staffId: staffId, code: code, by: actor, now: now) }
    }

    /// The check inside a caller's transaction (sign-in's code step, a re-confirmation).
    static func check(_ db: StoreDatabase, staffId: Int64, code: String, by actor: AuditActor, now: Date) throws -> Check {
        guard let factor = try confirmedFactor(db, staffId: staffId) else { return .notEnrolled }
        if let step = factor.totp.matchingCounter(code, at: now, after: factor.lastUsedStep) {
            try db.execute(sql: """
                UPDATE staff_second_factors SET last_used_step = ?
                WHERE staff_id = ? AND (last_used_step IS NULL OR last_used_step < ?)
                """, arguments: [step, staffId, step])
            return db.changesCount == 1 ? .accepted : .refused
        }
        try db.execute(sql: "UPDATE staff_recovery_codes SET used_at = ? WHERE staff_id = ? AND code_hash = ? AND used_at IS NULL",
                       arguments: [now, staffId, RecoveryCodes.hash(code)])
        guard db.changesCount == 1 else { return .refused }
        let left = try recoveryCodesLeft(db, staffId: staffId)
        try AuditLog.record(db, .recoveryCodeUsed, by: actor, target: (AuditTarget.staff, String(staffId)),
                            detail: "\(left.counted("recovery code")) left", at: now)
        return .recoveryCodeUsed(left: left)
    }

    public struct Status: Sendable, Equatable {
        public let isOn: Bool
        public let recoveryCodesLeft: Int

        public init(isOn: Bool, recoveryCodesLeft: Int) {
            self.isOn = isOn
            self.recoveryCodesLeft = recoveryCodesLeft
        }
    }

    public func status(staffId: Int64) async throws -> Status {
        try await store.read { db in try Self.status(db, staffId: staffId) }
    }

    static func status(_ db: StoreDatabase, staffId: Int64) throws -> Status {
        let isOn = try confirmedFactor(db, staffId: staffId) != nil
        return Status(isOn: isOn, recoveryCodesLeft: isOn ? try recoveryCodesLeft(db, staffId: staffId) : 0)
    }

    /// Turn it off (the caller has checked the password and a code); `reset`
    /// says it was the command line, for someone locked out of their phone.
    @discardableResult
    public func turnOff(staffId: Int64, by actor: AuditActor, reset: Bool = false, now: Date = Date()) async throws -> Bool {
        try await store.write { db in
            try db.execute(sql: "DELETE FROM staff_second_factors WHERE staff_id = ?", arguments: [staffId])
            let hadOne = db.changesCount == 1
            try db.execute(sql: "DELETE FROM staff_recovery_codes WHERE staff_id = ?", arguments: [staffId])
            guard hadOne else { return false }
            try AuditLog.record(db, reset ? .secondFactorReset : .secondFactorDisabled, by: actor,
                                target: (AuditTarget.staff, String(staffId)), detail: reset ? "from the command line" : nil, at: now)
            return true
        }
    }

    static func recoveryCodesLeft(_ db: StoreDatabase, staffId: Int64) throws -> Int {
        try Int.fetchOne(db.cachedStatement(sql: "SELECT COUNT(*) FROM staff_recovery_codes WHERE staff_id = ? AND used_at IS NULL"),
                         arguments: [staffId]) ?? 0
    }

    struct Factor {
        let totp: TOTP
        let lastUsedStep: Int64?
    }

    static func confirmedFactor(_ db: StoreDatabase, staffId: Int64) throws -> Factor? {
        guard let row = try StoreRow.fetchOne(db.cachedStatement(sql: """
            SELECT secret, last_used_step FROM staff_second_factors WHERE staff_id = ? AND confirmed_at IS NOT NULL
            """), arguments: [staffId]), let secret = Base32.decode(row["secret"]) else { return nil }
        return Factor(totp: TOTP(secret: secret), lastUsedStep: row["last_used_step"])
    }
}
