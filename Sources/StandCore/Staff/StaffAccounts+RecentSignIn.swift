import Foundation

extension StaffAccounts {
    /// What asking for the password again came to.
    public enum Reconfirmation: Sendable, Equatable {
        case confirmed
        /// The password, or the code, was wrong (which is not said).
        case refused
        /// That failure was the fifth: the address is locked and this session ended.
        case locked(until: Date)
    }

    /// The password again (and a code, with a second factor), before one of
    /// the riskiest actions or turning the second factor off. Right: the
    /// session counts as confirmed now. Wrong: a failure toward the same lock
    /// as sign-in's, and the fifth ends the session, since whoever holds it
    /// does not know the password.
    public func reconfirm(session: StaffSession, password: String, code: String, ip: String?, now: Date = Date()) async throws -> Reconfirmation {
        guard let staff = try await find(id: session.staffId) else { return .refused }
        return try await reconfirm(staff, session: session, password: password, code: code, ip: ip, now: now)
    }

    private func reconfirm(_ staff: StaffMember, session: StaffSession, password: String, code: String, ip: String?, now: Date) async throws -> Reconfirmation {
        let email = SignInThrottle.key(staff.email)
        let actor = AuditActor(staff, ip: ip)
        let target = (type: AuditTarget.staff, id: String(staff.id!))
        if let until = try await store.read({ db in try SignInThrottle.state(db, email: email) }).lockedUntil, until > now {
            try await store.write { db in
                try SessionStore.end(db, id: session.id)
                try AuditLog.record(db, .signInRefusedLocked, by: actor, target: target, at: now)
            }
            return .locked(until: until)
        }
        let matches = await hasher.verify(password, hash: staff.passwordHash)
        return try await store.write { db in
            var confirmed = matches
            var what = "the password"
            if matches, try SecondFactors.confirmedFactor(db, staffId: staff.id!) != nil {
                switch try SecondFactors.check(db, staffId: staff.id!, code: code, by: actor, now: now) {
                case .accepted: what = "the password and a code"
                case .recoveryCodeUsed: what = "the password and a recovery code"
                case .refused, .notEnrolled: confirmed = false
                }
            }
            guard confirmed else {
                let lockedUntil = try SignInThrottle.recordFailure(db, email: email, now: now)
                try AuditLog.record(db, .signInFailed, by: actor, target: target,
                                    detail: matches ? "wrong code, asked again" : "wrong password, asked again", at: now)
                guard let lockedUntil else { return .refused }
                try SessionStore.end(db, id: session.id)
                try AuditLog.record(db, .lockedOut, by: actor, target: target, detail: "locked for 15 minutes; the session ended", at: now)
                return .locked(until: lockedUntil)
            }
            try SessionStore.confirm(db, id: session.id, at: now)
            try SignInThrottle.clear(db, email: email)
            try AuditLog.record(db, .signInConfirmed, by: actor, target: target, detail: what, at: now)
            return .confirmed
        }
    }

    /// Turning one's second factor off: always the password and a code (or a
    /// recovery code), however recently the session was confirmed.
    public func turnOffSecondFactor(session: StaffSession, password: String, code: String, ip: String?, now: Date = Date()) async throws -> Reconfirmation {
        let factors = SecondFactors(store: store)
        // Nothing to turn off: said before any password is checked or counted.
        guard let staff = try await find(id: session.staffId), try await factors.status(staffId: session.staffId).isOn else {
            throw Conflict(message: "Your second factor is already off; nothing changed.")
        }
        let outcome = try await reconfirm(staff, session: session, password: password, code: code, ip: ip, now: now)
        guard outcome == .confirmed else { return outcome }
        try await factors.turnOff(staffId: session.staffId, by: AuditActor(staff, ip: ip), now: now)
        return .confirmed
    }
}
