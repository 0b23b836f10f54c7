import Foundation

extension StaffAccounts {
    /// One signed-in browser, as the list of sessions shows it.
    public struct SessionSummary: Sendable, Equatable {
        public let reference: String
        public let userAgent: String?
        public let address: String?
        public let signedInAt: Date
        public let lastSeenAt: Date
    }

    /// A staff member's active sessions, the most recently seen first.
    public func sessions(staffId: Int64, now: Date = Date()) async throws -> [SessionSummary] {
        try await store.read { db in try Self.sessions(db, staffId: staffId, now: now) }
    }

    /// "Your account" in one read: the second factor and the sessions.
    public func ownAccount(staffId: Int64, now: Date = Date()) async throws -> (secondFactor: SecondFactors.Status, sessions: [SessionSummary]) {
        try await store.read { db in
            (try SecondFactors.status(db, staffId: staffId), try Self.sessions(db, staffId: staffId, now: now))
        }
    }

    static func sessions(_ db: StoreDatabase, staffId: Int64, now: Date) throws -> [SessionSummary] {
        try StaffSession.fetchAll(db.cachedStatement(sql: """
            SELECT * FROM staff_sessions WHERE staff_id = ? AND expires_at > ? AND last_seen_at > ?
            ORDER BY last_seen_at DESC, created_at DESC
            """), arguments: [staffId, now, now.addingTimeInterval(-SessionStore.idleTimeout)])
            .map { SessionSummary(reference: $0.reference, userAgent: $0.userAgent, address: $0.address,
                                  signedInAt: $0.createdAt, lastSeenAt: $0.lastSeenAt) }
    }

    /// End one session of `staffId` (named by its reference), never `keeping`
    /// (the one in use: signing out does that). False when there is no such
    /// session (already ended, or expired).
    @discardableResult
    public func endSession(staffId: Int64, reference: String, keeping currentId: String?, by actor: AuditActor, now: Date = Date()) async throws -> Bool {
        guard SecureToken.looksLike(reference, lengths: 16...16) else { return false }
        return try await store.write { db in
            guard let session = try StaffSession.fetchOne(db, sql: "SELECT * FROM staff_sessions WHERE staff_id = ? AND reference = ?",
                                                        arguments: [staffId, reference]) else {
                return false
            }
            if session.id == currentId {
                throw ValidationErrors("session", "That is the session you are using; sign out to end it.")
            }
            try SessionStore.end(db, id: session.id)
            try AuditLog.record(db, .sessionEnded, by: actor, target: (AuditTarget.staff, String(staffId)),
                                detail: "signed in at \(UTCDate.minute(session.createdAt))", at: now)
            return true
        }
    }

    /// An owner ends every session of a staff member (other than their own in use).
    @discardableResult
    public func endAllSessions(staffId: Int64, keeping currentId: String?, by actor: AuditActor, now: Date = Date()) async throws -> Int {
        try await store.write { db in
            let ended = try SessionStore.endAll(db, staffId: staffId, except: currentId, now: now)
            if ended > 0 {
                try AuditLog.record(db, .sessionEnded, by: actor, target: (AuditTarget.staff, String(staffId)),
                                    detail: "all \(ended.counted("session"))", at: now)
            }
            return ended
        }
    }
}
