import Hummingbird
import StandCore

/// `/`: today's question, the counts that need attention, the days with no question.
struct DashboardController {
    let store: StandStore
    let renderer: PageRenderer

    struct DashboardPage: Sendable {
        let today: String
        let question: QuestionView?
        let userCount: String
        let pendingSuggestions: Int
        let pendingDeletionRequests: Int
        let unscheduledDays: [String]
        let hasUnscheduledDays: Bool
        let canSchedule: Bool
        let canHandleDeletions: Bool
    }

    func addRoutes(to group: Routes) {
        group.get("/", use: show)
    }

    @Sendable func show(_ request: Request, context: AppRequestContext) async throws -> Response {
        let summary = try await context.timing.measure(.db) { try await DashboardSummary.load(store) }
        let page = DashboardPage(
            today: summary.today,
            question: summary.todaysQuestion.map(QuestionView.init),
            userCount: summary.userCount.grouped,
            pendingSuggestions: summary.pendingSuggestions,
            pendingDeletionRequests: summary.pendingDeletionRequests,
            unscheduledDays: summary.unscheduledDays,
            hasUnscheduledDays: !summary.unscheduledDays.isEmpty,
            canSchedule: context.can(.scheduleQuestions),
            canHandleDeletions: context.can(.deleteAccounts)
        )
        return try renderer.render("dashboard/index", title: "Dashboard", page: page, request: request, context: context)
    }
}

/// A question with its results as bars.
struct QuestionView: Sendable {
    struct Choice: Sendable {
        let text: String
        let count: String
        let percent: Int
    }

    let id: Int64
    let text: String
    let runsOn: String
    let total: String
    let choices: [Choice]

    init(_ results: QuestionResults) {
        id = results.question.id ?? 0
        text = results.question.text
        runsOn = results.question.runsOn
        total = results.totalAnswers.grouped
        choices = results.choices.map { Choice(text: $0.text, count: $0.answerCount.grouped, percent: results.percentage(of: $0)) }
    }
}
