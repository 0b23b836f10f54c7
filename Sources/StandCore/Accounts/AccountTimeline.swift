import Foundation

/// Everything that happened to one account, in time order, newest first:
/// answers, entries, suggestions, deletion requests, suspensions, notes and
/// what staff did to it (the audit events about it, views aside). 50 a page
/// by keyset on (time, kind, id), filterable by kind. Each kind is read from
/// its own index, newest first and one more than a page, and the pages are
/// merged here: an account with 100,000 answers costs what one with ten does.
public struct AccountTimeline: Sendable {
    let store: StandStore

    public init(store: StandStore) {
        self.store = store
    }

    /// In the order ties are broken (a later kind first at the same instant).
    public enum Kind: String, Sendable, CaseIterable, Comparable, LosslessStringConvertible {
        case answer, entry, suggestion, deletionRequest = "deletion-request", suspension, note, staff

        var rank: Int { Self.allCases.firstIndex(of: self)! }

        public static func < (lhs: Kind, rhs: Kind) -> Bool { lhs.rank < rhs.rank }

        public init?(_ description: String) { self.init(rawValue: description) }
        public var description: String { rawValue }
    }

    public struct Item: Sendable, Equatable {
        public let kind: Kind
        public let id: Int64
        /// As stored (`YYYY-MM-DD HH:MM:SS.SSS`): the cursor's time.
        public let at: String
        /// What it was, in a few words, from the store (the page words it).
        public let text: String
        /// More: a choice, a quantity, a status, who.
        public let detail: String?
        /// What it points at: a question, a sweepstakes, a suggestion (by kind).
        public let reference: Int64?

        public var date: Date { StoreTimestamp.date(at) ?? .distantPast }

        public init(kind: Kind, id: Int64, at: String, text: String, detail: String?, reference: Int64?) {
            self.kind = kind
            self.id = id
            self.at = at
            self.text = text
            self.detail = detail
            self.reference = reference
        }
    }

    /// Where a page starts: after this item, going back in time.
    public struct Cursor: Sendable, Equatable, LosslessStringConvertible {
        public let at: String
        public let kind: Kind
        public let id: Int64

        public init(at: String, kind: Kind, id: Int64) {
            self.at = at
            self.kind = kind
            self.id = id
        }

        /// `time~kind~id`.
        public init?(_ description: String) {
            let parts = description.split(separator: "~", omittingEmptySubsequences: false)
            guard parts.count == 3, parts[0].utf8.count == 23, StoreTimestamp.date(String(parts[0])) != nil,
                  let kind = Kind(rawValue: String(parts[1])), parts[2].utf8.count <= 19, let id = Int64(parts[2]) else { return nil }
            self.init(at: String(parts[0]), kind: kind, id: id)
        }

        public var description: String { "\(at)~\(kind.rawValue)~\(id)" }
    }

    public struct Page: Sendable {
        public let items: [Item]
        public let next: Cursor?

        public init(items: [Item], next: Cursor?) {
            self.items = items
            self.next = next
        }
    }

    public static let pageSize = 50

    public func page(uuid: String, kinds: Set<Kind> = Set(Kind.allCases), after cursor: Cursor? = nil, limit: Int = pageSize) async throws -> Page? {
        try await store.read { db in
            guard let user = try UserAccount.find(db, uuid: uuid) else { return nil }
            var items = try Self.newest(db, kinds: kinds, userId: user.id, uuid: uuid, after: cursor, limit: limit + 1)
            items.sort { ($0.at, $0.kind, $0.id) > ($1.at, $1.kind, $1.id) }
            let shown = Array(items.prefix(limit))
            return Page(items: shown, next: items.count > limit ? shown.last.map { Cursor(at: $0.at, kind: $0.kind, id: $0.id) } : nil)
        }
    }

    /// Each kind's newest `limit` items before `cursor`. On PostgreSQL in one
    /// statement, since there each statement is a round trip: an account
    /// with 10,000 answers on 10,000,000 accounts, first page at 697-806
    /// req/s with a statement per kind, 804-997 as one (16 connections, same
    /// runs alternating). On SQLite a statement is a call, and the one
    /// statement was 4-7% slower than seven (1,597-1,894 vs 1,624-1,963).
    static func newest(_ db: StoreDatabase, kinds: Set<Kind>, userId: Int64, uuid: String, after cursor: Cursor?, limit: Int) throws -> [Item] {
        func item(_ kind: Kind, _ row: StoreRow) -> Item {
            Item(kind: kind, id: row["id"], at: row["at"], text: row["text"] ?? "", detail: row["detail"], reference: row["reference"])
        }
        switch db.engine {
        case .postgres:
            let (sql, arguments) = pageQuery(kinds: kinds, userId: userId, uuid: uuid, after: cursor, limit: limit)
            return try StoreRow.fetchAll(db.cachedStatement(sql: sql), arguments: arguments).compactMap { row in
                Kind(rawValue: row["kind"]).map { item($0, row) }
            }
        case .sqlite:
            return try Kind.allCases.filter(kinds.contains).flatMap { kind in
                let (sql, arguments) = query(kind: kind, userId: userId, uuid: uuid, after: cursor, limit: limit)
                return try StoreRow.fetchAll(db.cachedStatement(sql: sql), arguments: arguments).map { item(kind, $0) }
            }
        }
    }

