import Foundation
import Hummingbird
import StandCore

/// `/questions` (the calendar) and `/questions/{id}` (one question and its
/// results): every role reads them.
struct QuestionsController {
    let scheduling: QuestionScheduling
    let renderer: PageRenderer

    func addRoutes(to group: Routes) {
        group.get(Site.questions, use: calendar)
        group.get(Site.question, use: show)
    }

    @Sendable func calendar(_ request: Request, context: AppRequestContext) async throws -> Response {
        let parameters = QueryParameters(request)
        let now = Date()
        let currentMonth = CalendarMonth(containing: now)
        var month = currentMonth
        var problem: String?
        if let asked = parameters["month"], !asked.isEmpty {
            if let parsed = CalendarMonth(asked) {
                month = parsed
            } else {
                problem = "There is no month “\(asked)” to show: months are written YYYY-MM, from \(CalendarMonth.years.lowerBound) to \(CalendarMonth.years.upperBound). This is \(currentMonth.title)."
            }
        }
        let calendar = try await context.timing.measure(.db) { try await scheduling.calendar(month: month, now: now) }
        var page = QuestionCalendarPage(calendar, canSchedule: context.can(.scheduleQuestions), currentMonth: currentMonth)
        page.monthProblem = problem
        return try renderer.render(page, request: request, context: context,
                                   status: problem == nil ? .ok : .badRequest, notice: QuestionNotice.text(parameters))
    }

    @Sendable func show(_ request: Request, context: AppRequestContext) async throws -> Response {
        let id = try RouteParameter.rowId(context)
        guard let results = try await context.timing.measure(.db, { try await scheduling.results(id: id) }) else {
            throw HTTPError(.notFound, message: "There is no question #\(id); it may have been unscheduled.")
        }
        let page = QuestionPage(results, canSchedule: context.can(.scheduleQuestions))
        return try renderer.render(page, request: request, context: context,
                                   notice: QuestionNotice.text(QueryParameters(request), question: results.question))
    }
}
