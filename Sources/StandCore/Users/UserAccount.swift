import Foundation

/// One app account as support sees it. The password hash is never selected.
public struct UserAccount: Sendable, Equatable, StoreRecord {
    public let id: Int64
    public let uuid: String
    public let email: String
    public let phone: String
    public let birthdate: String
    public let reminderTime: String
    public let points: Int
    public let currentStreak: Int
    public let longestStreak: Int
    public let lastStoodOn: String?
    public let createdAt: Date
    public let updatedAt: Date
    public let version: Int
    /// When it was last signed out everywhere (migration 014), if ever.
    public let tokensValidAfter: Date?

    /// The columns read; `password_hash` is deliberately not among them.
    static let columns = """
        id, uuid, email, phone, birthdate, reminder_time, points, current_streak, longest_streak,
        last_stood_on, created_at, updated_at, version, tokens_valid_after
        """

    public init(row: StoreRow) {
        id = row["id"]
        uuid = row["uuid"]
        email = row["email"]
        phone = row["phone"]
        birthdate = row["birthdate"]
        reminderTime = row["reminder_time"]
        points = row["points"]
        currentStreak = row["current_streak"]
        longestStreak = row["longest_streak"]
        lastStoodOn = row["last_stood_on"]
        createdAt = row.timestamp("created_at") ?? .distantPast
        updatedAt = row.timestamp("updated_at") ?? .distantPast
        version = row["version"]
        tokensValidAfter = row.timestamp("tokens_valid_after")
    }

    /// The fields support can edit, as they are now.
    public var editableFields: UserEdit.Fields {
        UserEdit.Fields(email: email, phone: phone, birthdate: birthdate, reminderTime: reminderTime)
    }

    public func age(on today: Date = Date()) -> Int? {
        UserAge.years(birthdate: birthdate, on: today)
    }

    /// A cached statement: this runs on every user page and edit.
    public static func find(_ db: StoreDatabase, uuid: String) throws -> UserAccount? {
        try UserAccount.fetchOne(db.cachedStatement(sql: "SELECT \(columns) FROM users WHERE uuid = ?"), arguments: [uuid])
    }

}
