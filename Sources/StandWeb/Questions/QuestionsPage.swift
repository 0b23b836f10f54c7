import Foundation
import StandCore

/// `questions/index`: the next two weeks (empty days stand out) and the past week's results.
struct QuestionsPage: PageModel {
    static let template = "questions/index"

    struct Day: MustacheFields {
        let day: String
        let question: QuestionView?
        let isToday: Bool

        static let fields: [String: @Sendable (Self) -> Any?] = [
            "day": { $0.day }, "question": { $0.question }, "isToday": { $0.isToday },
        ]
    }

    let upcoming: [Day]
    let past: [Day]

    static let fields: [String: @Sendable (Self) -> Any?] = [
        "upcoming": { $0.upcoming },
        "past": { $0.past },
        "emptyDays": { $0.upcoming.filter { $0.question == nil }.count },
        "hasEmptyDays": { $0.upcoming.contains { $0.question == nil } },
    ]

    static var fixtures: [Self] {
        [Self(upcoming: [Day(day: "2026-11-23", question: .fixture(text: Fixture.hostile), isToday: true), Day(day: "2026-11-24", question: nil, isToday: false)],
              past: [Day(day: "2026-11-22", question: .fixture(text: Fixture.hostile), isToday: false), Day(day: "2026-11-21", question: nil, isToday: false)])]
    }
}

extension QuestionsPage {
    init(upcoming: [QuestionSchedule.Day], past: [QuestionSchedule.Day], today: String) {
        func view(_ day: QuestionSchedule.Day) -> Day {
            Day(day: day.day, question: day.question.map(QuestionView.init), isToday: day.day == today)
        }
        self.init(upcoming: upcoming.map(view), past: past.map(view))
    }
}
