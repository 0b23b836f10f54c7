import Foundation
import Logging

/// A signed-in browser. The id is the cookie value; the CSRF token is tied to it.
public struct StaffSession: Codable, Sendable, StoreRecord {
    public var id: String
    public var staffId: Int64
    public var csrfToken: String
    public var createdAt: Date
    public var lastSeenAt: Date
    public var expiresAt: Date
    /// Names the session on pages and in forms (the id is the cookie, never shown).
    public var reference: String
    /// When the password (and the code, with a second factor) was last checked for this session.
    public var confirmedAt: Date
    /// The browser and the address at sign-in, for the list of sessions.
    public var userAgent: String?
    public var address: String?

    enum CodingKeys: String, CodingKey {
        case id
        case staffId = "staff_id"
        case csrfToken = "csrf_token"
        case createdAt = "created_at"
        case lastSeenAt = "last_seen_at"
        case expiresAt = "expires_at"
        case reference
        case confirmedAt = "confirmed_at"
        case userAgent = "user_agent"
        case address
    }

    public init(id: String, staffId: Int64, csrfToken: String, createdAt: Date, lastSeenAt: Date, expiresAt: Date,
                reference: String, confirmedAt: Date, userAgent: String?, address: String?) {
        self.id = id
        self.staffId = staffId
        self.csrfToken = csrfToken
        self.createdAt = createdAt
        self.lastSeenAt = lastSeenAt
        self.expiresAt = expiresAt
        self.reference = reference
        self.confirmedAt = confirmedAt
        self.userAgent = userAgent
        self.address = address
    }

    /// The riskiest actions (deleting an account, drawing winners, changing a
    /// role, turning a second factor off) ask for the password again past this.
    public static let recentSignInWindow: TimeInterval = 15 * 60

    /// True when the password was checked for this session within `recentSignInWindow`.
    public func isRecentlyConfirmed(at now: Date) -> Bool {
        now.timeIntervalSince(confirmedAt) < Self.recentSignInWindow && confirmedAt <= now.addingTimeInterval(60)
    }

    /// Read by hand rather than through `Decodable`: every request reads one.
    public init(row: StoreRow) throws {
        id = row["id"]
        staffId = row["staff_id"]
        csrfToken = row["csrf_token"]
        createdAt = row.timestamp("created_at") ?? .distantPast
        lastSeenAt = row.timestamp("last_seen_at") ?? .distantPast
        expiresAt = row.timestamp("expires_at") ?? .distantPast
        reference = row["reference"] ?? ""
        confirmedAt = row.timestamp("confirmed_at") ?? .distantPast
        userAgent = row["user_agent"]
        address = row["address"]
    }
}

/// Server-side sessions in the shared store.
public struct SessionStore: Sendable {
    public static let idleTimeout: TimeInterval = 30 * 60
    public static let absoluteTimeout: TimeInterval = 12 * 60 * 60
    /// Writing `last_seen_at` on every request would make every page a write;
    /// once a minute is precise enough for a 30-minute idle expiry.
    static let touchInterval: TimeInterval = 60

    let store: StandStore
    /// `last_seen_at` updates, written behind the requests that cause them: a
    /// page must not wait for (or fail on) a write lock another program holds.
    public let touches: WriteBehindBuffer<SessionTouch>
    private let cache: SessionCache

    public init(store: StandStore, logger: Logger = Logger(label: "stand-admin.sessions")) {
        self.store = store
        self.cache = SessionCache(store: store)
        self.touches = WriteBehindBuffer(store: store, logger: logger, label: "session touches") { db, touches in
            var latest: [String: Date] = [:]
            for touch in touches { latest[touch.id] = max(latest[touch.id] ?? touch.at, touch.at) }
            let update = try db.cachedStatement(sql: "UPDATE staff_sessions SET last_seen_at = ? WHERE id = ? AND last_seen_at < ?")
            for (id, at) in latest { try update.execute(arguments: [at, id, at]) }
        }
    }

    /// A new session for a staff member who just signed in. The previous
    /// session of this browser, if any, is deleted: the id rotates at sign-in.
    public func start(staffId: Int64, replacing previousId: String?, client: SignInClient = .unknown, now: Date = Date()) async throws -> StaffSession {
        try await store.write { db in try Self.start(db, staffId: staffId, replacing: previousId, client: client, now: now) }
    }

