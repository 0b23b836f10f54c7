import Foundation
import Hummingbird
import StandCore

/// `/deletion-requests`: pending requests oldest first with their age; done
/// and cancelled ones on a filter. Pending ones can be cancelled with a reason.
struct DeletionRequestsController {
    let store: StandStore
    let renderer: PageRenderer
    static let pageSize = 100

    struct DeletionRequestsPage: Sendable {
        struct Row: Sendable {
            let id: Int64
            let userUUID: String
            let accountExists: Bool
            let accountEmail: String?
            let source: String
            let received: String
            let ageInDays: Int
            let resolved: String
            let resolvedBy: String
            let note: String?
            let isPending: Bool
            /// For done requests: "Erased at …" or "Erasure pending since …".
            let erasure: String?
        }
        struct Filter: Sendable {
            let value: String
            let title: String
            let current: Bool
        }
        let rows: [Row]
        let isEmpty: Bool
        let status: String
        let isPending: Bool
        let filters: [Filter]
        let nextHref: String?
        var errors = FieldErrors()
        var failedRequestId: Int64?
        var reason = ""
    }

    struct CancelForm: Decodable {
        var reason: String?
    }

    func addRoutes(to group: Routes) {
        group.get("/deletion-requests", use: list)
        group.post("/deletion-requests/{id}/cancel", use: cancel)
    }

    @Sendable func list(_ request: Request, context: AppRequestContext) async throws -> Response {
        let parameters = QueryParameters(request)
        let status = parameters["status"].flatMap { DeletionRequest.Status(rawValue: $0) } ?? .pending
        let after = try parameters.number("after", in: QueryParameters.rowIds)
        let notice = parameters["done"] == "cancelled" ? "Request cancelled. The account stays." : nil
        let page = try await makePage(status: status, after: after, timing: context.timing)
        return try renderer.render("deletion/index", title: "Deletion requests", page: page, request: request, context: context, notice: notice)
    }

    @Sendable func cancel(_ request: Request, context: AppRequestContext) async throws -> Response {
        let id = try RouteParameter.rowId(context)
        let form = (try? await request.decode(as: CancelForm.self, context: context)) ?? CancelForm()
        do {
            if try await DeletionRequests.cancel(store, id: id, reason: form.reason ?? "", by: context.auditActor) {
                return .redirect(to: "/deletion-requests?done=cancelled")
            }
            let notice = "Request #\(id) is no longer pending (it was completed or cancelled meanwhile); nothing was changed."
            let page = try await makePage(status: .pending, after: nil, timing: context.timing)
            return try renderer.render("deletion/index", title: "Deletion requests", page: page, request: request, context: context, status: .conflict, notice: notice)
        } catch {
            guard let problem = FormProblem(error) else { throw error }
            var page = try await makePage(status: .pending, after: nil, timing: context.timing)
            page.errors = problem.errors
            page.failedRequestId = id
            page.reason = form.reason ?? ""
            return try renderer.render("deletion/index", title: "Deletion requests", page: page, request: request, context: context, status: problem.status)
        }
    }

    private func makePage(status: DeletionRequest.Status, after: Int64?, timing: RequestTiming) async throws -> DeletionRequestsPage {
        let requests = try await timing.measure(.db) {
            try await DeletionRequest.list(store, status: status, after: after, limit: Self.pageSize)
        }
        let now = Date()
        let rows = requests.items.map { request in
            let erasure = request.deletedAt.map { UserPageController.DeletedPage.erasureState(deletedAt: $0, erasedAt: request.erasedAt) }
            return DeletionRequestsPage.Row(
                id: request.id, userUUID: request.userUUID, accountExists: request.accountExists, accountEmail: request.accountEmail, source: request.source == "app" ? "App" : "Staff",
                received: UTCDate.minute(request.createdAt), ageInDays: request.ageInDays(at: now),
                resolved: request.resolvedAt.map(UTCDate.minute) ?? "", resolvedBy: request.resolvedByEmail ?? "", note: request.note,
                isPending: request.status == .pending,
                erasure: erasure)
        }
        let filters = DeletionRequest.Status.allCases.map { DeletionRequestsPage.Filter(value: $0.rawValue, title: $0.rawValue.capitalized, current: $0 == status) }
        return DeletionRequestsPage(rows: rows, isEmpty: rows.isEmpty, status: status.rawValue, isPending: status == .pending, filters: filters,
                                    nextHref: requests.nextCursor.map { "/deletion-requests?status=\(status.rawValue)&after=\($0)" })
    }
}
