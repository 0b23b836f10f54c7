import CSV
import Foundation
import StandCore

/// The audit log as CSV (RFC 4180: CRLF, quotes doubled) written by CSV.swift.
/// A cell that a spreadsheet would run as a formula (starting with `=`, `+`,
/// `-`, `@`, tab or carriage return) gets a leading apostrophe (OWASP's advice
/// on CSV injection): staff emails and details are typed by people.
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

    /// Rows, each ending in CRLF.
    static func rows(_ rows: [[String]]) throws -> [UInt8] {
        let stream = OutputStream(toMemory: ())
        stream.open()
        let writer = try CSVWriter(stream: stream, newline: .crlf)
        for row in rows { try writer.write(row: row.map(formulaSafe)) }
        stream.close()
        let data = stream.property(forKey: .dataWrittenToMemoryStreamKey) as? Data ?? Data()
        // The writer puts the line break before each row but the first; end this batch's last row.
        return rows.isEmpty ? [] : Array(data) + [13, 10]
    }

    static func formulaSafe(_ cell: String) -> String {
        guard let first = cell.unicodeScalars.first, "=+-@\t\r".unicodeScalars.contains(first) else { return cell }
        return "'" + cell
    }
}
