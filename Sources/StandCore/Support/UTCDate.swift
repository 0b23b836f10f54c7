import Foundation

/// Calendar dates and times of day, always in UTC, as the store writes them.
public enum UTCDate {
    public static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()

    /// `YYYY-MM-DD` of the UTC day containing `date`.
    public static func day(_ date: Date) -> String {
        StoreTimestamp.formatted(date, length: 10)
    }

    /// The start of the UTC day a `YYYY-MM-DD` names; nil for anything else
    /// (other lengths, or a day that does not exist such as 2026-02-30).
    public static func parseDay(_ text: String) -> Date? {
        guard text.utf8.count == 10, let date = StoreTimestamp.date(text), day(date) == text else { return nil }
        return date
    }

    /// `YYYY-MM-DD HH:MM UTC`, for pages.
    public static func minute(_ date: Date) -> String {
        StoreTimestamp.formatted(date, length: 16) + " UTC"
    }

    /// ISO 8601 (`2026-11-23T10:00:00Z`), for `<time datetime>` and the browser's local-time script.
    public static func iso8601(_ date: Date) -> String {
        StoreTimestamp.formatted(date, length: 19, separator: UInt8(ascii: "T")) + "Z"
    }

    /// RFC 3339 with milliseconds (`2026-11-23T10:00:00.123Z`), for other programs (docs/erasure.md).
    public static func rfc3339Milliseconds(_ date: Date) -> String {
        StoreTimestamp.formatted(date, length: 23, separator: UInt8(ascii: "T")) + "Z"
    }

    public static func adding(days: Int, to date: Date) -> Date {
        date.addingTimeInterval(Double(days) * 86_400)
    }
}

extension UTCDate {
    /// The `YYYY-MM-DD` after a valid `YYYY-MM-DD`.
    public static func dayAfter(_ day: String) -> String {
        guard let date = parseDay(day) else { return day }
        return self.day(adding(days: 1, to: date))
    }
}
