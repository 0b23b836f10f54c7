import Foundation

/// The search box: exact lookups by UUID, email or phone, and email prefixes,
/// all on indexes (never `LIKE '%…%'`, never OFFSET).
public enum UserSearch {
    public enum Outcome: Sendable, Equatable {
        /// An exact hit: open the account (live or deleted) at this UUID.
        case account(uuid: String)
        /// Email prefix matches, ordered by email; `nextCursor` is the last email shown.
        case matches(items: [UserSummary], nextCursor: String?)
        case noMatch
        /// The text cannot be what it looks like (a phone with 9 digits): the message says why.
        case invalid(String)
        case empty
    }

    /// `after` is the email of the last row of the previous page.
    public static func run(_ db: StoreDatabase, _ query: UserQuery, after: String? = nil, limit: Int) throws -> Outcome {
        switch query {
        case .empty:
            return .empty
        case .invalidPhone(let message):
            return .invalid(message)
        case .uuid(let uuid):
            let known = try Bool.fetchOne(db.cachedStatement(sql: """
                SELECT EXISTS (SELECT 1 FROM users WHERE uuid = ?) OR EXISTS (SELECT 1 FROM deleted_accounts WHERE uuid = ?)
                """), arguments: [uuid, uuid]) ?? false
            return known ? .account(uuid: uuid) : .noMatch
        case .phone(let e164):
            let uuid = try String.fetchOne(db.cachedStatement(sql: "SELECT uuid FROM users WHERE phone = ?"), arguments: [e164])
            return uuid.map { .account(uuid: $0) } ?? .noMatch
        case .email(let email):
            // A whole address that is nobody's may still start someone's (`jane@example.co`).
            if after == nil, let uuid = try String.fetchOne(db.cachedStatement(sql: "SELECT uuid FROM users WHERE email = ?"), arguments: [email]) {
                return .account(uuid: uuid)
            }
            return try prefix(db, email, after: after, limit: limit)
        case .emailPrefix(let text):
            return try prefix(db, text, after: after, limit: limit)
        }
    }

    /// A range on the NOCASE unique index of `email`: `email >= prefix AND email < prefix⁺`.
    static func prefix(_ db: StoreDatabase, _ prefix: String, after: String?, limit: Int) throws -> Outcome {
        let lower = Self.asciiLowercased(prefix)
        // One lower bound only: given `>= prefix AND > after`, SQLite starts the
        // index range at the prefix and filters its way to the cursor, so page
        // 1,000 would read 50,000 entries. The cursor starts with the prefix
        // (it is a result), so it alone is the lower bound.
        // The same walk of the email index for any prefix: planned without it.
        let bound = db.engine.parameterUnseenByPlanner(as: "CITEXT")
        var sql = prefixSQL[db.engine]
        let arguments: StoreArguments
        if let after, asciiLowercased(after).hasPrefix(lower) {
            sql += "email > \(bound) AND email < \(bound)"
            arguments = [after, Self.successor(of: lower)]
        } else {
            sql += "email >= \(bound) AND email < \(bound)"
            arguments = [lower, Self.successor(of: lower)]
        }
        sql += " ORDER BY email" + StoreSQL.limit(limit + 1)
        let rows = try UserSummary.fetchAll(db.cachedStatement(sql: sql), arguments: arguments)
        if rows.isEmpty { return after == nil ? .noMatch : .matches(items: [], nextCursor: nil) }
        // One row more than a page was read: its presence says a next page exists.
        let items = Array(rows.prefix(limit))
        return .matches(items: items, nextCursor: rows.count > limit ? items.last?.email : nil)
    }

    static let prefixSQL = EngineSQL { "SELECT \(UserSummary.columns[$0]) FROM users WHERE " }

    /// SQLite's NOCASE folds ASCII letters only; folding anything else would miss rows.
    static func asciiLowercased(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { scalar in
            (65...90).contains(scalar.value) ? Unicode.Scalar(scalar.value + 32)! : scalar
        }))
    }

    /// The smallest string greater than every string starting with `prefix`
    /// (UTF-8 byte order is code point order, which NOCASE compares after folding).
    static func successor(of prefix: String) -> String {
        var scalars = Array(prefix.unicodeScalars)
        while let last = scalars.popLast() {
            var next = last.value + 1
            if next == 0xD800 { next = 0xE000 }
            if let scalar = Unicode.Scalar(next) {
                scalars.append(scalar)
                return String(String.UnicodeScalarView(scalars))
            }
        }
        return "\u{10FFFF}"
    }
}
