import Foundation

/// CSV for downloads (RFC 4180: CRLF, a field with a comma, quote or line
/// break quoted, its quotes doubled), written byte by byte: CSV.swift's writer
/// (which still reads uploads) went through Foundation's streams and string
/// search for every field, and took 55 % of the console's CPU in an export of
/// a million entrants. A cell that a spreadsheet would run as a formula
/// (starting with `=`, `+`, `-`, `@`, tab or carriage return) gets a leading
/// apostrophe (OWASP's advice on CSV injection): emails, reasons and details
/// are typed by people.
enum CSVRows {
    /// Rows, each ending in CRLF.
    static func encode(_ rows: [[String]]) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(rows.count * 80)
        for row in rows {
            for (index, cell) in row.enumerated() {
                if index > 0 { bytes.append(comma) }
                append(field: formulaSafe(cell), to: &bytes)
            }
            bytes += [carriageReturn, lineFeed]
        }
        return bytes
    }

    private static let comma = UInt8(ascii: ","), quote = UInt8(ascii: "\""), carriageReturn: UInt8 = 13, lineFeed: UInt8 = 10

    private static func append(field: String, to bytes: inout [UInt8]) {
        var field = field
        field.withUTF8 { utf8 in
            guard utf8.contains(where: { $0 == comma || $0 == quote || $0 == carriageReturn || $0 == lineFeed }) else {
                bytes.append(contentsOf: utf8)
                return
            }
            bytes.append(quote)
            for byte in utf8 {
                bytes.append(byte)
                if byte == quote { bytes.append(quote) }
            }
            bytes.append(quote)
        }
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
