import Foundation
import Hummingbird
import StandCore

/// Scheduling (`/questions/new`), editing or moving (`/questions/{id}/edit`) and
/// unscheduling (`/questions/{id}/unschedule`) questions: editors and owners.
struct QuestionFormController {
    let scheduling: QuestionScheduling
    let renderer: PageRenderer

    /// The question form as posted. `useDay` is the "schedule it on the next
    /// free day instead" button: it replaces the day typed.
    struct QuestionForm: Decodable {
        var runsOn: String?
        var text: String?
        var choice1: String?
        var choice2: String?
        var choice3: String?
        var choice4: String?
        var version: String?
        var useDay: String?

        var draft: QuestionDraft {
            QuestionDraft(runsOn: useDay ?? runsOn ?? "", text: text ?? "",
                          choices: [choice1 ?? "", choice2 ?? "", choice3 ?? "", choice4 ?? ""])
        }

        /// The version the form was opened on; a version no form wrote counts as a conflict.
        var openedVersion: Int {
            version.flatMap { $0.utf8.count <= 9 ? Int($0) : nil } ?? 0
        }
    }

    func addRoutes(to group: Routes) {
        group.get(Site.questionNew, .role(.scheduleQuestions), use: new)
        group.post(Site.questionNew, .role(.scheduleQuestions), use: create)
        group.get(Site.questionEdit, .role(.scheduleQuestions), use: edit)
        group.post(Site.questionEdit, .role(.scheduleQuestions), use: update)
        group.get(Site.questionUnschedule, .role(.scheduleQuestions), use: confirmUnschedule)
        group.post(Site.questionUnschedule, .role(.scheduleQuestions), use: unschedule)
    }

    @Sendable func new(_ request: Request, context: AppRequestContext) async throws -> Response {
        // A day the calendar linked to is offered as it is (a taken one shows its problem on saving);
        // without one, the next free day.
        var day = QueryParameters(request)["date"].flatMap { UTCDate.parseDay($0) != nil ? $0 : nil }
        if day == nil { day = try await scheduling.nextFreeDay(from: UTCDate.day(Date())) }
        let page = QuestionFormPage(purpose: .schedule, values: QuestionDraft(runsOn: day ?? "", text: "", choices: []))
        return try renderer.render(page, request: request, context: context)
    }

    @Sendable func create(_ request: Request, context: AppRequestContext) async throws -> Response {
        let form = try await request.form(QuestionForm.self, context: context)
        return try await renderer.submit(request, context) {
            let question = try await scheduling.schedule(form.draft, by: context.auditActor)
            return .redirect(to: Site.question.href(question.id!, ["done": "scheduled"]))
        } refused: { problem in
            var page = QuestionFormPage(purpose: .schedule, values: form.draft)
            page.show(problem)
            return page
        }
    }

    @Sendable func edit(_ request: Request, context: AppRequestContext) async throws -> Response {
        let id = try RouteParameter.rowId(context)
        let results = try await existing(id)
        if results.hasStarted(now: Date()) { return .redirect(to: Site.question.href(id, ["done": "started"])) }
        let draft = QuestionDraft(runsOn: results.question.runsOn, text: results.question.text, choices: results.choices.map(\.text))
        let page = QuestionFormPage(purpose: .edit(id: id, version: results.question.version), values: draft)
        return try renderer.render(page, request: request, context: context)
    }

    @Sendable func update(_ request: Request, context: AppRequestContext) async throws -> Response {
        let id = try RouteParameter.rowId(context)
        let form = try await request.form(QuestionForm.self, context: context)
        return try await renderer.submit(request, context) {
            switch try await scheduling.update(id: id, version: form.openedVersion, form.draft, by: context.auditActor) {
            case .saved(_, let changes):
                return .redirect(to: Site.question.href(id, ["done": changes.isEmpty ? "unchanged" : "saved"]))
            case .conflict(let current):
                // The form now carries the current version: saving again replaces it knowingly.
                var conflict = QuestionFormPage(purpose: .edit(id: id, version: current.question.version), values: form.draft)
                conflict.current = .init(runsOn: current.question.runsOn, text: current.question.text, choices: current.choices.map(\.text))
                return try renderer.render(conflict, request: request, context: context, status: .conflict)
            case .started:
                return .redirect(to: Site.question.href(id, ["done": "started"]))
            case .notFound:
                throw HTTPError(.notFound, message: "There is no question #\(id); it may have been unscheduled.")
            }
        } refused: { problem in
            var page = QuestionFormPage(purpose: .edit(id: id, version: form.openedVersion), values: form.draft)
            page.show(problem)
            return page
        }
    }

    @Sendable func confirmUnschedule(_ request: Request, context: AppRequestContext) async throws -> Response {
        let id = try RouteParameter.rowId(context)
        let results = try await existing(id)
        if results.hasStarted(now: Date()) { return .redirect(to: Site.question.href(id, ["done": "started"])) }
        return try renderer.render(QuestionUnschedulePage(results.question), request: request, context: context)
    }

    @Sendable func unschedule(_ request: Request, context: AppRequestContext) async throws -> Response {
        let id = try RouteParameter.rowId(context)
        let form = try await request.form(QuestionForm.self, context: context)
        return try await renderer.submit(request, context) {
            switch try await scheduling.unschedule(id: id, version: form.openedVersion, by: context.auditActor) {
            case .saved(let question, _):
                return .redirect(to: Site.questions.href(["month": String(question.runsOn.prefix(7)), "done": "unscheduled", "day": question.runsOn]))
            case .conflict(let current):
                var page = QuestionUnschedulePage(current.question)
                page.errors = FieldErrors(ValidationErrors("version", "This question changed since you opened this page; it now reads as below. Unschedule it again if you still mean to."))
                return try renderer.render(page, request: request, context: context, status: .conflict)
            case .started:
                return .redirect(to: Site.question.href(id, ["done": "started"]))
            case .notFound:
                throw HTTPError(.notFound, message: "There is no question #\(id); it may have been unscheduled already.")
            }
        } refused: { problem in
            var page = QuestionUnschedulePage(try await existing(id).question)
            page.errors = problem.errors
            return page
        }
    }

    private func existing(_ id: Int64) async throws -> QuestionResults {
        guard let results = try await scheduling.results(id: id) else {
            throw HTTPError(.notFound, message: "There is no question #\(id); it may have been unscheduled.")
        }
        return results
    }
}
