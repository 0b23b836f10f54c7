import Foundation
import GRDB

/// 009: personal data out of the audit log.
///
/// Until now an audit export (`audit.exported`) kept the export's address with
/// its filter, and the filter held the email or phone typed to find an account:
/// bytes an erasure could never remove, since audit events are append-only.
/// This rewrites those details to ids and words (`AuditLog.Filter.auditDetail`):
/// an account found then is named by its UUID, one not found any more is named
/// as such. It is the one sanctioned change to written audit rows: the
/// append-only trigger is lifted for this statement only, and the rewrite is
/// itself an event (`audit.redacted`) in the same transaction.
enum Migration009 {
    static func apply(_ db: Database) throws {
        let exports = try Row.fetchAll(db, sql: "SELECT id, detail FROM audit_events WHERE action = ? AND detail LIKE '/%'",
                                       arguments: [AuditAction.auditExported.rawValue])
        guard !exports.isEmpty else { return }
        try db.execute(sql: "DROP TRIGGER audit_events_no_update")
        for export in exports {
            let detail = try rewrittenDetail(db, address: export["detail"])
            try db.execute(sql: "UPDATE audit_events SET detail = ? WHERE id = ?", arguments: [detail, export["id"] as Int64])
        }
        try db.execute(sql: """
            CREATE TRIGGER audit_events_no_update BEFORE UPDATE ON audit_events BEGIN
                SELECT RAISE(ABORT, 'audit events are append-only');
            END;
            """)
        try AuditLog.record(StoreDatabase(sqlite: db), .auditRedacted, by: .system,
                            detail: "migration 009: \(exports.count) export filter\(exports.count == 1 ? "" : "s") rewritten to ids")
    }

    /// `/audit.csv?staff=3&target=ana%40example.com&from=…` → "by staff #3, about user <uuid>, from …".
    static func rewrittenDetail(_ db: Database, address: String) throws -> String {
        let items = URLComponents(string: address)?.queryItems ?? []
        func value(_ name: String) -> String? { items.first { $0.name == name }?.value.flatMap { $0.isEmpty ? nil : $0 } }
        var filter = AuditLog.Filter(
            staffId: value("staff").flatMap { Int64($0) },
            action: value("action").flatMap(AuditAction.init(rawValue:)),
            from: value("from").flatMap(UTCDate.parseDay),
            through: value("through").flatMap(UTCDate.parseDay),
            includeViews: value("views") == "1"
        )
        var detail = filter.auditDetail
        if let typed = value("target") {
            if case .account(let uuid) = try UserSearch.run(StoreDatabase(sqlite: db), UserQuery(typed), limit: 1) {
                filter.targetType = AuditTarget.user
                filter.targetId = uuid
                detail = filter.auditDetail
            } else {
                detail = (detail == "everything" ? "" : detail + ", ") + "about an account no longer found (what was typed is removed)"
            }
        }
        return detail
    }
}
