import CSV
import Foundation

/// CSV for downloads (RFC 4180: CRLF, quotes doubled) written by CSV.swift.
/// A cell that a spreadsheet would run as a formula (starting with `=`, `+`,
/// `-`, `@`, tab or carriage return) gets a leading apostrophe (OWASP's advice
/// on CSV injection): emails, reasons and details are typed by people.
enum CSVRows {
    /// Rows, each ending in CRLF.
    static func encode(_ rows: [[String]]) throws -> [UInt8] {
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

    /// A download's file name: letters, digits and dashes from `name`, then the day.
    static func fileName(_ name: String, day: String) -> String {
        var slug = ""
        for scalar in name.lowercased().unicodeScalars {
            if scalar.isASCII, CharacterSet.alphanumerics.contains(scalar) { slug.unicodeScalars.append(scalar) }
            else if !slug.hasSuffix("-") { slug += "-" }
        }
        slug = String(slug.trimmingCharacters(in: CharacterSet(charactersIn: "-")).prefix(60))
        return (slug.isEmpty ? "sweepstakes" : slug) + "-" + day + ".csv"
    }
}
