import Foundation
import Hummingbird
import StandCore

/// `/suggestions`: every role reads the lists; editors and owners approve a
/// suggestion into a question (the question form, pre-filled) or reject
/// ticked ones with an optional reason.
struct SuggestionsController {
    let review: SuggestionReview
    let scheduling: QuestionScheduling
    let renderer: PageRenderer

    struct RejectForm: Decodable {
        var ids: [String]?
        var reason: String?
        var confirmed: String?

        /// Ids as ticked; anything that is not a row id is ignored (no form of ours sends it).
        var rowIds: [Int64] {
            (ids ?? []).compactMap { $0.utf8.count <= 19 ? Int64($0) : nil }.filter { $0 > 0 }
        }
    }

    func addRoutes(to routes: Routes) {
        routes.get(Site.suggestions, use: list)
        routes.get(Site.suggestionApprove, .role(.scheduleQuestions), use: approveForm)
        routes.post(Site.suggestionApprove, .role(.scheduleQuestions), use: approve)
        routes.post(Site.suggestionsReject, .role(.scheduleQuestions), use: reject)
    }

    @Sendable func list(_ request: Request, context: AppRequestContext) async throws -> Response {
        let parameters = QueryParameters(request)
        let status = try Self.status(parameters)
        let after = try parameters.value("after", as: SuggestionQueue.Cursor.self)
        let listing = try await context.timing.measure(.db) { try await review.page(status: status, after: after) }
        let page = SuggestionsPage(listing, status: status, isFirstPage: after == nil, canReview: context.can(.scheduleQuestions))
        return try renderer.render(page, request: request, context: context, notice: Self.notice(parameters))
    }

    @Sendable func approveForm(_ request: Request, context: AppRequestContext) async throws -> Response {
        let suggestion = try await pending(try RouteParameter.rowId(context))
        let day = try await scheduling.nextFreeDay(from: UTCDate.day(Date()))
        let draft = QuestionDraft(runsOn: day, text: TextInput.searchable(suggestion.text), choices: [])
        let page = QuestionFormPage(purpose: .approve(suggestion: Self.source(suggestion)), values: draft)
        return try renderer.render(page, request: request, context: context)
    }

    @Sendable func approve(_ request: Request, context: AppRequestContext) async throws -> Response {
        let suggestion = try await pending(try RouteParameter.rowId(context))
        let form = try await request.form(QuestionFormController.QuestionForm.self, context: context)
        return try await renderer.submit(request, context) {
            let question = try await scheduling.schedule(form.draft, fromSuggestion: suggestion.id, by: context.auditActor)
            return .redirect(to: Site.question.href(question.id!, ["done": "approved"]))
        } refused: { problem in
            var page = QuestionFormPage(purpose: .approve(suggestion: Self.source(suggestion)), values: form.draft)
            page.show(problem)
            return page
        }
    }

    @Sendable func reject(_ request: Request, context: AppRequestContext) async throws -> Response {
        let form = try await request.form(RejectForm.self, context: context)
        return try await renderer.submit(request, context) {
            let (ids, note) = try SuggestionReview.checkedRejection(ids: form.rowIds, reason: form.reason ?? "")
            if let ask = try await AskFirst.page(confirmed: form.confirmed, action: request.uri.path,
                                                 fields: ids.map { ("ids[]", String($0)) } + [("reason", note)], {
                Confirmation(question: "Reject \(ids.count.counted("suggestion"))?",
                             consequence: "A rejected suggestion leaves the queue for good; the app user is not told. "
                                 + (note.isEmpty ? "No reason was given." : "The reason kept with each: “\(note)”."),
                             confirmLabel: "Reject \(ids.count.counted("suggestion"))", backHref: Site.suggestions.href())
            }) {
                return try renderer.render(ask, request: request, context: context)
            }
            let outcome = try await review.reject(ids: form.rowIds, reason: form.reason ?? "", by: context.auditActor)
            return .redirect(to: Site.suggestions.href(["done": "rejected", "count": String(outcome.rejected.count),
                                                        "skipped": outcome.alreadyReviewed.isEmpty ? nil : String(outcome.alreadyReviewed.count)]))
        } refused: { problem in
            let listing = try await review.page(status: .pending, after: nil)
            var page = SuggestionsPage(listing, status: .pending, isFirstPage: true, canReview: true, ticked: Set(form.rowIds))
            page.reason = form.reason ?? ""
            page.errors = problem.errors
            return page
        }
    }

    static func status(_ parameters: QueryParameters) throws -> Suggestion.Status {
        guard let value = parameters["status"], !value.isEmpty else { return .pending }
        guard let status = Suggestion.Status(rawValue: value) else {
            throw HTTPError(.badRequest, message: "There is no “\(value)” list: choose pending, approved or rejected.")
        }
        return status
    }

    static func notice(_ parameters: QueryParameters) -> String? {
        guard parameters["done"] == "rejected", let count = try? parameters.number("count", in: 0...1_000) else { return nil }
        var text = "Rejected " + count.counted("suggestion") + "."
        if let skipped = try? parameters.number("skipped", in: 1...1_000) {
            text += " " + skipped.counted("other") + " had already been reviewed by someone else and stayed as they were."
        }
        return text
    }

    static func source(_ suggestion: Suggestion) -> QuestionFormPage.SuggestionSource {
        .init(id: suggestion.id, text: suggestion.text, userEmail: suggestion.userEmail, userUUID: suggestion.userUUID,
              received: UTCDate.minute(suggestion.createdAt))
    }

    /// The suggestion if it still waits for review; a page that says what became of it otherwise.
    private func pending(_ id: Int64) async throws -> Suggestion {
        guard let suggestion = try await review.find(id: id) else {
            throw HTTPError(.notFound, message: "There is no suggestion #\(id).")
        }
        guard suggestion.status == .pending else {
            throw HTTPError(.conflict, message: "Suggestion #\(id) was already \(suggestion.status.rawValue)"
                            + (suggestion.reviewedByEmail.map { " by \($0)" } ?? "") + "; nothing was changed.")
        }
        return suggestion
    }
}
