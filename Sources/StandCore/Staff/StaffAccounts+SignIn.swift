import Foundation
import GRDB

public enum SignInResult: Sendable {
    case signedIn(StaffMember, StaffSession)
    /// Unknown email, wrong password or disabled account: one message for all three.
    case refused
    case locked(until: Date)
}

extension StaffAccounts {
    /// Check a password and start a session. Five wrong passwords in a row lock
    /// the account for 15 minutes; a locked account is refused without checking.
    public func signIn(email rawEmail: String, password: String, ip: String?, replacingSession previousId: String?, now: Date = Date()) async throws -> SignInResult {
        let email = rawEmail.trimmingCharacters(in: .whitespacesAndNewlines)
        let staff = try await store.pool.read { db in
            try StaffMember.filter(Column("email") == email).fetchOne(db)
        }
        guard let staff, let staffId = staff.id else {
            await hasher.verifyAgainstDummy(password)
            _ = try await store.pool.write { db in
                try AuditLog.record(db, .signInFailed, by: .anonymous(ip: ip), detail: "unknown account", at: now)
            }
            return .refused
        }
        let actor = AuditActor(staff, ip: ip)
        if staff.isLocked(at: now), let until = staff.lockedUntil {
            _ = try await store.pool.write { db in
                try AuditLog.record(db, .signInRefusedLocked, by: actor, target: ("staff", String(staffId)), at: now)
            }
            return .locked(until: until)
        }
        let matches = await hasher.verify(password, hash: staff.passwordHash)
        if matches && !staff.disabled {
            return try await store.pool.write { db in
                try db.execute(sql: "UPDATE staff SET failed_logins = 0, locked_until = NULL, last_login_at = ? WHERE id = ?", arguments: [now, staffId])
                let session = try SessionStore.start(db, staffId: staffId, replacing: previousId, now: now)
                try AuditLog.record(db, .signIn, by: actor, target: ("staff", String(staffId)), at: now)
                return .signedIn(staff, session)
            }
        }
        return try await store.pool.write { db in
            try db.execute(sql: "UPDATE staff SET failed_logins = failed_logins + 1 WHERE id = ?", arguments: [staffId])
            let failures = try Int.fetchOne(db, sql: "SELECT failed_logins FROM staff WHERE id = ?", arguments: [staffId]) ?? 0
            try AuditLog.record(db, .signInFailed, by: actor, target: ("staff", String(staffId)),
                                detail: staff.disabled ? "account disabled" : "wrong password (\(failures) in a row)", at: now)
            guard failures >= Self.maximumFailedSignIns, !staff.disabled else { return .refused }
            let until = now.addingTimeInterval(Self.lockDuration)
            try db.execute(sql: "UPDATE staff SET failed_logins = 0, locked_until = ? WHERE id = ?", arguments: [until, staffId])
            try AuditLog.record(db, .lockedOut, by: actor, target: ("staff", String(staffId)), detail: "locked for 15 minutes", at: now)
            return .locked(until: until)
        }
    }

    public func signOut(sessionId: String, staff: StaffMember, ip: String?, now: Date = Date()) throws {
        try store.pool.write { db in
            try StaffSession.deleteOne(db, key: sessionId)
            try AuditLog.record(db, .signOut, by: AuditActor(staff, ip: ip), target: ("staff", String(staff.id!)), at: now)
        }
    }
}
