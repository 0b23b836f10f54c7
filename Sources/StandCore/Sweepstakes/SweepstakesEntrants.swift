import Foundation

/// Who entered a sweepstakes: ranked by valid entries from the trigger-kept
/// `sweepstakes_entrants` (a walk of its index, never a sort of entries),
/// found with the user search's forgiving parsing, and each entrant's entry rows.
public enum SweepstakesEntrants {
    public struct Entrant: Sendable, Equatable, StoreRecord {
        public let userId: Int64
        public let uuid: String
        public let email: String
        public let validEntries: Int
        public let voidedEntries: Int
        /// Why they are disqualified, while they are.
        public let disqualificationReason: String?
        public var disqualified: Bool { disqualificationReason != nil }
        /// "Suspended until …" while a suspension is in force.
        public var suspension: String?

        public init(userId: Int64, uuid: String, email: String, validEntries: Int, voidedEntries: Int, disqualificationReason: String?) {
            self.userId = userId
            self.uuid = uuid
            self.email = email
            self.validEntries = validEntries
            self.voidedEntries = voidedEntries
            self.disqualificationReason = disqualificationReason
        }

        public init(row: StoreRow) {
            userId = row["user_id"]
            uuid = row["uuid"]
            email = row["email"]
            validEntries = row["valid_entries"]
            voidedEntries = row["voided_entries"]
            disqualificationReason = row["disqualification_reason"]
            suspension = AccountSuspensions.listLabel(row)
        }

        var cursor: Cursor { Cursor(validEntries: validEntries, userId: userId) }
    }

    /// Where the next page starts: the last entrant shown (`valid~userId`).
    public struct Cursor: Sendable, Equatable, LosslessStringConvertible {
        public let validEntries: Int
        public let userId: Int64

        public init(validEntries: Int, userId: Int64) {
            self.validEntries = validEntries
            self.userId = userId
        }

        public init?(_ description: String) {
            let parts = description.split(separator: "~", omittingEmptySubsequences: false)
            guard parts.count == 2, parts[0].utf8.count <= 12, parts[1].utf8.count <= 19,
                  let valid = Int(parts[0]), valid >= 0, let id = Int64(parts[1]), id > 0 else { return nil }
            self.init(validEntries: valid, userId: id)
        }

        public var description: String { "\(validEntries)~\(userId)" }
    }

    public static let pageSize = 25

    static let select = EngineSQL { engine in """
        SELECT n.user_id, n.valid_entries, n.voided_entries, u.uuid, u.email,
               (SELECT d.reason FROM sweepstakes_disqualifications d
                WHERE d.sweepstakes_id = n.sweepstakes_id AND d.user_id = n.user_id AND d.lifted_at IS NULL) AS disqualification_reason,
               \(AccountSuspensions.listColumn(userId: "n.user_id", engine))
        FROM sweepstakes_entrants n JOIN users u ON u.id = n.user_id
        """ }

    /// Most valid entries first (ties: newer accounts first), `limit` a page:
    /// the same backward walk of `sweepstakes_entrants_ranked` for every
    /// sweepstakes, so planned without knowing which.
    public static func ranked(_ db: StoreDatabase, sweepstakesId: Int64, after cursor: Cursor?, limit: Int = pageSize) throws -> KeysetPage<Entrant, Cursor> {
        var arguments: StoreArguments = [sweepstakesId]
        if let cursor { arguments += [cursor.validEntries, cursor.userId] }
        let rows = try Entrant.fetchAll(db.cachedStatement(sql: rankedSQL(db.engine, afterCursor: cursor != nil, limit: limit)), arguments: arguments)
        return KeysetPage(items: rows, limit: limit, cursor: \.cursor)
    }

    /// The sweepstakes, then the cursor's valid entries and user id when `afterCursor`.
    static func rankedSQL(_ engine: StoreEngine, afterCursor: Bool, limit: Int) -> String {
        select[engine] + " WHERE n.sweepstakes_id = " + engine.parameterUnseenByPlanner(as: "BIGINT")
            + (afterCursor ? " AND (n.valid_entries, n.user_id) < (?, ?)" : "")
            + " ORDER BY n.valid_entries DESC, n.user_id DESC" + StoreSQL.limit(limit + 1)
    }

