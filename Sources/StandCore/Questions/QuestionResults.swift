import Foundation

/// A question with its choices and how people answered, read in one
/// transaction: the counts shown add up to the total shown, whatever the app
/// is writing meanwhile.
public struct QuestionResults: Sendable {
    public let question: DailyQuestion
    public let choices: [QuestionChoice]
    /// Answers per UTC hour of the question's day, 24 of them; empty when not asked for.
    public let hourly: [Int]

    public init(question: DailyQuestion, choices: [QuestionChoice], hourly: [Int] = []) {
        self.question = question
        self.choices = choices
        self.hourly = hourly
    }

    public var totalAnswers: Int { choices.reduce(0) { $0 + $1.answerCount } }

    /// Whole percentages per choice, in choice order, adding up to exactly 100;
    /// nil when nobody has answered.
    public var percentages: [Int]? { Self.percentages(choices.map(\.answerCount)) }

    /// Largest remainder: each share is rounded down, and the points still
    /// missing from 100 go to the largest remainders (the earlier choice on a
    /// tie). 1/1/1 gives 34/33/33, never 33/33/33 or 34/34/33.
    public static func percentages(_ counts: [Int]) -> [Int]? {
        let total = counts.reduce(0, +)
        guard total > 0, counts.allSatisfy({ $0 >= 0 }) else { return nil }
        var shares = counts.map { $0 * 100 / total }
        let remainders = counts.map { $0 * 100 % total }
        var missing = 100 - shares.reduce(0, +)
        let byRemainder = remainders.indices.sorted { remainders[$0] != remainders[$1] ? remainders[$0] > remainders[$1] : $0 < $1 }
        for index in byRemainder where missing > 0 {
            shares[index] += 1
            missing -= 1
        }
        return shares
    }

    /// Whether answers may exist: the question's UTC day has begun.
    public func hasStarted(now: Date = Date()) -> Bool {
        question.runsOn <= UTCDate.day(now)
    }

    public static func fetch(_ db: StoreDatabase, runsOn day: String) throws -> QuestionResults? {
        guard let (question, choices) = try questionWithChoices(db, where: "q.runs_on = ?", [day]) else { return nil }
        return QuestionResults(question: question, choices: choices)
    }

    /// A question by id with its tallies and its day hour by hour: a handful
    /// of rows from `question_choices` and `question_hourly_answers`, never a
    /// scan of `answers`.
    public static func fetch(_ db: StoreDatabase, id: Int64) throws -> QuestionResults? {
        guard let (question, choices) = try questionWithChoices(db, where: "q.id = ?", [id]) else { return nil }
        return QuestionResults(question: question, choices: choices, hourly: try hourly(db, question: question))
    }

    /// The question and its choices in one statement, not two: on PostgreSQL
    /// each statement is a round trip, and the dashboard shows today's.
    private static func questionWithChoices(
        _ db: StoreDatabase, where condition: String, _ arguments: StoreArguments
    ) throws -> (DailyQuestion, [QuestionChoice])? {
        let rows = try StoreRow.fetchAll(db.cachedStatement(sql: """
            SELECT q.*, c.position AS choice_position, c.text AS choice_text, c.answer_count AS choice_answers
            FROM daily_questions q LEFT JOIN question_choices c ON c.question_id = q.id
            WHERE \(condition) ORDER BY c.position
            """), arguments: arguments)
        guard let first = rows.first else { return nil }
        let question = try DailyQuestion(row: first)
        let choices = rows.compactMap { row -> QuestionChoice? in
            guard let position: Int = row["choice_position"] else { return nil }
            return QuestionChoice(questionId: question.id!, position: position, text: row["choice_text"], answerCount: row["choice_answers"])
        }
        return (question, choices)
    }

    static func hourly(_ db: StoreDatabase, question: DailyQuestion) throws -> [Int] {
        var counts = [Int](repeating: 0, count: 24)
        // 24 rows at most, read at once (through a cursor, PostgreSQL planned its DECLARE at every view).
        let rows = try StoreRow.fetchAll(
            db.cachedStatement(sql: """
                SELECT hour, answer_count FROM question_hourly_answers
                WHERE question_id = ? AND hour BETWEEN ? AND ?
                """),
            arguments: [question.id, question.runsOn + " 00", question.runsOn + " 23"])
        for row in rows {
            let hour: String = row[0]
            if let index = Int(hour.suffix(2)), counts.indices.contains(index) { counts[index] = row[1] }
        }
        return counts
    }
}
