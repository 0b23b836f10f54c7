import Foundation
import Hummingbird
import StandCore

/// `/questions`: the next two weeks (empty days stand out) and the past week's results.
struct QuestionsController {
    let store: StandStore
    let renderer: PageRenderer

    struct QuestionsPage: Sendable {
        struct Day: Sendable {
            let day: String
            let question: QuestionView?
            let isToday: Bool
        }
        let upcoming: [Day]
        let past: [Day]
        let emptyDays: Int
        let hasEmptyDays: Bool
    }

    func addRoutes(to group: Routes) {
        group.get("/questions", use: list)
    }

    @Sendable func list(_ request: Request, context: AppRequestContext) async throws -> Response {
        let now = Date()
        let today = UTCDate.day(now)
        let (upcoming, past) = try await context.timing.measure(.db) {
            try await QuestionSchedule.around(store, now: now, ahead: 14, behind: 7)
        }
        func view(_ day: QuestionSchedule.Day) -> QuestionsPage.Day {
            QuestionsPage.Day(day: day.day, question: day.question.map(QuestionView.init), isToday: day.day == today)
        }
        let page = QuestionsPage(upcoming: upcoming.map(view), past: past.map(view), emptyDays: upcoming.filter { $0.question == nil }.count,
                                 hasEmptyDays: upcoming.contains { $0.question == nil })
        return try renderer.render("questions/index", title: "Questions", page: page, request: request, context: context)
    }
}
