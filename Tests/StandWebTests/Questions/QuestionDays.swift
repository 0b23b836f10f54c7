import Foundation
import StandCore

/// UTC days relative to now, as the console sees them.
enum QuestionDays {
    static func offset(_ days: Int) -> String {
        UTCDate.day(UTCDate.adding(days: days, to: Date()))
    }

    static var today: String { offset(0) }
}
