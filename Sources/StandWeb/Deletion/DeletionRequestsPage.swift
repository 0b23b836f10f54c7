import Foundation
import StandCore

/// `deletion/index`: requests oldest first, by status (pending by default),
/// each tab with its count; pending ones with their age and actions, resolved
/// ones with when, by whom, how long it took and what was noted.
struct DeletionRequestsPage: PageModel {
    static let template = "deletion/index"
    let title = "Deletion requests"

    /// The tab shown: one status, or every request.
    enum Filter: Sendable, Equatable {
        case status(DeletionRequest.Status)
        case all

        init?(_ value: String?) {
            switch value {
            case nil, "": self = .status(.pending)
            case "all": self = .all
            case let value?:
                guard let status = DeletionRequest.Status(rawValue: value) else { return nil }
                self = .status(status)
            }
        }

        var status: DeletionRequest.Status? {
            if case .status(let status) = self { status } else { nil }
        }

        var value: String { status?.rawValue ?? "all" }
        static let tabs: [Filter] = DeletionRequest.Status.allCases.map { .status($0) } + [.all]
    }

    struct Row: Sendable {
        let id: Int64
        let userUUID: String
        let accountExists: Bool
        let accountEmail: String?
        var suspension: String? = nil
        let source: String
        let received: String
        let isPending: Bool
        /// "13 days old" while pending; "Done 2026-11-21 09:00 UTC by ana@…, after 3 days" once resolved.
        let state: String
        /// What was noted when the request was opened (and why it was cancelled).
        let note: String?
        /// For done requests: the reason given at deletion, and the erasure's state.
        let deletionReason: String?
        let erasure: String?
    }

    struct Tab: MustacheFields {
        let title: String
        let count: Int
        let href: String
        let current: Bool

        static let fields: [String: @Sendable (Self) -> Any?] = [
            "title": { $0.title }, "count": { $0.count.grouped }, "href": { $0.href }, "current": { $0.current },
        ]
    }

    let rows: [Row]
    /// Deletions not complete everywhere (the store's bytes or a downstream system), oldest first.
    var incomplete: [Incomplete] = []
    var incompleteCount = 0
    var failedCount = 0
    /// "pending", "done", "cancelled" or "all", for the caption and the empty message.
    let shown: String
    let isPending: Bool
    let tabs: [Tab]
    let nextHref: String?

    static let fields: [String: @Sendable (Self) -> Any?] = [
        "rowsHTML": { $0.rowsHTML }, "isEmpty": { $0.rows.isEmpty }, "shown": { $0.shown }, "isPending": { $0.isPending },
        "hasActions": { $0.hasActions }, "tabs": { $0.tabs }, "nextHref": { $0.nextHref },
        "incomplete": { $0.incomplete }, "hasIncomplete": { $0.incompleteCount > 0 },
        "incompleteTitle": { "\($0.incompleteCount.counted("deletion")) not complete everywhere" },
        "failedNote": { $0.failedCount == 0 ? nil : "\($0.failedCount.counted("deletion")) with a failed delivery: an owner retries it from its page." },
        "incompleteMore": { $0.incompleteCount > $0.incomplete.count ? "The oldest \($0.incomplete.count) are shown." : nil },
    ]

    struct Incomplete: MustacheFields {
        let uuid: String
        let href: String
        let deletedAt: String
        /// "store bytes pending; firebase retrying (attempt 4 next …); aws waiting".
        let state: String
        let failed: Bool

        init(_ tombstone: Tombstone) {
            uuid = tombstone.uuid
            href = Site.user.href(tombstone.uuid)
            deletedAt = UTCDate.minute(tombstone.deletedAt)
            var parts: [String] = []
            if !tombstone.isErased { parts.append("store: " + (tombstone.storedOn == .sqlite ? "erasure pending" : "removal pending")) }
            for delivery in tombstone.erasure.deliveries where delivery.state != .done {
                let (_, title, detail) = DeletedPage.describe(delivery, in: tombstone.erasure)
                parts.append("\(delivery.system): \(title.lowercased()), \(detail)")
            }
            state = parts.joined(separator: "; ")
            failed = tombstone.erasure.anyFailed
        }

        static let fields: [String: @Sendable (Self) -> Any?] = [
            "uuid": { $0.uuid }, "href": { $0.href }, "deletedAt": { $0.deletedAt }, "state": { $0.state }, "failed": { $0.failed },
        ]
    }

    var hasActions: Bool { rows.contains { $0.isPending } }

