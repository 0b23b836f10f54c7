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

    func addRoutes(to group: RouterGroup<AppRequestContext>) {
        group.get("/deletion-requests", use: list)
        group.post("/deletion-requests/{id}/cancel", use: cancel)
    }

    @Sendable func list(_ request: Request, context: AppRequestContext) async throws -> Response {
        let status = request.uri.queryParameters["status"].flatMap { DeletionRequest.Status(rawValue: String($0)) } ?? .pending
        let after = request.uri.queryParameters["after"].flatMap { Int64(String($0)) }
        let notice = request.uri.queryParameters["done"] == "cancelled" ? "Request cancelled. The account stays." : nil
        let page = try makePage(status: status, after: after, timing: context.timing)
        return try renderer.render("deletion/index", title: "Deletion requests", page: page, request: request, context: context, notice: notice)
    }

    @Sendable func cancel(_ request: Request, context: AppRequestContext) async throws -> Response {
        let id = try context.parameters.require("id", as: Int64.self)
        let form = (try? await request.decode(as: CancelForm.self, context: context)) ?? CancelForm()
        do {
            if try await DeletionRequests.cancel(store, id: id, reason: form.reason ?? "", by: context.auditActor) {
                return .redirect(to: "/deletion-requests?done=cancelled")
            }
            let notice = "Request #\(id) is no longer pending (it was completed or cancelled meanwhile); nothing was changed."
            let page = try makePage(status: .pending, after: nil, timing: context.timing)
            return try renderer.render("deletion/index", title: "Deletion requests", page: page, request: request, context: context, status: .conflict, notice: notice)
        } catch let errors as ValidationErrors {
            var page = try makePage(status: .pending, after: nil, timing: context.timing)
            page.errors = FieldErrors(errors)
            page.failedRequestId = id
            page.reason = form.reason ?? ""
            return try renderer.render("deletion/index", title: "Deletion requests", page: page, request: request, context: context, status: .unprocessableContent)
        }
    }

    private func makePage(status: DeletionRequest.Status, after: Int64?, timing: RequestTiming) throws -> DeletionRequestsPage {
        let requests = try timing.measure(.db) {
            try store.pool.read { db in try DeletionRequest.list(db, status: status, after: after, limit: Self.pageSize) }
        }
        let now = Date()
        let rows = requests.items.map {
            DeletionRequestsPage.Row(
                id: $0.id, userUUID: $0.userUUID, accountExists: $0.accountExists, accountEmail: $0.accountEmail, source: $0.source == "app" ? "App" : "Staff",
                received: UTCDate.minute($0.createdAt), ageInDays: $0.ageInDays(at: now),
                resolved: $0.resolvedAt.map(UTCDate.minute) ?? "", resolvedBy: $0.resolvedByEmail ?? "", note: $0.note,
                isPending: $0.status == .pending)
        }
        let filters = DeletionRequest.Status.allCases.map { DeletionRequestsPage.Filter(value: $0.rawValue, title: $0.rawValue.capitalized, current: $0 == status) }
        return DeletionRequestsPage(rows: rows, isEmpty: rows.isEmpty, status: status.rawValue, isPending: status == .pending, filters: filters,
                                    nextHref: requests.nextCursor.map { "/deletion-requests?status=\(status.rawValue)&after=\($0)" })
    }
}
