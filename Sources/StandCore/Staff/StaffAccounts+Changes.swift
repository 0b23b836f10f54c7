import Foundation

extension StaffAccounts {
    /// What a change did, for the message that names it.
    public struct Change: Sendable {
        public let member: StaffMember
        /// Their sessions the change ended (each a signed-in browser).
        public let sessionsEnded: Int
    }

    /// Change a staff member's role. Their sessions end so the new role applies at once.
    @discardableResult
    public func changeRole(staffId: Int64, to role: StaffRole, by actor: AuditActor, now: Date = Date()) async throws -> Change {
        try await store.write { db in
            let staff = try Self.existing(db, staffId)
            guard staff.role != role else { return Change(member: staff, sessionsEnded: 0) }
            try Self.keepAnOwner(db, changing: staff, actor: actor, removingOwner: staff.role == .owner)
            try db.execute(sql: "UPDATE staff SET role = ? WHERE id = ?", arguments: [role.rawValue, staffId])
            let ended = try SessionStore.endAll(db, staffId: staffId, now: now)
            try AuditLog.record(db, .roleChanged, by: actor, target: (AuditTarget.staff, String(staffId)),
                                detail: "\(staff.role.rawValue) → \(role.rawValue)", at: now)
            return Change(member: try Self.existing(db, staffId), sessionsEnded: ended)
        }
    }

    /// Disable (ending every session at once, OWASP ASVS 7.4.2) or enable again.
    @discardableResult
    public func setDisabled(staffId: Int64, _ disabled: Bool, by actor: AuditActor, now: Date = Date()) async throws -> Change {
        try await store.write { db in
            let staff = try Self.existing(db, staffId)
            guard staff.disabled != disabled else { return Change(member: staff, sessionsEnded: 0) }
            if disabled {
                try Self.keepAnOwner(db, changing: staff, actor: actor, removingOwner: staff.role == .owner)
            }
            try db.execute(sql: "UPDATE staff SET disabled = ? WHERE id = ?", arguments: [disabled, staffId])
            try SignInThrottle.clear(db, email: staff.email)
            let ended = disabled ? try SessionStore.endAll(db, staffId: staffId, now: now) : 0
            try AuditLog.record(db, disabled ? .staffDisabled : .staffEnabled, by: actor, target: (AuditTarget.staff, String(staffId)), at: now)
            return Change(member: try Self.existing(db, staffId), sessionsEnded: ended)
        }
    }

    /// Give a staff member a new generated password, shown once to the owner.
    /// Ends their sessions and lifts a lockout. Not one's own: that would end
    /// the session in use, and "Your account" asks for the current password.
    public func resetPassword(staffId: Int64, by actor: AuditActor, now: Date = Date()) async throws -> String {
        if staffId == actor.staffId {
            throw ValidationErrors("staff", "Change your own password on “Your account”; resetting it here would sign you out.")
        }
        let password = SecureToken.password()
        let hash = await hasher.hash(password)
        try await store.write { db in
            let staff = try Self.existing(db, staffId)
            try db.execute(sql: "UPDATE staff SET password_hash = ?, password_changed_at = ? WHERE id = ?", arguments: [hash, now, staffId])
            try SignInThrottle.clear(db, email: staff.email)
            try SessionStore.endAll(db, staffId: staffId)
            try AuditLog.record(db, .passwordReset, by: actor, target: (AuditTarget.staff, String(staffId)), at: now)
        }
        return password
    }

    public struct PasswordChange: Sendable {
        public var current: String
        public var new: String
        public var confirmation: String

        public init(current: String, new: String, confirmation: String) {
            self.current = current
            self.new = new
            self.confirmation = confirmation
        }
    }

    /// A staff member changes their own password; asks for the current one.
    /// Their other sessions end; the one they are using stays.
    public func changeOwnPassword(staffId: Int64, _ change: PasswordChange, keepingSession sessionId: String, ip: String?, now: Date = Date()) async throws {
        guard let staff = try await find(id: staffId) else { throw ValidationErrors("current", "Your account no longer exists.") }
        var errors = ValidationErrors()
        if !(await hasher.verify(change.current, hash: staff.passwordHash)) {
            errors.add("current", "That is not your current password.")
        }
        for (field, message) in PasswordRules.check(change.new, field: "new").messages { errors.add(field, message) }
        TextInput.check(change.confirmation, field: "confirmation", into: &errors)
        if change.new != change.confirmation { errors.add("confirmation", "The two new passwords do not match.") }
        if errors.isEmpty && change.new == change.current { errors.add("new", "Choose a password different from the current one.") }
        try errors.throwIfAny()
        let hash = await hasher.hash(change.new)
        try await store.write { db in
            try db.execute(sql: "UPDATE staff SET password_hash = ?, password_changed_at = ? WHERE id = ?", arguments: [hash, now, staffId])
            try SessionStore.endAll(db, staffId: staffId, except: sessionId)
            try AuditLog.record(db, .passwordChanged, by: AuditActor(staff, ip: ip), target: (AuditTarget.staff, String(staffId)), at: now)
        }
    }

    private static func existing(_ db: StoreDatabase, _ staffId: Int64) throws -> StaffMember {
        guard let staff = try StaffMember.find(db, id: staffId) else {
            throw ValidationErrors("staff", "That staff account does not exist.")
        }
        return staff
    }

    /// The console must always keep one enabled owner, and nobody locks themselves out.
    private static func keepAnOwner(_ db: StoreDatabase, changing staff: StaffMember, actor: AuditActor, removingOwner: Bool) throws {
        if staff.id == actor.staffId {
            throw ValidationErrors("staff", "You cannot change your own role or disable yourself; ask another owner.")
        }
        guard removingOwner else { return }
        let owners = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM staff WHERE role = ? AND disabled = 0", arguments: [StaffRole.owner.rawValue]) ?? 0
        if owners <= 1 && !staff.disabled {
            throw ValidationErrors("staff", "This is the only enabled owner; make someone else an owner first.")
        }
    }
}