    /// `<tr>`s of request, account, from, received, status, note and, when any
    /// request on the page is pending, actions: see `TableRowsHTML`.
    var rowsHTML: String {
        let hasActions = hasActions
        var html = TableRowsHTML(columns: ["Request", "Account", "From", "Received", "Status", "Note"], reservingCapacity: rows.count * 700)
        for row in rows {
            let userHref = FastHTMLEscaping.escape(Site.user.href(row.userUUID))
            html.row { cells in
                cells.numberCell("#\(row.id)")
                var account = "<a href=\"" + userHref + "\">" + FastHTMLEscaping.escape(row.accountEmail ?? "Deleted account") + "</a>"
                if !row.accountExists { account += " <span class=\"badge\">deleted</span>" }
                if let suspension = row.suspension { account += "<br /><small class=\"muted\">" + FastHTMLEscaping.escape(suspension) + "</small>" }
                account += "<br /><code class=\"uuid\">" + FastHTMLEscaping.escape(row.userUUID) + "</code>"
                cells.markupCell(account)
                cells.cell(row.source)
                cells.markupCell("<span class=\"nowrap\">" + FastHTMLEscaping.escape(row.received) + "</span>")
                cells.cell(row.state)
                var note = FastHTMLEscaping.escape(row.note ?? "")
                if let reason = row.deletionReason, !reason.isEmpty {
                    note += "<p class=\"muted\">Deleted: " + FastHTMLEscaping.escape(reason) + " · <a href=\"" + userHref + "\">tombstone</a></p>"
                }
                if let erasure = row.erasure, !erasure.isEmpty {
                    note += "<p><small>" + FastHTMLEscaping.escape(erasure) + "</small></p>"
                }
                cells.markupCell(note)
                if row.isPending {
                    var actions = ""
                    if row.accountExists {
                        actions += "<a class=\"button danger\" href=\"" + FastHTMLEscaping.escape(Site.userDelete.href(row.userUUID)) + "\">Delete account…</a> "
                    }
                    actions += "<a class=\"button\" href=\"" + FastHTMLEscaping.escape(Site.deletionRequestCancel.href(row.id)) + "\">Cancel request…</a>"
                    cells.actionsCell(actions)
                } else if hasActions {
                    cells.markupCell("")
                }
            }
        }
        return html.html
    }

    static func tabs(current: Filter, counts: [DeletionRequest.Status: Int]) -> [Tab] {
        Filter.tabs.map { filter in
            let count = filter.status.map { counts[$0] ?? 0 } ?? counts.values.reduce(0, +)
            return Tab(title: filter.status?.rawValue.capitalized ?? "All", count: count,
                       href: Site.deletionRequests.href(["status": filter == .status(.pending) ? nil : filter.value]), current: filter == current)
        }
    }

    static var fixtures: [Self] {
        let hostile = Fixture.hostile, uuid = Fixture.uuid
        let counts: [DeletionRequest.Status: Int] = [.pending: 1, .done: 1, .cancelled: 0]
        let pending = Row(id: 1, userUUID: uuid, accountExists: true, accountEmail: hostile, suspension: hostile, source: "App", received: "2026-11-20 09:00 UTC",
                          isPending: true, state: "3 days old", note: hostile, deletionReason: nil, erasure: nil)
        let done = Row(id: 2, userUUID: uuid, accountExists: false, accountEmail: nil, source: "Staff", received: "2026-11-20 09:00 UTC",
                       isPending: false, state: "Done 2026-11-21 09:00 UTC by \(hostile), after 1 day", note: hostile, deletionReason: hostile,
                       erasure: "Erasure pending since 2026-11-21 09:00 UTC")
        var withIncomplete = Self(rows: [pending], shown: "pending", isPending: true, tabs: tabs(current: .status(.pending), counts: counts),
                                  nextHref: Site.deletionRequests.href(["status": "pending", "after": "1"]))
        let (retrying, failed, _, _) = DeletedPage.fixtureTombstones
        withIncomplete.incomplete = [Incomplete(retrying), Incomplete(failed)]
        withIncomplete.incompleteCount = 60
        withIncomplete.failedCount = 1
        return [
            withIncomplete,
            Self(rows: [done, pending], shown: "all", isPending: false, tabs: tabs(current: .all, counts: counts), nextHref: nil),
            Self(rows: [], shown: "cancelled", isPending: false, tabs: tabs(current: .status(.cancelled), counts: counts), nextHref: nil),
            Self(rows: [], shown: "pending", isPending: true, tabs: tabs(current: .status(.pending), counts: [:]), nextHref: nil),
        ]
    }
}

extension DeletionRequestsPage {
    init(_ requests: KeysetPage<DeletionRequest, Int64>, counts: [DeletionRequest.Status: Int], filter: Filter, now: Date = Date()) {
        let rows = requests.items.map { request in
            var state: String
            if request.status == .pending {
                state = request.ageInDays(at: now).counted("day") + " old"
            } else {
                // Another program may resolve a request without saying when or by whom.
                state = request.status.rawValue.capitalized
                if let resolvedAt = request.resolvedAt { state += " " + UTCDate.minute(resolvedAt) }
                if let by = request.resolvedByEmail { state += " by " + by }
                if request.resolvedAt != nil { state += ", after " + request.ageInDays().counted("day") }
            }
            return Row(id: request.id, userUUID: request.userUUID, accountExists: request.accountExists, accountEmail: request.accountEmail,
                       suspension: request.suspension, source: request.source == "app" ? "App" : "Staff", received: UTCDate.minute(request.createdAt),
                       isPending: request.status == .pending, state: state, note: request.note,
                       deletionReason: request.status == .done ? request.deletionReason : nil,
                       erasure: request.deletedAt.map { DeletedPage.erasureState(deletedAt: $0, erasedAt: request.erasedAt, on: request.storedOn) })
        }
        self.init(rows: rows, shown: filter.value, isPending: filter == .status(.pending), tabs: Self.tabs(current: filter, counts: counts),
                  nextHref: requests.nextCursor.map { Site.deletionRequests.href(["status": filter.value, "after": String($0)]) })
    }
}