    static func start(_ db: StoreDatabase, staffId: Int64, replacing previousId: String?, client: SignInClient, now: Date) throws -> StaffSession {
        if let previousId {
            try end(db, id: previousId)
        }
        try db.execute(sql: "DELETE FROM staff_sessions WHERE expires_at <= ? OR last_seen_at <= ?",
                       arguments: [now, now.addingTimeInterval(-idleTimeout)])
        let session = StaffSession(
            id: SecureToken.hex(), staffId: staffId, csrfToken: SecureToken.hex(),
            createdAt: now, lastSeenAt: now, expiresAt: now.addingTimeInterval(absoluteTimeout),
            reference: SecureToken.hex(bytes: 8), confirmedAt: now, userAgent: client.userAgent, address: client.address
        )
        try db.execute(sql: """
            INSERT INTO staff_sessions (id, staff_id, csrf_token, created_at, last_seen_at, expires_at, reference, confirmed_at, user_agent, address)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, arguments: [session.id, session.staffId, session.csrfToken, session.createdAt, session.lastSeenAt, session.expiresAt,
                             session.reference, session.confirmedAt, session.userAgent, session.address])
        return session
    }

    public struct Active: Sendable {
        public let session: StaffSession
        public let staff: StaffMember
        /// The staff member has a confirmed second factor.
        public let hasSecondFactor: Bool
        /// Owners require one of every staff member (`console_settings`).
        public let secondFactorRequired: Bool

        /// Required and not set up yet: every page but enrolment and sign-out waits for it.
        public var mustSetUpSecondFactor: Bool { secondFactorRequired && !hasSecondFactor }
    }

    /// The session and its staff member, if the session exists, has not
    /// expired (idle or absolute) and the staff member is not disabled.
    /// A read only: the touch is buffered, and an expired session is simply
    /// refused (the next sign-in deletes expired rows).
    public func active(id: String, now: Date = Date()) async throws -> Active? {
        guard SecureToken.looksLike(id, lengths: 64...64) else { return nil }
        let (cached, generation) = cache.lookUp(id: id, now: now)
        let found: Active?
        if let cached {
            found = cached
        } else {
            found = try await read(id: id)
            if let found { cache.remember(found, id: id, now: now, generation: generation) }
        }
        guard let found else { return nil }
        let session = found.session
        let expired = session.expiresAt <= now || session.lastSeenAt.addingTimeInterval(Self.idleTimeout) <= now
        if expired || found.staff.disabled { return nil }
        if now.timeIntervalSince(session.lastSeenAt) >= Self.touchInterval {
            try touches.add(SessionTouch(id: id, at: now))
        }
        return found
    }

    private func read(id: String) async throws -> Active? {
        // Every page reads this, so it is kept lean: cached statements skip SQL
        // generation and preparing, and no transaction is opened around the two
        // lookups — each is one atomic statement, and a staff row changed in
        // between is read as it is now (disabled means refused).
        // The second factor and the requirement ride along in the session's own
        // statement, so a page still costs two lookups.
        try await store.unsafeRead { db -> Active? in
            guard let row = try StoreRow.fetchOne(db.cachedStatement(sql: """
                    SELECT s.*,
                        EXISTS (SELECT 1 FROM staff_second_factors f WHERE f.staff_id = s.staff_id AND f.confirmed_at IS NOT NULL) AS has_second_factor,
                        EXISTS (SELECT 1 FROM console_settings c WHERE c.name = '\(SecondFactorRequirement.settingName)' AND c.value = 'on') AS second_factor_required
                    FROM staff_sessions s WHERE s.id = ?
                    """), arguments: [id]),
                  let staff = try StaffMember.fetchOne(db.cachedStatement(sql: "SELECT * FROM staff WHERE id = ?"), arguments: [row["staff_id"] as Int64])
            else { return nil }
            return Active(session: try StaffSession(row: row), staff: staff,
                          hasSecondFactor: row["has_second_factor"], secondFactorRequired: row["second_factor_required"])
        }
    }

    /// End one session (sign-out, or the one a new sign-in replaces).
    static func end(_ db: StoreDatabase, id: String) throws {
        try db.execute(sql: "DELETE FROM staff_sessions WHERE id = ?", arguments: [id])
        try notifySessionCaches(db)
    }

    /// The password (and code) were checked again for this session now.
    static func confirm(_ db: StoreDatabase, id: String, at now: Date) throws {
        try db.execute(sql: "UPDATE staff_sessions SET confirmed_at = ? WHERE id = ?", arguments: [now, id])
        try notifySessionCaches(db)
    }

    /// End every session of one staff member (disabled, role changed, password reset).
    /// Returns how many were still active (signed-in browsers), for the message.
    @discardableResult
    static func endAll(_ db: StoreDatabase, staffId: Int64, except keptId: String? = nil, now: Date = Date()) throws -> Int {
        let kept = keptId ?? ""
        let active = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM staff_sessions WHERE staff_id = ? AND id <> ? AND \(isActive)",
                                      arguments: [staffId, kept, now, now.addingTimeInterval(-idleTimeout)]) ?? 0
        try db.execute(sql: "DELETE FROM staff_sessions WHERE staff_id = ? AND id <> ?", arguments: [staffId, kept])
        try notifySessionCaches(db)
        return active
    }

    /// Sessions neither expired nor idle too long: arguments now, now minus `idleTimeout`.
    static let isActive = "expires_at > ? AND last_seen_at > ?"

    /// How many browsers a staff member is signed in on now.
    static func activeCount(_ db: StoreDatabase, staffId: Int64, now: Date = Date()) throws -> Int {
        try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM staff_sessions WHERE staff_id = ? AND \(isActive)",
                         arguments: [staffId, now, now.addingTimeInterval(-idleTimeout)]) ?? 0
    }

    /// `staff_sessions` is a WITHOUT ROWID table, whose changes GRDB cannot
    /// see by itself: tell the `SessionCache` observations explicitly.
    private static func notifySessionCaches(_ db: StoreDatabase) throws {
        try db.notifyChanges(inTable: "staff_sessions")
    }

    public func count(staffId: Int64) async throws -> Int {
        try await store.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM staff_sessions WHERE staff_id = ?", arguments: [staffId]) ?? 0 }
    }
}

/// A signed-in browser was seen at `at`.
public struct SessionTouch: Sendable {
    let id: String
    let at: Date
}
