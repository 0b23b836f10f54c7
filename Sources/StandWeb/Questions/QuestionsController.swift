import Foundation
import Hummingbird
import StandCore

/// `/questions`: the next two weeks (empty days stand out) and the past week's results.
struct QuestionsController {
    let store: StandStore
    let renderer: PageRenderer

    func addRoutes(to group: Routes) {
        group.get(Site.questions, use: list)
    }

    @Sendable func list(_ request: Request, context: AppRequestContext) async throws -> Response {
        let now = Date()
        let (upcoming, past) = try await context.timing.measure(.db) {
            try await QuestionSchedule.around(store, now: now, ahead: 14, behind: 7)
        }
        let page = QuestionsPage(upcoming: upcoming, past: past, today: UTCDate.day(now))
        return try renderer.render(page, title: "Questions", request: request, context: context)
    }
}