    /// The kinds' SELECTs of `query`, each its own subquery (its index, its
    /// order and its limit), joined by UNION ALL and told apart by `kind`.
    static func pageQuery(kinds: Set<Kind>, userId: Int64, uuid: String, after cursor: Cursor?, limit: Int) -> (sql: String, arguments: StoreArguments) {
        var parts: [String] = []
        var arguments: StoreArguments = []
        for kind in Kind.allCases where kinds.contains(kind) {
            let (sql, kindArguments) = query(kind: kind, userId: userId, uuid: uuid, after: cursor, limit: limit)
            parts.append("SELECT '\(kind.rawValue)' AS kind, id, at, text, detail, reference FROM (\(sql)) AS page_\(parts.count)")
            arguments += kindArguments
        }
        return (parts.joined(separator: "\nUNION ALL\n"), arguments)
    }

    /// One kind's SELECT (alone, or in `pageQuery`). Within the cursor's own kind the keyset is a
    /// row value, `(time, id) < (?, ?)`: PostgreSQL reads it as a bound on
    /// the owner's index and walks it backwards to the limit, where the same
    /// test spelt `time < ? OR (time = ? AND id < ?)` made it fetch every row
    /// of the owner and sort them (an account with 10,000 answers: 30.8 ms a
    /// page on the 10,000,000-user store, 0.2 ms as a row value).
    static func query(kind: Kind, userId: Int64, uuid: String, after cursor: Cursor?, limit: Int) -> (sql: String, arguments: StoreArguments) {
        let (select, owner, time, id) = source(kind)
        var sql = select + " WHERE " + owner
        var arguments: StoreArguments = [kind == .staff || kind == .deletionRequest ? uuid : userId]
        if kind == .deletionRequest { arguments += [userId] }
        if let cursor {
            // (time, kind, id) < cursor, with this kind's place fixed.
            if kind < cursor.kind {
                sql += " AND \(time) <= ?"
                arguments += [cursor.at]
            } else if kind == cursor.kind {
                sql += " AND (\(time), \(id)) < (?, ?)"
                arguments += [cursor.at, cursor.id]
            } else {
                sql += " AND \(time) < ?"
                arguments += [cursor.at]
            }
        }
        sql += " ORDER BY \(time) DESC, \(id) DESC" + StoreSQL.limit(limit)
        return (sql, arguments)
    }

    /// Each kind's SELECT (`id`, `at`, `text`, `detail`, `reference`), its owner test, and its time and id columns.
    static func source(_ kind: Kind) -> (select: String, owner: String, time: String, id: String) {
        switch kind {
        case .answer:
            return ("""
                SELECT a.id, a.answered_at AS at, q.text, c.text AS detail, a.question_id AS reference
                FROM answers a JOIN daily_questions q ON q.id = a.question_id
                     LEFT JOIN question_choices c ON c.question_id = a.question_id AND c.position = a.choice_position
                """, "a.user_id = ?", "a.answered_at", "a.id")
        case .entry:
            return ("""
                SELECT e.id, e.created_at AS at, s.name AS text,
                       e.quantity || ' ' || e.reason || CASE WHEN e.voided = 1 THEN ' (voided)' ELSE '' END AS detail, e.sweepstakes_id AS reference
                FROM sweepstakes_entries e JOIN sweepstakes s ON s.id = e.sweepstakes_id
                """, "e.user_id = ?", "e.created_at", "e.id")
        case .suggestion:
            return ("SELECT g.id, g.created_at AS at, g.text, g.status AS detail, g.question_id AS reference FROM suggestions g",
                    "g.user_id = ?", "g.created_at", "g.id")
        case .deletionRequest:
            return ("SELECT r.id, r.created_at AS at, r.source AS text, r.status AS detail, CAST(NULL AS BIGINT) AS reference FROM deletion_requests r",
                    "(r.user_uuid = ? OR r.user_id = ?)", "r.created_at", "r.id")
        case .suspension:
            return ("""
                SELECT s.id, s.starts_at AS at, s.reason AS text,
                       CASE WHEN s.lifted_at IS NOT NULL THEN 'lifted ' || s.lifted_at WHEN s.ends_at IS NULL THEN 'until lifted'
                            ELSE 'until ' || s.ends_at END AS detail, CAST(NULL AS BIGINT) AS reference
                FROM account_suspensions s
                """, "s.user_id = ?", "s.starts_at", "s.id")
        case .note:
            return ("""
                SELECT n.id, n.created_at AS at, n.body AS text, st.email AS detail, CAST(NULL AS BIGINT) AS reference
                FROM account_notes n LEFT JOIN staff st ON st.id = n.author_id
                """, "n.user_id = ?", "n.created_at", "n.id")
        case .staff:
            // Views aside (the audit log has them), and the kinds above that have their own rows.
            return ("""
                SELECT v.id, v.occurred_at AS at, v.action AS text, v.detail, CAST(NULL AS BIGINT) AS reference FROM audit_events v
                """, """
                v.target_type = 'user' AND v.target_id = ? AND v.action <> 'user.viewed' AND v.action NOT IN ('user.viewed', 'user.suspended', 'user.note_added', 'deletion_request.opened')
                """, "v.occurred_at", "v.id")
        }
    }
}
