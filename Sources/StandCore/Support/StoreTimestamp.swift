import Foundation

/// UTC calendar arithmetic without Foundation's `Calendar`, which costs tens
/// of microseconds per call on Linux — more than the query that read the row.
/// (Howard Hinnant's days-from-civil algorithms, proleptic Gregorian.)
enum CivilTime {
    struct Fields {
        var year, month, day, hour, minute, second, millisecond: Int
    }

    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    static func civilFromDays(_ days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    static func fields(_ date: Date) -> Fields {
        let totalMilliseconds = Int((date.timeIntervalSince1970 * 1000).rounded(.down))
        var days = totalMilliseconds / 86_400_000
        var remainder = totalMilliseconds % 86_400_000
        if remainder < 0 { remainder += 86_400_000; days -= 1 }
        let (year, month, day) = civilFromDays(days)
        return Fields(year: year, month: month, day: day, hour: remainder / 3_600_000, minute: remainder / 60_000 % 60,
                      second: remainder / 1000 % 60, millisecond: remainder % 1000)
    }

    static func date(_ f: Fields) -> Date {
        let days = daysFromCivil(year: f.year, month: f.month, day: f.day)
        let seconds = Double(days * 86_400 + f.hour * 3600 + f.minute * 60 + f.second) + Double(f.millisecond) / 1000
        return Date(timeIntervalSince1970: seconds)
    }

    static func pad(_ value: Int, _ width: Int, into text: inout String) {
        let digits = String(value)
        if digits.count < width { text += String(repeating: "0", count: width - digits.count) }
        text += digits
    }
}

/// How timestamps are written in the store: UTC `YYYY-MM-DD HH:MM:SS.SSS`, as GRDB writes a `Date`.
public enum StoreTimestamp {
    public static func string(_ date: Date) -> String {
        formatted(date, length: 23)
    }

    /// The first `length` (at most 23) bytes of `YYYY-MM-DD HH:MM:SS.SSS`, with
    /// `separator` between day and time, written straight into the string's
    /// storage: the audit page formats a hundred timestamps per view, and
    /// building each from seven appended pieces was 8% of its CPU.
    static func formatted(_ date: Date, length: Int, separator: UInt8 = UInt8(ascii: " ")) -> String {
        let f = CivilTime.fields(date)
        guard (0...9999).contains(f.year) else {
            let text = slowString(f, separator: separator)
            return length == 23 ? text : String(text.prefix(length))
        }
        return String(unsafeUninitializedCapacity: 23) { buffer in
            func put(_ value: Int, width: Int, at position: Int, then separator: UInt8?) {
                var value = value
                for offset in stride(from: width - 1, through: 0, by: -1) {
                    buffer[position + offset] = UInt8(ascii: "0") + UInt8(value % 10)
                    value /= 10
                }
                if let separator { buffer[position + width] = separator }
            }
            put(f.year, width: 4, at: 0, then: UInt8(ascii: "-"))
            put(f.month, width: 2, at: 5, then: UInt8(ascii: "-"))
            put(f.day, width: 2, at: 8, then: separator)
            put(f.hour, width: 2, at: 11, then: UInt8(ascii: ":"))
            put(f.minute, width: 2, at: 14, then: UInt8(ascii: ":"))
            put(f.second, width: 2, at: 17, then: UInt8(ascii: "."))
            put(f.millisecond, width: 3, at: 20, then: nil)
            return length
        }
    }

    private static func slowString(_ f: CivilTime.Fields, separator: UInt8) -> String {
        var text = ""
        CivilTime.pad(f.year, 4, into: &text); text += "-"
        CivilTime.pad(f.month, 2, into: &text); text += "-"
        CivilTime.pad(f.day, 2, into: &text); text += String(UnicodeScalar(separator))
        CivilTime.pad(f.hour, 2, into: &text); text += ":"
        CivilTime.pad(f.minute, 2, into: &text); text += ":"
        CivilTime.pad(f.second, 2, into: &text); text += "."
        CivilTime.pad(f.millisecond, 3, into: &text)
        return text
    }

    /// Reads `YYYY-MM-DD`, `YYYY-MM-DD HH:MM[:SS[.SSS]]` (or with `T` and a trailing `Z`),
    /// or a number of seconds since 1970, as other writers may use.
    public static func date(_ value: StoreScalar) -> Date? {
        switch value {
        case .real(let seconds): return Date(timeIntervalSince1970: seconds)
        case .integer(let seconds): return Date(timeIntervalSince1970: Double(seconds))
        case .text(let text): return date(text)
        default: return nil
        }
    }

    public static func date(_ text: String) -> Date? {
        var text = text
        // Read in place: every timestamp of every row read goes through here.
        return text.withUTF8 { bytes in
            parse(bytes.last == UInt8(ascii: "Z") ? UnsafeBufferPointer(rebasing: bytes.dropLast()) : bytes)
        }
    }

    private static func parse(_ utf8: UnsafeBufferPointer<UInt8>) -> Date? {
        func number(_ start: Int, _ length: Int) -> Int? {
            guard start + length <= utf8.count else { return nil }
            var result = 0
            for byte in utf8[start..<(start + length)] {
                guard byte >= 48 && byte <= 57 else { return nil }
                result = result * 10 + Int(byte - 48)
            }
            return result
        }
        guard let year = number(0, 4), let month = number(5, 2), let day = number(8, 2),
              utf8.count >= 10, utf8[4] == UInt8(ascii: "-"), utf8[7] == UInt8(ascii: "-"),
              (1...12).contains(month), (1...31).contains(day)
        else { return nil }
        var fields = CivilTime.Fields(year: year, month: month, day: day, hour: 0, minute: 0, second: 0, millisecond: 0)
        if utf8.count > 10 {
            guard utf8[10] == UInt8(ascii: " ") || utf8[10] == UInt8(ascii: "T"),
                  let hour = number(11, 2), let minute = number(14, 2) else { return nil }
            fields.hour = hour
            fields.minute = minute
            if utf8.count > 16 {
                guard let second = number(17, 2) else { return nil }
                fields.second = second
            }
            if utf8.count > 20, utf8[19] == UInt8(ascii: ".") {
                let digits = min(3, utf8.count - 20)
                guard let fraction = number(20, digits) else { return nil }
                fields.millisecond = fraction * (digits == 1 ? 100 : digits == 2 ? 10 : 1)
            }
        }
        return CivilTime.date(fields)
    }
}
