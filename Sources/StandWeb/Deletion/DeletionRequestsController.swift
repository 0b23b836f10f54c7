import Foundation
import Hummingbird
import StandCore

/// `/deletion-requests`: pending requests oldest first with their age; done
/// and cancelled ones on a filter. Pending ones can be cancelled with a reason.
struct DeletionRequestsController {
    let store: StandStore
    let renderer: PageRenderer
    static let pageSize = 100

    struct CancelForm: Decodable {
        var reason: String?
    }

    func addRoutes(to group: Routes) {
        group.get(Site.deletionRequests, use: list)
        group.post(Site.deletionRequestCancel, use: cancel)
    }

    @Sendable func list(_ request: Request, context: AppRequestContext) async throws -> Response {
        let parameters = QueryParameters(request)
        let status = parameters["status"].flatMap { DeletionRequest.Status(rawValue: $0) } ?? .pending
        let after = try parameters.number("after", in: QueryParameters.rowIds)
        let notice = parameters["done"] == "cancelled" ? "Request cancelled. The account stays." : nil
        let page = try await makePage(status: status, after: after, timing: context.timing)
        return try renderer.render(page, title: "Deletion requests", request: request, context: context, notice: notice)
    }

    @Sendable func cancel(_ request: Request, context: AppRequestContext) async throws -> Response {
        let id = try RouteParameter.rowId(context)
        let form = (try? await request.decode(as: CancelForm.self, context: context)) ?? CancelForm()
        do {
            if try await DeletionRequests.cancel(store, id: id, reason: form.reason ?? "", by: context.auditActor) {
                return .redirect(to: Site.deletionRequests.href(["done": "cancelled"]))
            }
            let notice = "Request #\(id) is no longer pending (it was completed or cancelled meanwhile); nothing was changed."
            let page = try await makePage(status: .pending, after: nil, timing: context.timing)
            return try renderer.render(page, title: "Deletion requests", request: request, context: context, status: .conflict, notice: notice)
        } catch {
            guard let problem = FormProblem(error) else { throw error }
            var page = try await makePage(status: .pending, after: nil, timing: context.timing)
            page.errors = problem.errors
            page.failedRequestId = id
            page.reason = form.reason ?? ""
            return try renderer.render(page, title: "Deletion requests", request: request, context: context, status: problem.status)
        }
    }

    private func makePage(status: DeletionRequest.Status, after: Int64?, timing: RequestTiming) async throws -> DeletionRequestsPage {
        let requests = try await timing.measure(.db) {
            try await DeletionRequest.list(store, status: status, after: after, limit: Self.pageSize)
        }
        return DeletionRequestsPage(requests, status: status)
    }
}
