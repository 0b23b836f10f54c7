import Foundation
import StandCore

/// `accounts/timeline`: one account's history, newest first, 50 a page,
/// filterable by kind; every item linked to its page.
struct TimelinePage: PageModel {
    static let template = "accounts/timeline"
    var title: String { "Timeline of \(email)" }

    struct Filter: MustacheFields {
        let title: String
        let href: String
        let isCurrent: Bool

        static let fields: [String: @Sendable (Self) -> Any?] = ["title": { $0.title }, "href": { $0.href }, "isCurrent": { $0.isCurrent }]
    }

    let uuid: String
    let email: String
    let rowsHTML: String
    let filters: [Filter]
    let kindTitle: String
    let nextHref: String?
    let isFirstPage: Bool

    static let fields: [String: @Sendable (Self) -> Any?] = [
        "email": { $0.email }, "rowsHTML": { $0.rowsHTML }, "hasRows": { !$0.rowsHTML.isEmpty }, "filters": { $0.filters },
        "kindTitle": { $0.kindTitle }, "nextHref": { $0.nextHref }, "isFirstPage": { $0.isFirstPage },
        "firstHref": { Site.userTimeline.href($0.uuid) }, "userHref": { Site.user.href($0.uuid) },
    ]

    static func title(_ kind: AccountTimeline.Kind?) -> String {
        switch kind {
        case nil: "Everything"
        case .answer: "Answers"
        case .entry: "Entries"
        case .suggestion: "Suggestions"
        case .deletionRequest: "Deletion requests"
        case .suspension: "Suspensions"
        case .note: "Notes"
        case .staff: "Staff actions"
        }
    }

    /// What the viewer's role may open: the audit log (owners) and the suspension page (support, owners).
    struct Reach {
        var auditLog = true
        var suspensions = true
    }

    init(uuid: String, email: String, page: AccountTimeline.Page, kind: AccountTimeline.Kind?, isFirstPage: Bool, reach: Reach = Reach()) {
        self.uuid = uuid
        self.email = email
        rowsHTML = Self.rows(page.items, uuid: uuid, reach: reach)
        filters = ([nil] + AccountTimeline.Kind.allCases.map { Optional($0) }).map { option in
            Filter(title: Self.title(option), href: Site.userTimeline.href(uuid, ["kind": option?.rawValue]), isCurrent: option == kind)
        }
        kindTitle = Self.title(kind)
        nextHref = page.next.map { Site.userTimeline.href(uuid, ["kind": kind?.rawValue, "after": $0.description]) }
        self.isFirstPage = isFirstPage
    }

    static func rows(_ items: [AccountTimeline.Item], uuid: String, reach: Reach) -> String {
        var rows = TableRowsHTML(columns: ["When (UTC)", "Kind", "What", "Detail"], reservingCapacity: items.count * 300)
        for item in items {
            let (what, href, detail) = Self.words(item, uuid: uuid, reach: reach)
            rows.row { row in
                row.cell(UTCDate.minute(item.date))
                row.cell(Self.singular(item.kind))
                row.linkCell(what, href: href)
                row.cell(detail)
            }
        }
        return rows.html
    }

    static func singular(_ kind: AccountTimeline.Kind) -> String {
        switch kind {
        case .answer: "Answer"
        case .entry: "Entry"
        case .suggestion: "Suggestion"
        case .deletionRequest: "Deletion request"
        case .suspension: "Suspension"
        case .note: "Note"
        case .staff: "Staff action"
        }
    }

    /// What an item says and where it leads (a page the viewer's role can open).
    static func words(_ item: AccountTimeline.Item, uuid: String, reach: Reach) -> (what: String, href: String, detail: String) {
        let detail = item.detail ?? ""
        switch item.kind {
        case .answer:
            return (item.text, item.reference.map { Site.question.href($0) } ?? Site.questions.href(), detail.isEmpty ? "" : "Answered “\(detail)”")
        case .entry:
            return (item.text, item.reference.map { Site.sweepstakesEntrant.href($0, ["user": uuid]) } ?? Site.sweepstakes.href(),
                    detail.replacingOccurrences(of: "daily_stand", with: "for a stand").replacingOccurrences(of: "streak_bonus", with: "streak bonus")
                        .replacingOccurrences(of: "manual_grant", with: "granted by staff"))
        case .suggestion:
            return (item.text, item.reference.map { Site.question.href($0) } ?? Site.suggestions.href(["status": detail]), detail.capitalized)
        case .deletionRequest:
            return (item.text == "app" ? "Deletion requested in the app" : "Deletion request opened by staff",
                    Site.deletionRequests.href(["status": "all"]), detail.capitalized)
        case .suspension:
            return ("Suspended: " + item.text, reach.suspensions ? Site.userSuspend.href(uuid) : Site.user.href(uuid), Self.times(in: detail))
        case .note:
            return (item.text, Site.user.href(uuid, fragment: "notes"), detail.isEmpty ? "" : "by \(detail)")
        case .staff:
            // The audit log's own words, from a row as the store holds it.
            let event = try? AuditEvent(row: ["id": item.id, "occurred_at": item.at, "staff_id": nil, "staff_email": nil, "action": item.text,
                                              "target_type": AuditTarget.user, "target_id": uuid, "detail": item.detail, "ip": nil])
            let words = event.map(AuditWording.describe) ?? item.text
            return (words, reach.auditLog ? Site.audit.href(["target": uuid]) : Site.user.href(uuid, fragment: "staff-actions"),
                    event.map { AuditWording.detail($0, besides: words) } ?? "")
        }
    }

    /// "until 2026-12-01 09:00:00.000" → "until 2026-12-01 09:00 UTC".
    private static func times(in text: String) -> String {
        guard let space = text.firstIndex(of: " "), let date = StoreTimestamp.date(String(text[text.index(after: space)...])) else { return text }
        return String(text[..<space]) + " " + UTCDate.minute(date)
    }

    static var fixtures: [Self] {
        let at = "2026-11-24 10:00:00.000"
        let items = AccountTimeline.Kind.allCases.enumerated().map { index, kind in
            AccountTimeline.Item(kind: kind, id: Int64(index + 1), at: at, text: kind == .staff ? "user.updated" : Fixture.hostile,
                                 detail: kind == .suspension ? "until " + at : Fixture.hostile, reference: 1)
        }
        let page = AccountTimeline.Page(items: items, next: .init(at: at, kind: .answer, id: 1))
        return [Self(uuid: Fixture.uuid, email: Fixture.hostile, page: page, kind: nil, isFirstPage: false),
                Self(uuid: Fixture.uuid, email: Fixture.hostile, page: .init(items: [], next: nil), kind: .note, isFirstPage: true)]
    }
}
