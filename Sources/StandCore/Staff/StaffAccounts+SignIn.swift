import Foundation
import GRDB

public enum SignInResult: Sendable {
    case signedIn(StaffMember, StaffSession)
    /// Unknown email, wrong password or disabled account: one message for all three.
    case refused
    case locked(until: Date)
}

extension StaffAccounts {
    /// Check a password and start a session. Five wrong passwords in a row for
    /// one email address lock it for 15 minutes, whether or not a staff account
    /// has that address, and every path runs one bcrypt check: a known, an
    /// unknown and a locked address answer alike, in the same time.
    public func signIn(email rawEmail: String, password: String, ip: String?, replacingSession previousId: String?, now: Date = Date()) async throws -> SignInResult {
        let email = SignInThrottle.key(rawEmail)
        let (staff, throttle) = try await store.read { db in
            (try StaffMember.filter(Column("email") == email).fetchOne(db), try SignInThrottle.state(db, email: email))
        }
        let matches: Bool
        if let staff {
            matches = await hasher.verify(password, hash: staff.passwordHash)
        } else {
            await hasher.verifyAgainstDummy(password)
            matches = false
        }
        let actor = staff.map { AuditActor($0, ip: ip) } ?? .anonymous(ip: ip)
        let target: (type: String, id: String)? = staff.map { (AuditTarget.staff, String($0.id!)) }
        if throttle.isLocked(at: now), let until = throttle.lockedUntil {
            try await store.write { db in
                try AuditLog.record(db, .signInRefusedLocked, by: actor, target: target, at: now)
            }
            return .locked(until: until)
        }
        if let staff, let staffId = staff.id, matches, !staff.disabled {
            return try await store.write { db in
                try db.execute(sql: "UPDATE staff SET last_login_at = ? WHERE id = ?", arguments: [now, staffId])
                try SignInThrottle.clear(db, email: email)
                let session = try SessionStore.start(db, staffId: staffId, replacing: previousId, now: now)
                try AuditLog.record(db, .signIn, by: actor, target: target, at: now)
                return .signedIn(staff, session)
            }
        }
        return try await store.write { db in
            let lockedUntil = try SignInThrottle.recordFailure(db, email: email, now: now)
            let why = staff == nil ? "unknown account" : staff!.disabled ? "account disabled" : "wrong password"
            try AuditLog.record(db, .signInFailed, by: actor, target: target, detail: why, at: now)
            guard let lockedUntil else { return .refused }
            try AuditLog.record(db, .lockedOut, by: actor, target: target, detail: "locked for 15 minutes", at: now)
            return .locked(until: lockedUntil)
        }
    }

    public func signOut(sessionId: String, staff: StaffMember, ip: String?, now: Date = Date()) async throws {
        try await store.write { db in
            try SessionStore.end(db, id: sessionId)
            try AuditLog.record(db, .signOut, by: AuditActor(staff, ip: ip), target: (AuditTarget.staff, String(staff.id!)), at: now)
        }
    }
}
