import Foundation
import Hummingbird
import StandCore

/// `/users/{uuid}`: one account — profile, stats, answers, entries, deletion
/// requests and what staff did to it — or, once deleted, its tombstone.
struct UserPageController {
    let directory: UserDirectory
    let deletionRequests: DeletionRequests
    let renderer: PageRenderer
    let views: AccountViewRecorder
    let notes: AccountNotes
    let timeline: AccountTimeline
    static let answersPerPage = 20
    static let auditEventsShown = 20

    struct OpenRequestForm: Decodable {
        var note: String?
    }

    struct NoteForm: Decodable {
        var body: String?
    }

    func addRoutes(to routes: Routes) {
        routes.get(Site.user, use: show)
        routes.post(Site.userDeletionRequests, .role(.deleteAccounts), use: openRequest)
        routes.post(Site.userNotes, .role(.supportAccounts), use: addNote)
        routes.get(Site.userTimeline, use: showTimeline)
    }

    /// The account's history, newest first; opening it is recorded like the account's page.
    @Sendable func showTimeline(_ request: Request, context: AppRequestContext) async throws -> Response {
        let uuid = try UserRoute.uuid(context)
        let parameters = QueryParameters(request)
        let kind = try parameters.value("kind", as: AccountTimeline.Kind.self)
        let after = try parameters.value("after", as: AccountTimeline.Cursor.self)
        let loaded = try await context.timing.measure(.db) {
            try await timeline.page(uuid: uuid, kinds: kind.map { [$0] } ?? Set(AccountTimeline.Kind.allCases), after: after)
        }
        guard let page = loaded, let account = try await directory.find(uuid: uuid) else {
            return .redirect(to: Site.user.href(uuid))  // deleted: its tombstone says what remains
        }
        try views.record(uuid: uuid, by: context.auditActor)
        let reach = TimelinePage.Reach(auditLog: context.can(.readAuditLog), suspensions: context.can(.supportAccounts))
        return try renderer.render(TimelinePage(uuid: uuid, email: account.email, page: page, kind: kind, isFirstPage: after == nil, reach: reach),
                                   request: request, context: context)
    }

    /// A note on the account; refused, the account's page again with the text kept.
    @Sendable func addNote(_ request: Request, context: AppRequestContext) async throws -> Response {
        let uuid = try UserRoute.uuid(context)
        let form = try await request.form(NoteForm.self, context: context)
        return try await renderer.submit(request, context) {
            try await notes.add(uuid: uuid, body: form.body ?? "", by: context.auditActor)
            return .redirect(to: Site.user.href(uuid, ["done": "note"], fragment: "notes"))
        } refused: { problem in
            guard case .live(var page) = try await page(uuid: uuid, answersBefore: nil, context: context) else {
                throw HTTPError(.notFound, message: "No account has the UUID \(uuid) any more.")
            }
            page.noteTyped = form.body ?? ""
            page.noteErrors = problem.errors
            return page
        }
    }

    @Sendable func show(_ request: Request, context: AppRequestContext) async throws -> Response {
        let uuid = try UserRoute.uuid(context)
        if uuid != context.parameters.get("uuid") {
            return .redirect(to: Site.user.href(uuid), type: .permanent)
        }
        let parameters = QueryParameters(request)
        let before = try parameters.number("answers_before", in: QueryParameters.rowIds)
        let notice = Self.notices[parameters["done"] ?? ""]
        switch try await page(uuid: uuid, answersBefore: before, context: context) {
        case .live(let page): return try renderer.render(page, request: request, context: context, notice: notice)
        case .deleted(let page): return try renderer.render(page, request: request, context: context, notice: notice)
        }
    }

    @Sendable func openRequest(_ request: Request, context: AppRequestContext) async throws -> Response {
        let uuid = try UserRoute.uuid(context)
        let form = try await request.form(OpenRequestForm.self, context: context)
        return try await renderer.submit(request, context) {
            guard try await deletionRequests.open(uuid: uuid, note: form.note ?? "", by: context.auditActor) != nil else {
                return .redirect(to: Site.user.href(uuid))
            }
            return .redirect(to: Site.user.href(uuid, ["done": "request"], fragment: "deletion-requests"))
        } refused: { problem in
            guard case .live(var page) = try await page(uuid: uuid, answersBefore: nil, context: context) else {
                throw HTTPError(.notFound, message: "No account has the UUID \(uuid) any more.")
            }
            page.noteError = problem.errors.messages["note"] ?? problem.errors.list.first
            page.note = form.note ?? ""
            return page
        }
    }

    static let notices = [
        "edit": "Saved. The change is in the audit trail below.",
        "unchanged": "Nothing was changed: the form held the values the account already has.",
        "deleted": "The account was deleted. This record is what remains; below, whether its bytes have left the store yet.",
        "deletion-underway": "The deletion has begun: the app refuses this account already. The store could not finish it just now, so the console finishes it in the background (or send the form again); reload in a minute to see its record.",
        "request": "Deletion request opened. It is listed under Deletion requests until the account is deleted or the request cancelled.",
        "note": "Note added; it is the first in the list.",
        "suspended": "Suspended. The app refuses their sign-in and answers until it ends or is lifted; they were signed out everywhere.",
        "lifted": "The suspension was lifted; they can sign in again.",
        "signed-out": "Signed out everywhere: every device has to sign in again.",
        "points": "Points corrected. The change and the numbers before and after are in the audit trail below.",
        "streak": "Streak corrected. The change and the numbers before and after are in the audit trail below.",
        "retried": "Retrying now, in the background. The state below changes when the system answers: reload to see it.",
    ]

    /// The account's page, or its tombstone once deleted.
    private enum Shown {
        case live(UserPage)
        case deleted(DeletedPage)
    }

    /// Opening a live account's page is recorded (who viewed whose data) before it is shown.
    private func page(uuid: String, answersBefore: Int64?, context: AppRequestContext) async throws -> Shown {
        let found = try await context.timing.measure(.db) {
            try await directory.overview(uuid: uuid, answersBefore: answersBefore, answersLimit: Self.answersPerPage, eventsLimit: Self.auditEventsShown)
        }
        switch found {
        case .none:
            throw HTTPError(.notFound, message: "No account has the UUID \(uuid), and none with it was deleted.")
        case .deleted(let tombstone):
            return .deleted(DeletedPage(tombstone, canHandleDeletions: context.can(.deleteAccounts), canRetry: context.can(.retryErasureDeliveries)))
        case .live(let record):
            try views.record(uuid: uuid, by: context.auditActor)
            var page = UserPage(record, answersBefore: answersBefore, canEdit: context.can(.editUsers), canDelete: context.can(.deleteAccounts))
            page.canSupport = context.can(.supportAccounts)
            return .live(page)
        }
    }
}
