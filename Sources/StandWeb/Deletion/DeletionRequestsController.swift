import Foundation
import Hummingbird
import StandCore

/// `/deletion-requests`: pending requests oldest first with their age; done and cancelled on a filter.
struct DeletionRequestsController {
    let store: StandStore
    let renderer: PageRenderer

    struct DeletionRequestsPage: Sendable {
        struct Row: Sendable {
            let id: Int64
            let userUUID: String
            let source: String
            let received: String
            let ageInDays: Int
        }
        struct Filter: Sendable {
            let value: String
            let title: String
            let current: Bool
        }
        let rows: [Row]
        let isEmpty: Bool
        let status: String
        let filters: [Filter]
    }

    func addRoutes(to group: RouterGroup<AppRequestContext>) {
        group.get("/deletion-requests", use: list)
    }

    @Sendable func list(_ request: Request, context: AppRequestContext) async throws -> Response {
        let status = request.uri.queryParameters["status"].flatMap { DeletionRequest.Status(rawValue: String($0)) } ?? .pending
        let requests = try context.timing.measure(.db) { try store.pool.read { db in try DeletionRequest.list(db, status: status, limit: 500) } }
        let now = Date()
        let rows = requests.map {
            DeletionRequestsPage.Row(id: $0.id, userUUID: $0.userUUID, source: $0.source == "app" ? "App" : "Staff",
                                     received: UTCDate.minute($0.createdAt), ageInDays: $0.ageInDays(at: now))
        }
        let filters = DeletionRequest.Status.allCases.map { DeletionRequestsPage.Filter(value: $0.rawValue, title: $0.rawValue.capitalized, current: $0 == status) }
        let page = DeletionRequestsPage(rows: rows, isEmpty: rows.isEmpty, status: status.rawValue, filters: filters)
        return try renderer.render("deletion/index", title: "Deletion requests", page: page, request: request, context: context)
    }
}
