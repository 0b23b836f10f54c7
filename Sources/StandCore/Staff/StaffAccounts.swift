import Foundation

/// Staff accounts: creation, sign-in with lockout, and the owner's changes.
/// Every change writes its audit event in the same transaction.
public struct StaffAccounts: Sendable {
    public static let maximumFailedSignIns = 5
    public static let lockDuration: TimeInterval = 15 * 60

    let store: StandStore
    let hasher: PasswordHasher

    public init(store: StandStore, hasher: PasswordHasher = PasswordHasher()) {
        self.store = store
        self.hasher = hasher
    }

    // MARK: Reading

    public func count() async throws -> Int {
        try await store.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM staff") ?? 0 }
    }

    public func all() async throws -> [StaffMember] {
        try await store.read { db in try Self.all(db) }
    }

    /// Every staff account, by email.
    static func all(_ db: StoreDatabase) throws -> [StaffMember] {
        try StaffMember.fetchAll(db.cachedStatement(sql: "SELECT * FROM staff ORDER BY email"))
    }

    public func find(id: Int64) async throws -> StaffMember? {
        try await store.read { db in try StaffMember.find(db, id: id) }
    }

    /// The staff member with this email (compared without case), if any.
    public func find(email: String) async throws -> StaffMember? {
        let key = SignInThrottle.key(email)
        return try await store.read { db in try StaffMember.find(db, email: key) }
    }

    /// A staff member and how many browsers they are signed in on now (for a confirmation page).
    public func withSessions(id: Int64, now: Date = Date()) async throws -> (member: StaffMember, sessions: Int)? {
        try await store.read { db in
            guard let member = try StaffMember.find(db, id: id) else { return nil }
            return (member, try SessionStore.activeCount(db, staffId: id, now: now))
        }
    }

    /// Every staff member by email, as the staff list shows them.
    public struct Roster: Sendable {
        public struct Entry: Sendable {
            public let member: StaffMember
            /// When their sign-in lock ends, if locked now.
            public let lockedUntil: Date?
            public let hasSecondFactor: Bool
        }

        public let members: [Entry]
        /// Owners require a second factor of everyone.
        public let secondFactorRequired: Bool
    }

    public func roster(now: Date = Date()) async throws -> Roster {
        try await store.read { db in
            let locks = try SignInThrottle.locks(db, now: now)
            let withFactor = Set(try Int64.fetchAll(db.cachedStatement(sql: "SELECT staff_id FROM staff_second_factors WHERE confirmed_at IS NOT NULL")))
            return Roster(members: try Self.all(db).map { Roster.Entry(member: $0, lockedUntil: locks[$0.email.lowercased()], hasSecondFactor: withFactor.contains($0.id!)) },
                          secondFactorRequired: try SecondFactorRequirement.isRequired(db))
        }
    }

    // MARK: Creating

    public struct NewStaff: Sendable {
        public var email: String
        public var role: StaffRole?
        public var password: String

        public init(email: String, role: StaffRole?, password: String) {
            self.email = email
            self.role = role
            self.password = password
        }
    }

    /// Create a staff member. Throws `ValidationErrors` naming the field at fault.
    public func create(_ input: NewStaff, by actor: AuditActor, now: Date = Date()) async throws -> StaffMember {
        let (email, role) = try await validate(input)
        let hash = await hasher.hash(input.password)
        return try await store.write { db in
            try Self.insert(db, email: email, role: role, hash: hash, by: actor, action: .staffCreated, now: now)
        }
    }

    /// The first owner, from the one-time setup link: refused once any staff exist,
    /// checked inside the write so two setups at once cannot both succeed.
    public func createFirstOwner(email: String, password: String, ip: String?, now: Date = Date()) async throws -> StaffMember? {
        let (email, _) = try await validate(NewStaff(email: email, role: .owner, password: password))
        let hash = await hasher.hash(password)
        return try await store.write { db -> StaffMember? in
            guard try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM staff") == 0 else { return nil }
            return try Self.insert(db, email: email, role: .owner, hash: hash, by: .anonymous(ip: ip), action: .ownerCreatedAtSetup, now: now)
        }
    }

    private func validate(_ input: NewStaff) async throws -> (String, StaffRole) {
        var errors = ValidationErrors()
        let email = EmailAddress.normalised(input.email)
        if email == nil { errors.add("email", EmailAddress.problem(input.email) ?? "Enter a valid email address, like name@example.com.") }
        if input.role == nil { errors.add("role", "Choose a role.") }
        for (field, message) in PasswordRules.check(input.password).messages { errors.add(field, message) }
        if let email, try await store.read({ db in try StaffMember.find(db, email: email) }) != nil {
            errors.add("email", "A staff account with this email already exists.")
        }
        try errors.throwIfAny()
        return (email!, input.role!)
    }

    private static func insert(_ db: StoreDatabase, email: String, role: StaffRole, hash: String, by actor: AuditActor, action: AuditAction, now: Date) throws -> StaffMember {
        guard try StaffMember.find(db, email: email) == nil else {
            throw ValidationErrors("email", "A staff account with this email already exists.")
        }
        var staff = StaffMember(
            id: nil, email: email, passwordHash: hash, role: role, disabled: false, createdAt: now, lastLoginAt: nil, passwordChangedAt: now
        )
        try staff.insert(db)
        var auditActor = actor
        if actor.staffId == nil && action == .ownerCreatedAtSetup {
            auditActor = AuditActor(staffId: staff.id, email: staff.email, ip: actor.ip)
        }
        try AuditLog.record(db, action, by: auditActor, target: (AuditTarget.staff, String(staff.id!)), detail: "role \(role.rawValue)", at: now)
        return staff
    }
}
