import Foundation

/// A month of UTC days, as `?month=2026-12` names it. Years are bounded so
/// that any month a request names is one the calendar can draw.
public struct CalendarMonth: Sendable, Equatable, LosslessStringConvertible {
    public let year: Int
    public let month: Int

    public static let years = 2000...2100

    public init?(year: Int, month: Int) {
        guard Self.years.contains(year), (1...12).contains(month) else { return nil }
        self.year = year
        self.month = month
    }

    /// `YYYY-MM`, nothing else.
    public init?(_ description: String) {
        let parts = description.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].utf8.count == 4, parts[1].utf8.count == 2,
              parts.allSatisfy({ $0.utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) } }),
              let year = Int(parts[0]), let month = Int(parts[1]) else { return nil }
        self.init(year: year, month: month)
    }

    /// The month holding a `YYYY-MM-DD` day.
    public init?(day: String) {
        self.init(String(day.prefix(7)))
    }

    public init(containing date: Date) {
        let parts = UTCDate.calendar.dateComponents([.year, .month], from: date)
        self.init(year: parts.year!, month: parts.month!)!
    }

    public var description: String {
        (year < 1000 ? String(repeating: "0", count: 4 - String(year).count) : "") + String(year) + "-" + (month < 10 ? "0" : "") + String(month)
    }

    /// English names, whatever the machine's locale (Foundation on Linux gives "M11" without one).
    static let names = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"]

    public var title: String {
        Self.names[month - 1] + " " + String(year)
    }

    public var dayCount: Int {
        UTCDate.calendar.range(of: .day, in: .month, for: firstDay)!.count
    }

    public var firstDay: Date {
        UTCDate.calendar.date(from: DateComponents(year: year, month: month, day: 1))!
    }

    /// `YYYY-MM-DD` of each day of the month, in order.
    public var days: [String] {
        (1...dayCount).map { description + "-" + ($0 < 10 ? "0" : "") + String($0) }
    }

    /// Days before the 1st in its week, Monday first: 0 when the month starts on a Monday.
    public var leadingBlankDays: Int {
        let weekday = UTCDate.calendar.component(.weekday, from: firstDay)  // 1 = Sunday
        return (weekday + 5) % 7
    }

    public var previous: CalendarMonth? {
        month == 1 ? CalendarMonth(year: year - 1, month: 12) : CalendarMonth(year: year, month: month - 1)
    }

    public var next: CalendarMonth? {
        month == 12 ? CalendarMonth(year: year + 1, month: 1) : CalendarMonth(year: year, month: month + 1)
    }
}
