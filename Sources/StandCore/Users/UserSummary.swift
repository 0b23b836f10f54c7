import Foundation

/// One row of a user listing: what support needs to recognise an account.
/// Decoded by hand: fifty per page, and Codable decoding was a visible share of it.
public struct UserSummary: Sendable, Equatable, StoreRecord {
    public let id: Int64
    public let uuid: String
    public let email: String
    public let phone: String
    public let birthdate: String
    public let points: Int
    public let currentStreak: Int
    public let createdAt: Date
    /// `created_at` as the store holds it: the newest-first list pages on it.
    public let createdAtText: String
    /// "Suspended until …" while a suspension is in force.
    public let suspension: String?

    /// The columns, in the order `init(row:)` reads them; the last is the end
    /// of a suspension in force now ('' until lifted, NULL when none): one
    /// lookup on `account_suspensions_by_user` per row of a page.
    static let columns = EngineSQL { engine in
        "id, uuid, email, phone, birthdate, points, current_streak, created_at, " + AccountSuspensions.listColumn(userId: "users.id", engine)
    }

    public init(row: StoreRow) {
        id = row[0]
        uuid = row[1]
        email = row[2]
        phone = row[3]
        birthdate = row[4]
        points = row[5]
        currentStreak = row[6]
        let created = row.scalar(at: 7)
        createdAt = StoreTimestamp.date(created) ?? .distantPast
        createdAtText = String.fromStore(created) ?? ""
        suspension = AccountSuspensions.listLabel(row)
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
