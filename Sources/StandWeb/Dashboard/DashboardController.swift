import Hummingbird
import StandCore

/// `/`: today's question, the counts that need attention, the days with no question.
struct DashboardController {
    let dashboard: Dashboard
    let renderer: PageRenderer

    func addRoutes(to group: Routes) {
        group.get(Site.dashboard, use: show)
    }

    @Sendable func show(_ request: Request, context: AppRequestContext) async throws -> Response {
        let summary = try await context.timing.measure(.db) { try await dashboard.summary() }
        let page = DashboardPage(summary, canSchedule: context.can(.scheduleQuestions), canHandleDeletions: context.can(.deleteAccounts))
        return try renderer.render(page, request: request, context: context)
    }
}
