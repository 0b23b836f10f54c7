import Foundation
import Hummingbird
import NIOCore
import StandCore

/// `/audit` (owners): the trail, filtered; `/audit.csv`: the same filter as a CSV download.
struct AuditController {
    let auditLog: AuditLog
    let directory: UserDirectory
    let renderer: PageRenderer
    static let pageSize = 50

    func addRoutes(to group: Routes) {
        group.get(Site.audit, .role(.readAuditLog), use: list)
        group.get(Site.auditCSV, .role(.readAuditLog), use: export)
    }

    @Sendable func list(_ request: Request, context: AppRequestContext) async throws -> Response {
        let parameters = QueryParameters(request)
        let query = try AuditQuery(parameters)
        let before = try parameters.number("before", in: QueryParameters.rowIds)
        let (filter, errors) = try await query.filter(directory)
        let listing = try await context.timing.measure(.db) {
            try await auditLog.listing(filter: errors.isEmpty ? filter : nil, before: before, limit: Self.pageSize)
        }
        let entries = listing.entries
        var page = AuditPage(
            rows: entries?.items.map(AuditPage.row) ?? [],
            staffOptions: listing.staff.map { SelectOption(value: String($0.id!), title: $0.email, selected: $0.id == query.staffId) },
            actionOptions: AuditWording.actionTitles.map { SelectOption(value: $0.action.rawValue, title: $0.title, selected: $0.action == query.action) },
            target: query.target, from: query.from, through: query.through, includeViews: query.includeViews, isFiltered: query.isFiltered,
            nextHref: entries?.nextCursor.map { Site.audit.href(query.items + ["before": String($0)]) },
            csvHref: Site.auditCSV.href(query.items))
        page.errors = FieldErrors(errors)
        return try renderer.render(page, request: request, context: context, status: errors.isEmpty ? .ok : .unprocessableContent)
    }

    /// The filtered log as CSV, streamed a batch at a time. The export itself is an audit event.
    @Sendable func export(_ request: Request, context: AppRequestContext) async throws -> Response {
        let query = try AuditQuery(QueryParameters(request))
        let (filter, errors) = try await query.filter(directory)
        guard errors.isEmpty else {
            throw HTTPError(.badRequest, message: "The export's filter has a problem: " + errors.fields.compactMap { errors.messages[$0] }.joined(separator: " "))
        }
        try await auditLog.recordExport(by: context.auditActor, filter: filter)
        var headers = HTTPFields()
        headers[.contentType] = "text/csv; charset=utf-8"
        headers[.contentDisposition] = "attachment; filename=\"stand-audit-\(UTCDate.day(Date())).csv\""
        let body = ResponseBody { writer in
            try await writer.write(ByteBuffer(bytes: CSVRows.encode([AuditCSV.header])))
            try await auditLog.export(filter: filter) { entries in
                try await writer.write(ByteBuffer(bytes: CSVRows.encode(entries.map(AuditCSV.fields))))
            }
            try await writer.finish(nil)
        }
        return Response(status: .ok, headers: headers, body: body)
    }
}
