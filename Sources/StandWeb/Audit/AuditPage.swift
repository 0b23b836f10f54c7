import StandCore

/// `audit/index` (owners): the trail, newest first, filtered.
struct AuditPage: PageModel {
    static let template = "audit/index"

    struct Row: MustacheFields {
        let id: Int64
        let at: String
        let atISO: String
        let staff: String
        let action: String
        let target: String
        let detail: String
        let ip: String

        static let fields: [String: @Sendable (Self) -> Any?] = [
            "id": { $0.id }, "at": { $0.at }, "atISO": { $0.atISO }, "staff": { $0.staff }, "action": { $0.action },
            "target": { $0.target }, "detail": { $0.detail }, "ip": { $0.ip },
        ]
    }

    let rows: [Row]
    let staffOptions: [SelectOption]
    let actionOptions: [SelectOption]
    let nextHref: String?
    let isFiltered: Bool

    static let fields: [String: @Sendable (Self) -> Any?] = [
        "rows": { $0.rows }, "isEmpty": { $0.rows.isEmpty }, "staffOptions": { $0.staffOptions }, "actionOptions": { $0.actionOptions },
        "nextHref": { $0.nextHref }, "isFiltered": { $0.isFiltered },
    ]

    static var fixtures: [Self] {
        let row = Row(id: 1, at: "2026-11-23 10:00 UTC", atISO: "2026-11-23T10:00:00Z", staff: Fixture.hostile, action: "staff.sign_in",
                      target: "staff 1", detail: Fixture.hostile, ip: "127.0.0.1")
        let option = SelectOption(value: "1", title: Fixture.hostile, selected: true)
        return [Self(rows: [row], staffOptions: [option], actionOptions: [option], nextHref: Site.audit.href(["before": "1", "staff": "1"]), isFiltered: true),
                Self(rows: [], staffOptions: [option], actionOptions: [option], nextHref: nil, isFiltered: false)]
    }
}