    public enum Found: Sendable, Equatable {
        /// The entrants the search names (one for an exact UUID, email or phone).
        case entrants([Entrant])
        /// The account exists but has no entry in this sweepstakes.
        case notEntered(email: String)
        case noMatch
        case invalid(String)
    }

    /// Search within the entrants: an exact UUID, email or phone, or the start
    /// of an email (the first 25 entrants whose address starts so).
    public static func search(_ db: StoreDatabase, sweepstakesId: Int64, _ query: UserQuery) throws -> Found {
        let exact: (column: String, value: String)
        switch query {
        case .empty: return .noMatch
        case .invalidPhone(let message): return .invalid(message)
        case .uuid(let uuid): exact = ("uuid", uuid)
        case .phone(let phone): exact = ("phone", phone)
        case .email(let email): exact = ("email", email)
        case .emailPrefix(let prefix):
            let rows = try Entrant.fetchAll(db.cachedStatement(sql: select[db.engine] + """
                 WHERE n.sweepstakes_id = ? AND u.email >= ? AND u.email < ? ORDER BY u.email
                """ + StoreSQL.limit(pageSize)), arguments: [sweepstakesId, prefix, UserSearch.successor(of: prefix)])
            return rows.isEmpty ? .noMatch : .entrants(rows)
        }
        guard let user = try StoreRow.fetchOne(db.cachedStatement(sql: "SELECT id, email FROM users WHERE \(exact.column) = ?"), arguments: [exact.value]) else {
            return .noMatch
        }
        let userId: Int64 = user["id"]
        let rows = try Entrant.fetchAll(db.cachedStatement(sql: select[db.engine] + " WHERE n.sweepstakes_id = ? AND n.user_id = ?"), arguments: [sweepstakesId, userId])
        return rows.isEmpty ? .notEntered(email: user["email"]) : .entrants(rows)
    }

    /// One entry row, with who granted or voided it.
    public struct Entry: Sendable, Equatable, StoreRecord {
        public let id: Int64
        public let quantity: Int
        public let reason: String
        public let note: String?
        public let grantedBy: String?
        public let voided: Bool
        public let voidedBy: String?
        public let voidReason: String?
        public let createdAt: Date

        public init(id: Int64, quantity: Int, reason: String, note: String?, grantedBy: String?, voided: Bool,
                    voidedBy: String?, voidReason: String?, createdAt: Date) {
            self.id = id
            self.quantity = quantity
            self.reason = reason
            self.note = note
            self.grantedBy = grantedBy
            self.voided = voided
            self.voidedBy = voidedBy
            self.voidReason = voidReason
            self.createdAt = createdAt
        }

        public init(row: StoreRow) {
            id = row["id"]
            quantity = row["quantity"]
            reason = row["reason"]
            note = row["note"]
            grantedBy = row["granted_by_email"]
            voided = row["voided"]
            voidedBy = row["voided_by_email"]
            voidReason = row["void_reason"]
            createdAt = row.timestamp("created_at") ?? .distantPast
        }
    }

    public struct EntrantDetail: Sendable {
        public let entrant: Entrant?
        public let email: String
        public let uuid: String
        public let entries: [Entry]
        public let hasMore: Bool
        /// Why and since when they are disqualified, while they are.
        public let disqualification: String?
    }

    /// Valid entries per day of the sweepstakes (days with none are zero).
    public static func daily(_ db: StoreDatabase, sweepstakes: Sweepstakes) throws -> [(day: String, entries: Int)] {
        let counts = try Dictionary(StoreRow.fetchAll(db.cachedStatement(sql: """
                SELECT day, valid_entries FROM sweepstakes_daily_entries WHERE sweepstakes_id = ? AND day BETWEEN ? AND ?
                """), arguments: [sweepstakes.id, sweepstakes.startsOn, sweepstakes.endsOn]).map { ($0["day"] as String, $0["valid_entries"] as Int) },
                uniquingKeysWith: +)
        guard let start = UTCDate.parseDay(sweepstakes.startsOn), let end = UTCDate.parseDay(sweepstakes.endsOn), end >= start else { return [] }
        let days = min(Int(end.timeIntervalSince(start) / 86_400) + 1, 366)
        return (0..<days).map { offset in
            let day = UTCDate.day(UTCDate.adding(days: offset, to: start))
            return (day, counts[day] ?? 0)
        }
    }

}
