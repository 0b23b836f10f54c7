import Foundation
import GRDB

/// One row of a user listing: what support needs to recognise an account.
/// Decoded by hand: fifty per page, and Codable decoding was a visible share of it.
public struct UserSummary: Sendable, Equatable, FetchableRecord {
    public let id: Int64
    public let uuid: String
    public let email: String
    public let phone: String
    public let birthdate: String
    public let points: Int
    public let currentStreak: Int
    public let createdAt: Date

    /// The columns, in the order `init(row:)` reads them.
    static let columns = "id, uuid, email, phone, birthdate, points, current_streak, created_at"

    public init(row: Row) {
        id = row[0]
        uuid = row[1]
        email = row[2]
        phone = row[3]
        birthdate = row[4]
        points = row[5]
        currentStreak = row[6]
        createdAt = StoreTimestamp.date(row[7] as DatabaseValue) ?? .distantPast
    }

    /// Whole years since the birthdate, on the UTC day of `today`.
    public func age(on today: Date = Date()) -> Int? {
        UserAge.years(birthdate: birthdate, on: today)
    }
}

public enum UserAge {
    /// Whole years from a `YYYY-MM-DD` birthdate to the UTC day of `today`; nil if unreadable.
    /// Reads the bytes directly: it runs for every row of a result page.
    public static func years(birthdate: String, on today: Date) -> Int? {
        var utf8 = birthdate.utf8.makeIterator()
        func number(_ digits: Int) -> Int? {
            var value = 0
            for _ in 0..<digits {
                guard let byte = utf8.next(), byte >= 48, byte <= 57 else { return nil }
                value = value * 10 + Int(byte - 48)
            }
            return value
        }
        guard let year = number(4), utf8.next() == UInt8(ascii: "-"), let month = number(2),
              utf8.next() == UInt8(ascii: "-"), let day = number(2), utf8.next() == nil else { return nil }
        let now = CivilTime.fields(today)
        var years = now.year - year
        // A 29 February birthday comes round on 1 March in common years.
        if (now.month, now.day) < (month, day) { years -= 1 }
        return years
    }
}

/// Listing accounts, newest first, by keyset on the row id (never OFFSET, never COUNT).
public enum UserDirectory {
    public static func newest(_ db: Database, before: Int64?, limit: Int) throws -> KeysetPage<UserSummary, Int64> {
        var sql = "SELECT \(UserSummary.columns) FROM users"
        var arguments: StatementArguments = []
        if let before {
            sql += " WHERE id < ?"
            arguments += [before]
        }
        sql += " ORDER BY id DESC LIMIT ?"
        arguments += [limit + 1]
        return KeysetPage(items: try UserSummary.fetchAll(db, sql: sql, arguments: arguments), limit: limit, cursor: { $0.id })
    }

    public static func newest(_ store: StandStore, before: Int64?, limit: Int) async throws -> KeysetPage<UserSummary, Int64> {
        try await store.read { db in try newest(db, before: before, limit: limit) }
    }
}
