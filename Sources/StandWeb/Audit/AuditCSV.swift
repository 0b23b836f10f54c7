import Foundation
import StandCore

/// The audit log's columns for its CSV download (`CSVRows` writes it).
enum AuditCSV {
    static let header = ["id", "occurred_at_utc", "staff_email", "action", "what", "target_type", "target_id", "target", "detail", "ip"]

    static func fields(_ entry: AuditLog.Entry) -> [String] {
        let event = entry.event
        return [
            event.id.map { String($0) } ?? "", UTCDate.iso8601(event.occurredAt), event.staffEmail ?? "", event.action,
            AuditWording.describe(event), event.targetType ?? "", event.targetId ?? "", entry.targetLabel ?? "",
            event.detail ?? "", event.ip ?? "",
        ]
    }
}
