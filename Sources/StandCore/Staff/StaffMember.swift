import Foundation

/// A person who signs in to the console.
public struct StaffMember: Codable, Sendable, Identifiable, StoreRecord {
    public var id: Int64?
    public var email: String
    /// bcrypt; never rendered, logged or exported.
    public var passwordHash: String
    public var role: StaffRole
    public var disabled: Bool
    public var createdAt: Date
    public var lastLoginAt: Date?
    public var passwordChangedAt: Date

    enum CodingKeys: String, CodingKey {
        case id, email, role, disabled
        case passwordHash = "password_hash"
        case createdAt = "created_at"
        case lastLoginAt = "last_login_at"
        case passwordChangedAt = "password_changed_at"
    }

    public init(id: Int64?, email: String, passwordHash: String, role: StaffRole, disabled: Bool, createdAt: Date, lastLoginAt: Date?, passwordChangedAt: Date) {
        self.id = id
        self.email = email
        self.passwordHash = passwordHash
        self.role = role
        self.disabled = disabled
        self.createdAt = createdAt
        self.lastLoginAt = lastLoginAt
        self.passwordChangedAt = passwordChangedAt
    }

    /// Read by hand rather than through `Decodable`: every request reads one.
    public init(row: StoreRow) throws {
        id = row["id"]
        email = row["email"]
        passwordHash = row["password_hash"]
        role = StaffRole(rawValue: row["role"]) ?? .support
        disabled = row["disabled"]
        createdAt = row.timestamp("created_at") ?? .distantPast
        lastLoginAt = row.timestamp("last_login_at")
        passwordChangedAt = row.timestamp("password_changed_at") ?? .distantPast
    }

    /// Insert the row and take the id the store gave it.
    mutating func insert(_ db: StoreDatabase) throws {
        id = try Int64.fetchOne(db, sql: """
            INSERT INTO staff (email, password_hash, role, disabled, created_at, last_login_at, password_changed_at)
            VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id
            """, arguments: [email, passwordHash, role.rawValue, disabled, createdAt, lastLoginAt, passwordChangedAt])
    }

    static func find(_ db: StoreDatabase, id: Int64) throws -> StaffMember? {
        try fetchOne(db.cachedStatement(sql: "SELECT * FROM staff WHERE id = ?"), arguments: [id])
    }

    /// Emails are compared case-insensitively (the column's collation).
    static func find(_ db: StoreDatabase, email: String) throws -> StaffMember? {
        try fetchOne(db, sql: "SELECT * FROM staff WHERE email = ?", arguments: [email])
    }

    public func can(_ permission: Permission) -> Bool {
        !disabled && permission.isGranted(to: role)
    }
}

extension AuditActor {
    /// A signed-in staff member, from the address they came from.
    public init(_ staff: StaffMember, ip: String?) {
        self.init(staffId: staff.id, email: staff.email, ip: ip)
    }
}
