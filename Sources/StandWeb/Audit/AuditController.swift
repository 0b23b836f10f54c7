import Foundation
import Hummingbird
import StandCore

/// `/audit` (owners): the trail, newest first, filtered by staff member and action.
struct AuditController {
    let store: StandStore
    let staff: StaffAccounts
    let renderer: PageRenderer
    static let pageSize = 50

    func addRoutes(to group: Routes) {
        group.get(Site.audit, use: list)
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
        let next = events.nextCursor.map {
            Site.audit.href(["before": String($0), "staff": staffId.map { String($0) }, "action": action])
        }
        let page = AuditPage(
            rows: rows,
            staffOptions: members.map { .init(value: String($0.id!), title: $0.email, selected: $0.id == staffId) },
            actionOptions: AuditAction.allCases.map { .init(value: $0.rawValue, title: $0.rawValue, selected: $0.rawValue == action) },
            nextHref: next, isFiltered: staffId != nil || action != nil
        )
        return try renderer.render(page, title: "Audit log", request: request, context: context)
    }
}
