import Foundation
import Hummingbird
import StandCore

/// `/audit` (owners): the trail, newest first, filtered by staff member and action.
struct AuditController {
    let store: StandStore
    let staff: StaffAccounts
    let renderer: PageRenderer
    static let pageSize = 50

    struct AuditPage: Sendable {
        struct Row: Sendable {
            let id: Int64
            let at: String
            let atISO: String
            let staff: String
            let action: String
            let target: String
            let detail: String
            let ip: String
        }
        struct Option: Sendable {
            let value: String
            let title: String
            let selected: Bool
        }

        let rows: [Row]
        let isEmpty: Bool
        let staffOptions: [Option]
        let actionOptions: [Option]
        let nextPageQuery: String?
        let isFiltered: Bool
    }

    func addRoutes(to group: Routes) {
        group.get("/audit", use: list)
    }

    @Sendable func list(_ request: Request, context: AppRequestContext) async throws -> Response {
        let query = QueryParameters(request)
        let staffId = try query.number("staff", in: QueryParameters.rowIds)
        let action = query["action"].flatMap { AuditAction(rawValue: $0)?.rawValue }
        let before = try query.number("before", in: QueryParameters.rowIds)
        let filter = AuditLog.Filter(staffId: staffId, action: action)
        let (events, members) = try await context.timing.measure(.db) {
            (try await AuditLog.page(store, filter: filter, before: before, limit: Self.pageSize), try await staff.all())
        }
        let rows = events.items.map { event in
            AuditPage.Row(
                id: event.id ?? 0, at: UTCDate.minute(event.occurredAt), atISO: UTCDate.iso8601(event.occurredAt),
                staff: event.staffEmail ?? "—", action: event.action,
                target: [event.targetType, event.targetId].compactMap { $0 }.joined(separator: " "),
                detail: event.detail ?? "", ip: event.ip ?? ""
            )
        }
        var nextQuery: String?
        if let cursor = events.nextCursor {
            var parts = ["before=\(cursor)"]
            if let staffId { parts.append("staff=\(staffId)") }
            if let action { parts.append("action=\(action)") }
            nextQuery = parts.joined(separator: "&")
        }
        let page = AuditPage(
            rows: rows, isEmpty: rows.isEmpty,
            staffOptions: members.map { .init(value: String($0.id!), title: $0.email, selected: $0.id == staffId) },
            actionOptions: AuditAction.allCases.map { .init(value: $0.rawValue, title: $0.rawValue, selected: $0.rawValue == action) },
            nextPageQuery: nextQuery, isFiltered: staffId != nil || action != nil
        )
        return try renderer.render("audit/index", title: "Audit log", page: page, request: request, context: context)
    }
}
