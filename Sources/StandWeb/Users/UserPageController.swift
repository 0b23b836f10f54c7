import Foundation
import Hummingbird
import StandCore

/// `/users/{uuid}`: one account — profile, stats, answers, entries, deletion
/// requests and what staff did to it — or, once deleted, its tombstone.
struct UserPageController {
    let store: StandStore
    let renderer: PageRenderer
    let views: AccountViewRecorder
    static let answersPerPage = 20
    static let auditEventsShown = 20

    struct OpenRequestForm: Decodable {
        var note: String?
    }

    func addRoutes(to routes: Routes) {
        routes.get(Site.user, use: show)
        routes.post(Site.userDeletionRequests, .role(.deleteAccounts), use: openRequest)
    }

    @Sendable func show(_ request: Request, context: AppRequestContext) async throws -> Response {
        let uuid = try UserRoute.uuid(context)
        if uuid != context.parameters.get("uuid") {
            return .redirect(to: Site.user.href(uuid), type: .permanent)
        }
        let parameters = QueryParameters(request)
        let before = try parameters.number("answers_before", in: QueryParameters.rowIds)
        let notice = Self.notices[parameters["done"] ?? ""]
        return try await render(uuid: uuid, answersBefore: before, request: request, context: context, notice: notice)
    }

    @Sendable func openRequest(_ request: Request, context: AppRequestContext) async throws -> Response {
        let uuid = try UserRoute.uuid(context)
        let form = (try? await request.decode(as: OpenRequestForm.self, context: context)) ?? OpenRequestForm()
        do {
            guard try await DeletionRequests.open(store, uuid: uuid, note: form.note ?? "", by: context.auditActor) != nil else {
                return .redirect(to: Site.user.href(uuid))
            }
            return .redirect(to: Site.user.href(uuid, ["done": "request"], fragment: "deletion-requests"))
        } catch {
            guard let problem = FormProblem(error) else { throw error }
            return try await render(uuid: uuid, answersBefore: nil, request: request, context: context, notice: nil, status: problem.status) { page in
                page.noteError = problem.errors.messages["note"] ?? problem.errors.list.first
                page.note = form.note ?? ""
            }
        }
    }

    static let notices = [
        "edit": "Saved. The change is in the audit trail below.",
        "unchanged": "Nothing was changed: the form held the values the account already has.",
        "deleted": "The account was deleted. This record is what remains; below, whether its bytes have left the store yet.",
        "request": "Deletion request opened. It is listed under Deletion requests until the account is deleted or the request cancelled.",
    ]

    private func render(
        uuid: String, answersBefore: Int64?, request: Request, context: AppRequestContext, notice: String?,
        status: HTTPResponse.Status = .ok, adjust: (inout UserPage) -> Void = { _ in }
    ) async throws -> Response {
        let found = try await context.timing.measure(.db) {
            try await UserOverview.load(store, uuid: uuid, answersBefore: answersBefore, answersLimit: Self.answersPerPage, eventsLimit: Self.auditEventsShown)
        }
        switch found {
        case .none:
            throw HTTPError(.notFound, message: "No account has the UUID \(uuid), and none with it was deleted.")
        case .deleted(let tombstone):
            return try renderer.render(DeletedPage(tombstone, canHandleDeletions: context.can(.deleteAccounts)), title: "Deleted account", request: request, context: context, notice: notice)
        case .live(let record):
            try views.record(uuid: uuid, by: context.auditActor)
            var page = UserPage(record, answersBefore: answersBefore, canEdit: context.can(.editUsers), canDelete: context.can(.deleteAccounts))
            adjust(&page)
            return try renderer.render(page, title: record.account.email, request: request, context: context, status: status, notice: notice)
        }
    }
}
