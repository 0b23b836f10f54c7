import Foundation

/// A month of the question calendar, and the gaps ahead: every read is a
/// range of the `runs_on` index, never a scan.
public struct QuestionCalendar: Sendable {
    public struct Entry: Sendable, Equatable {
        public let id: Int64
        public let runsOn: String
        public let text: String

        public init(id: Int64, runsOn: String, text: String) {
            self.id = id
            self.runsOn = runsOn
            self.text = text
        }
    }

    public let month: CalendarMonth
    public let today: String
    /// The month's questions by day.
    public let questions: [String: Entry]
    /// Days from today on with no question, in the next 14 and 60 days (today included).
    public let emptyInNext14: Int
    public let emptyInNext60: Int
    /// The first of those days, if any.
    public let firstEmptyDay: String?

    public init(month: CalendarMonth, today: String, questions: [String: Entry], emptyInNext14: Int, emptyInNext60: Int, firstEmptyDay: String?) {
        self.month = month
        self.today = today
        self.questions = questions
        self.emptyInNext14 = emptyInNext14
        self.emptyInNext60 = emptyInNext60
        self.firstEmptyDay = firstEmptyDay
    }

    public static let nearWindow = 14
    public static let farWindow = 60

    /// The questions of the days between two days (both included), by day:
    /// a month's grid, at most 42 rows, read at once (through a cursor,
    /// PostgreSQL planned its DECLARE at every view).
    static func questions(_ db: StoreDatabase, from first: String, through last: String) throws -> [String: Entry] {
        let rows = try StoreRow.fetchAll(db.cachedStatement(sql: questionsSQL[db.engine]), arguments: [first, last])
        return Dictionary(rows.map { row in (row[1], Entry(id: row[0], runsOn: row[1], text: row[2])) }, uniquingKeysWith: { kept, _ in kept })
    }

    /// The same walk of `runs_on`'s index for any month, so planned without its days.
    static let questionsSQL = EngineSQL { engine in
        let day = engine.parameterUnseenByPlanner(as: "TEXT")
        return "SELECT id, runs_on, text FROM daily_questions WHERE runs_on BETWEEN \(day) AND \(day)"
    }

    /// The days of `window` (consecutive, in order) with no question.
    static func emptyDays(_ db: StoreDatabase, in window: [String]) throws -> [String] {
        guard let first = window.first, let last = window.last else { return [] }
        let scheduled = try Set(String.fetchAll(db.cachedStatement(sql: scheduledDaysSQL[db.engine]), arguments: [first, last]))
        return window.filter { !scheduled.contains($0) }
    }

    /// The days between two days (both included) that have a question. The
    /// same walk of `runs_on`'s index for any two days, so planned without them.
    static let scheduledDaysSQL = EngineSQL { engine in
        let day = engine.parameterUnseenByPlanner(as: "TEXT")
        return "SELECT runs_on FROM daily_questions WHERE runs_on BETWEEN \(day) AND \(day)"
    }
}
