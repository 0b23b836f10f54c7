import Foundation

/// The files of personal data the console handed out (entrants CSV, audit
/// CSV, a person's data export), so that a deleted person's tombstone can
/// list the copies staff may still hold in spreadsheets. The records name a
/// sweepstakes, a UUID or a filter: no personal data of their own.
public enum ConsoleExports {
    public enum Kind: String, Sendable {
        case entrants, audit, data

        public var title: String {
            switch self {
            case .entrants: "Entrants CSV"
            case .audit: "Audit log CSV"
            case .data: "Data-access export"
            }
        }
    }

    /// In the export's own transaction (with its audit event).
    static func record(_ db: StoreDatabase, _ kind: Kind, by actor: AuditActor, sweepstakesId: Int64? = nil,
                       subjectUUID: String? = nil, auditFilter: AuditLog.Filter? = nil, at now: Date) throws {
        let filter = try auditFilter.map { String(decoding: try encoder.encode(StoredFilter($0)), as: UTF8.self) }
        try db.execute(sql: """
            INSERT INTO console_exports (kind, made_at, staff_id, sweepstakes_id, subject_uuid, filter) VALUES (?, ?, ?, ?, ?, ?)
            """, arguments: [kind.rawValue, now, actor.staffId, sweepstakesId, subjectUUID, filter])
    }

    /// In the deletion's transaction, before the account's rows go: the
    /// exports that held this person (kept by `keepCopies` once the tombstone exists).
    /// An entrants CSV held them if they had an entry in its sweepstakes by
    /// then; an audit CSV if an event about them matched its filter by then
    /// (any event, for an export made before its filter was kept); a data
    /// export if it was theirs.
    static func heldBy(_ db: StoreDatabase, userId: Int64, uuid: String) throws -> [Int64] {
        var held = try Int64.fetchAll(db, sql: """
            SELECT x.id FROM console_exports x
            WHERE (x.kind = 'data' AND x.subject_uuid = ?)
               OR (x.kind = 'entrants' AND EXISTS (
                     SELECT 1 FROM sweepstakes_entries e
                     WHERE e.user_id = ? AND e.sweepstakes_id = x.sweepstakes_id AND e.created_at <= x.made_at))
            """, arguments: [uuid, userId])
        let auditExports = try StoreRow.fetchAll(db, sql: "SELECT id, made_at, filter FROM console_exports WHERE kind = 'audit'")
        for export in auditExports {
            let madeAt: Date = export.timestamp("made_at") ?? .distantPast
            var conditions = "e.target_type = ? AND e.target_id = ? AND e.occurred_at <= ?"
            var arguments: StoreArguments = [AuditTarget.user, uuid, madeAt]
            if let text: String = export["filter"], let stored = try? decoder.decode(StoredFilter.self, from: Data(text.utf8)) {
                let (filterSQL, filterArguments) = stored.filter.sql(before: nil)
                if !filterSQL.isEmpty {
                    conditions += " AND " + filterSQL.replacingOccurrences(of: " WHERE ", with: "")
                    arguments += filterArguments
                }
            }
            if try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM audit_events e WHERE \(conditions))", arguments: arguments) == true {
                held.append(export["id"])
            }
        }
        return held
    }

    /// After the tombstone is written, in the same transaction.
    static func keepCopies(_ db: StoreDatabase, uuid: String, exportIds: [Int64]) throws {
        for id in exportIds {
            try db.execute(sql: "INSERT INTO deleted_account_copies (uuid, export_id) VALUES (?, ?) ON CONFLICT DO NOTHING", arguments: [uuid, id])
        }
    }

    /// One export that held a deleted person.
    public struct Copy: Sendable, Equatable, StoreRecord {
        public let kind: Kind
        public let madeAt: Date
        public let staffEmail: String?
        /// "Summer Sweepstakes (#3)", "filter: action user.deleted", "their own data".
        public let what: String

        public init(row: StoreRow) {
            kind = Kind(rawValue: row["kind"]) ?? .data
            madeAt = row.timestamp("made_at") ?? .distantPast
            staffEmail = row["staff_email"]
            switch kind {
            case .entrants:
                let name: String? = row["sweepstakes_name"]
                what = "\(name ?? "sweepstakes") (#\(row["sweepstakes_id"] as Int64? ?? 0))"
            case .audit:
                if let text: String = row["filter"], let stored = try? ConsoleExports.decoder.decode(StoredFilter.self, from: Data(text.utf8)) {
                    what = "filter: " + stored.filter.auditDetail
                } else {
                    what = "filter not recorded (made before the console kept it)"
                }
            case .data:
                what = "the person's own data, for their request"
            }
        }
    }

    public static func copies(_ db: StoreDatabase, uuid: String) throws -> [Copy] {
        try Copy.fetchAll(db.cachedStatement(sql: """
            SELECT x.kind, x.made_at, x.filter, x.sweepstakes_id, w.name AS sweepstakes_name, s.email AS staff_email
            FROM deleted_account_copies c JOIN console_exports x ON x.id = c.export_id
            LEFT JOIN sweepstakes w ON w.id = x.sweepstakes_id LEFT JOIN staff s ON s.id = x.staff_id
            WHERE c.uuid = ? ORDER BY x.made_at, x.id
            """), arguments: [uuid])
    }

    /// An audit filter as kept: its fields, dates as days.
    struct StoredFilter: Codable {
        var staffId: Int64?
        var action: String?
        var targetType: String?
        var targetId: String?
        var from: String?
        var through: String?
        var includeViews: Bool

        init(_ filter: AuditLog.Filter) {
            staffId = filter.staffId
            action = filter.action?.rawValue
            targetType = filter.targetType
            targetId = filter.targetId
            from = filter.from.map(UTCDate.day)
            through = filter.through.map(UTCDate.day)
            includeViews = filter.includeViews
        }

        var filter: AuditLog.Filter {
            AuditLog.Filter(staffId: staffId, action: action.flatMap(AuditAction.init(rawValue:)), targetType: targetType, targetId: targetId,
                            from: from.flatMap(UTCDate.parseDay), through: through.flatMap(UTCDate.parseDay), includeViews: includeViews)
        }
    }

    static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return encoder
    }()
    static let decoder = JSONDecoder()
}
