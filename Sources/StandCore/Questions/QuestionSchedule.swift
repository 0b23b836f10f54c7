import Foundation
import GRDB

/// The plan: which UTC days have a question, which do not, and past results.
public enum QuestionSchedule {
    public struct Day: Sendable {
        public let day: String
        public let question: QuestionResults?
    }

    /// Every day from `start` for `count` days, with its question if one is scheduled.
    public static func days(_ db: Database, from start: Date, count: Int) throws -> [Day] {
        let days = (0..<count).map { UTCDate.day(UTCDate.adding(days: $0, to: start)) }
        guard let first = days.first, let last = days.last else { return [] }
        let questions = try DailyQuestion.filter(Column("runs_on") >= first && Column("runs_on") <= last).fetchAll(db)
        let ids = questions.compactMap(\.id)
        let choices = try QuestionChoice.filter(ids.contains(Column("question_id"))).order(Column("question_id"), Column("position")).fetchAll(db)
        let byQuestion = Dictionary(grouping: choices, by: \.questionId)
        let byDay = Dictionary(uniqueKeysWithValues: questions.map { ($0.runsOn, QuestionResults(question: $0, choices: byQuestion[$0.id!] ?? [])) })
        return days.map { Day(day: $0, question: byDay[$0]) }
    }

    /// The next `ahead` days from today and the `behind` days before it, newest first.
    public static func around(_ store: StandStore, now: Date, ahead: Int, behind: Int) async throws -> (upcoming: [Day], past: [Day]) {
        try await store.read { db in
            (try days(db, from: now, count: ahead), try days(db, from: UTCDate.adding(days: -behind, to: now), count: behind).reversed())
        }
    }
}
