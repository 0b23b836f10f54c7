import StandCore

/// `audit/index` (owners): the trail, newest first, each event in words and
/// linked to what it is about; filtered by staff member, action, target and
/// dates, page views left out unless asked for.
struct AuditPage: PageModel {
    static let template = "audit/index"
    let title = "Audit log"

    struct Row: Sendable {
        let at: String
        let atISO: String
        let staff: String
        let what: String
        let target: String?
        let targetHref: String?
        let detail: String
        let ip: String
    }

    let rows: [Row]
    let staffOptions: [SelectOption]
    let actionOptions: [SelectOption]
    let target: String
    let from: String
    let through: String
    let includeViews: Bool
    let isFiltered: Bool
    let nextHref: String?
    let csvHref: String
    var errors = FieldErrors()

    static let fields: [String: @Sendable (Self) -> Any?] = [
        "rowsHTML": { rowsHTML($0.rows) }, "isEmpty": { $0.rows.isEmpty },
        "staffOptionsHTML": { SelectOption.html($0.staffOptions) }, "actionOptionsHTML": { SelectOption.html($0.actionOptions) },
        "target": { $0.target }, "from": { $0.from }, "through": { $0.through }, "includeViews": { $0.includeViews },
        "isFiltered": { $0.isFiltered }, "nextHref": { $0.nextHref }, "csvHref": { $0.csvHref }, "errors": { $0.errors },
    ]

    /// `<tr>`s of when, staff, what happened, about (linked), detail, from: see `TableRowsHTML`.
    static func rowsHTML(_ rows: [Row]) -> String {
        var html = TableRowsHTML(columns: ["When", "Staff", "What happened", "About", "Detail", "From"], reservingCapacity: rows.count * 400)
        for row in rows {
            html.row { cells in
                cells.timeCell(row.at, datetime: row.atISO)
                cells.cell(row.staff)
                cells.cell(row.what)
                cells.cell(row.target ?? "", linkedTo: row.targetHref)
                cells.cell(row.detail)
                cells.cell(row.ip)
            }
        }
        return html.html
    }

    static func row(_ entry: AuditLog.Entry) -> Row {
        let event = entry.event
        var href: String?
        var label = entry.targetLabel
        switch event.targetType {
        case AuditTarget.user?:
            href = event.targetId.map { Site.user.href($0) }
            label = label ?? event.targetId
        case AuditTarget.staff?:
            href = event.targetId.map { Site.staff.href(fragment: "staff-" + $0) }
            label = label ?? event.targetId.map { "staff #\($0)" }
        case AuditTarget.question?:
            href = event.targetId.flatMap(Int64.init).map { Site.question.href($0) }
            label = event.targetId.map { "question #\($0)" }
        case AuditTarget.sweepstakes?:
            href = event.targetId.flatMap(Int64.init).map { Site.sweepstake.href($0) }
            label = event.targetId.map { "sweepstakes #\($0)" }
        case AuditTarget.suggestion?:
            href = Site.suggestions.href()
            label = event.targetId.map { "suggestion #\($0)" }
        default:
            break
        }
        let words = AuditWording.describe(event)
        return Row(at: UTCDate.minute(event.occurredAt), atISO: UTCDate.iso8601(event.occurredAt), staff: event.staffEmail ?? "—",
                   what: words, target: label, targetHref: href, detail: AuditWording.detail(event, besides: words), ip: event.ip ?? "")
    }

    static var fixtures: [Self] {
        let hostile = Fixture.hostile
        let row = Row(at: "2026-11-23 10:00 UTC", atISO: "2026-11-23T10:00:00Z", staff: hostile, what: "Changed email, phone",
                      target: hostile, targetHref: Site.user.href(Fixture.uuid), detail: hostile, ip: "127.0.0.1")
        let plain = Row(at: "2026-11-23 10:00 UTC", atISO: "2026-11-23T10:00:00Z", staff: "—", what: "Signed in",
                        target: nil, targetHref: nil, detail: "", ip: "")
        let option = SelectOption(value: "1", title: hostile, selected: true)
        var invalid = Self(rows: [], staffOptions: [option], actionOptions: [option], target: hostile, from: hostile, through: "",
                           includeViews: true, isFiltered: true, nextHref: nil, csvHref: Site.auditCSV.href())
        var errors = ValidationErrors()
        for field in ["target", "from", "through"] { errors.add(field, hostile) }
        invalid.errors = FieldErrors(errors)
        return [Self(rows: [row, plain], staffOptions: [option], actionOptions: [option], target: "", from: "2026-11-01", through: "2026-11-30",
                     includeViews: false, isFiltered: true, nextHref: Site.audit.href(["before": "1", "staff": "1"]), csvHref: Site.auditCSV.href(["staff": "1"])),
                invalid]
    }
}
