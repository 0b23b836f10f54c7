import Foundation

public enum SignInResult: Sendable {
    case signedIn(StaffMember, StaffSession)
    /// The password step is over and the code step follows, named by this
    /// token (a cookie). Said after a right password of an account with a
    /// second factor, and after any wrong one once some account has a second
    /// factor: the code step is where both are judged together.
    case codeNeeded(challenge: String)
    /// Unknown email, wrong password, disabled account or a wrong code: one message for all.
    case refused
    case locked(until: Date)
    /// The code step's token is unknown or older than five minutes: start again.
    case challengeExpired
}

extension StaffAccounts {
    /// How long the code step waits for its code.
    public static let challengeLifetime: TimeInterval = 5 * 60

    /// The first step: check a password, then sign in or ask for the code.
    ///
    /// Five failures in a row for one email address lock it for 15 minutes,
    /// whether or not a staff account has that address, and every path runs one
    /// bcrypt check: a known, an unknown and a locked address answer alike, in
    /// the same time. A step that leads to the code counts as a failure until
    /// its code signs in (which clears the count), whether its password was
    /// right or not: a count that a right password left alone would tell,
    /// through the lock, which password was right. So each password or code
    /// tried costs one failure, and the fifth locks.
    public func signIn(email rawEmail: String, password: String, client: SignInClient, replacingSession previousId: String?,
                       now: Date = Date()) async throws -> SignInResult {
        let email = SignInThrottle.key(rawEmail)
        let (staff, throttle, hasFactor, anyoneHasFactor) = try await store.read { db in
            let staff = try StaffMember.find(db, email: email)
            let hasFactor = try staff.map { try SecondFactors.confirmedFactor(db, staffId: $0.id!) != nil } ?? false
            let anyone = try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM staff_second_factors WHERE confirmed_at IS NOT NULL)") ?? false
            return (staff, try SignInThrottle.state(db, email: email), hasFactor, anyone)
        }
        let matches: Bool
        if let staff {
            matches = await hasher.verify(password, hash: staff.passwordHash)
        } else {
            await hasher.verifyAgainstDummy(password)
            matches = false
        }
        let actor = staff.map { AuditActor($0, ip: client.address) } ?? .anonymous(ip: client.address)
        let target = staff.map { (type: AuditTarget.staff, id: String($0.id!)) }
        if throttle.isLocked(at: now), let until = throttle.lockedUntil {
            try await store.write { db in
                try AuditLog.record(db, .signInRefusedLocked, by: actor, target: target, at: now)
            }
            return .locked(until: until)
        }
        let passwordOK = matches && staff?.disabled == false
        if passwordOK, !hasFactor, let staff {
            return try await store.write { db in
                try Self.completeSignIn(db, staff, email: email, client: client, replacing: previousId, detail: nil, now: now)
            }
        }
        let why = Self.refusalReason(staff)
        // No account has a code to hide behind: a wrong password is said at once.
        guard passwordOK || anyoneHasFactor else {
            return try await store.write { db in
                try Self.recordFailure(db, email: email, actor: actor, target: target, why: why, now: now) ?? .refused
            }
        }
        return try await store.write { db in
            if let locked = try Self.recordFailure(db, email: email, actor: actor, target: target, why: passwordOK ? nil : why, now: now) {
                return locked
            }
            try db.execute(sql: "DELETE FROM sign_in_challenges WHERE expires_at <= ?", arguments: [now])
            let token = SecureToken.hex()
            try db.execute(sql: """
                INSERT INTO sign_in_challenges (token, email, staff_id, password_ok, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)
                """, arguments: [token, email, staff?.id, passwordOK, now, now.addingTimeInterval(Self.challengeLifetime)])
            return .codeNeeded(challenge: token)
        }
    }

    /// The second step: the code (or a recovery code) for the challenge the
    /// first step gave. Refused alike for a wrong code and for a password the
    /// first step found wrong, and the challenge stays for another try until
    /// it expires or the address locks. The first code of a challenge was
    /// counted with its first step; each further one counts toward the lock.
    public func signIn(challenge token: String, code: String, client: SignInClient, replacingSession previousId: String?,
                       now: Date = Date()) async throws -> SignInResult {
        guard SecureToken.looksLike(token, lengths: 64...64) else { return .challengeExpired }
        return try await store.write { db in
            guard let row = try StoreRow.fetchOne(db, sql: "SELECT * FROM sign_in_challenges WHERE token = ? AND expires_at > ?", arguments: [token, now]) else {
                return .challengeExpired
            }
            let email: String = row["email"]
            let staff = try (row["staff_id"] as Int64?).flatMap { try StaffMember.find(db, id: $0) }
            let actor = staff.map { AuditActor($0, ip: client.address) } ?? .anonymous(ip: client.address)
            let target = staff.map { (type: AuditTarget.staff, id: String($0.id!)) }
            let throttle = try SignInThrottle.state(db, email: email)
            if throttle.isLocked(at: now), let until = throttle.lockedUntil {
                try Self.endChallenges(db, email: email)
                try AuditLog.record(db, .signInRefusedLocked, by: actor, target: target, at: now)
                return .locked(until: until)
            }
            let passwordOK: Bool = row["password_ok"]
            if passwordOK, let staff, !staff.disabled {
                switch try SecondFactors.check(db, staffId: staff.id!, code: code, by: actor, now: now) {
                case .accepted:
                    return try Self.completeSignIn(db, staff, email: email, client: client, replacing: previousId, detail: "with a code", now: now)
                case .recoveryCodeUsed:
                    return try Self.completeSignIn(db, staff, email: email, client: client, replacing: previousId, detail: "with a recovery code", now: now)
                case .refused, .notEnrolled:
                    break
                }
            }
            let why = passwordOK ? "wrong code" : Self.refusalReason(staff)
            try db.execute(sql: "UPDATE sign_in_challenges SET code_tries = code_tries + 1 WHERE token = ?", arguments: [token])
            guard (row["code_tries"] as Int) > 0 else {
                try AuditLog.record(db, .signInFailed, by: actor, target: target, detail: why, at: now)
                return .refused
            }
            return try Self.recordFailure(db, email: email, actor: actor, target: target, why: why, now: now) ?? .refused
        }
    }

    /// Counts a failure; `why` nil records no "failed" event (a right password
    /// waiting for its code). Returns `.locked` when this one locked the address.
    private static func recordFailure(_ db: StoreDatabase, email: String, actor: AuditActor, target: (type: String, id: String)?,
                                      why: String?, now: Date) throws -> SignInResult? {
        let lockedUntil = try SignInThrottle.recordFailure(db, email: email, now: now)
        if let why { try AuditLog.record(db, .signInFailed, by: actor, target: target, detail: why, at: now) }
        guard let lockedUntil else { return nil }
        try endChallenges(db, email: email)
        try AuditLog.record(db, .lockedOut, by: actor, target: target, detail: "locked for 15 minutes", at: now)
        return .locked(until: lockedUntil)
    }

    private static func completeSignIn(_ db: StoreDatabase, _ staff: StaffMember, email: String, client: SignInClient, replacing previousId: String?,
                                       detail: String?, now: Date) throws -> SignInResult {
        try db.execute(sql: "UPDATE staff SET last_login_at = ? WHERE id = ?", arguments: [now, staff.id!])
        try SignInThrottle.clear(db, email: email)
        try endChallenges(db, email: email)
        let session = try SessionStore.start(db, staffId: staff.id!, replacing: previousId, client: client, now: now)
        try AuditLog.record(db, .signIn, by: AuditActor(staff, ip: client.address), target: (AuditTarget.staff, String(staff.id!)),
                            detail: detail, at: now)
        return .signedIn(staff, session)
    }

    /// Why a password step failed, for the audit trail (never for the page).
    private static func refusalReason(_ staff: StaffMember?) -> String {
        guard let staff else { return "unknown account" }
        return staff.disabled ? "account disabled" : "wrong password"
    }

    private static func endChallenges(_ db: StoreDatabase, email: String) throws {
        try db.execute(sql: "DELETE FROM sign_in_challenges WHERE email = ?", arguments: [email])
    }

    public func signOut(sessionId: String, staff: StaffMember, ip: String?, now: Date = Date()) async throws {
        try await store.write { db in
            try SessionStore.end(db, id: sessionId)
            try AuditLog.record(db, .signOut, by: AuditActor(staff, ip: ip), target: (AuditTarget.staff, String(staff.id!)), at: now)
        }
    }
}
