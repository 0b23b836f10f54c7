import Foundation
import StandCore

/// `suggestions/index`: what app users suggested, by status, newest first. Their
/// text is app-user input, escaped like everything else. Editors tick pending
/// ones to reject them together, or open one to approve it into a question.
struct SuggestionsPage: PageModel {
    static let template = "suggestions/index"
    let title = "Suggestions"

    struct Tab: MustacheFields {
        let title: String
        let count: String
        let href: String
        let current: Bool

        static let fields: [String: @Sendable (Self) -> Any?] = [
            "title": { $0.title }, "count": { $0.count }, "href": { $0.href }, "current": { $0.current },
        ]
    }

    let status: Suggestion.Status
    let rowsHTML: String
    let isEmpty: Bool
    let tabs: [Tab]
    let nextHref: String?
    let isFirstPage: Bool
    let canReview: Bool
    var reason = ""
    var errors = FieldErrors()

    static let fields: [String: @Sendable (Self) -> Any?] = [
        "status": { $0.status.rawValue }, "rowsHTML": { $0.rowsHTML }, "isEmpty": { $0.isEmpty }, "tabs": { $0.tabs },
        "nextHref": { $0.nextHref }, "isFirstPage": { $0.isFirstPage }, "newestHref": { Site.suggestions.href(["status": $0.status == .pending ? nil : $0.status.rawValue]) },
        "canReject": { $0.canReview && $0.status == .pending && !$0.isEmpty }, "reason": { $0.reason }, "errors": { $0.errors.leading("Nothing was rejected. Please fix:") },
        "rejectAction": { _ in Site.suggestionsReject.href() }, "isPending": { $0.status == .pending },
    ]

    static var fixtures: [Self] {
        let hostile = Fixture.hostile
        let suggestion = Row(id: 1, text: hostile, userUUID: Fixture.uuid, userEmail: hostile, received: "2026-11-23 10:00 UTC",
                             review: hostile, questionId: 2, questionRunsOn: "2026-12-01")
        let tabs = tabs(current: .pending, counts: [.pending: 1])
        var invalid = Self(status: .pending, rowsHTML: rowsHTML([suggestion], status: .pending, canReview: true, ticked: [1]), isEmpty: false, tabs: tabs,
                           nextHref: Site.suggestions.href(["after": "x"]), isFirstPage: false, canReview: true)
        invalid.reason = hostile
        invalid.errors = FieldErrors(ValidationErrors("reason", hostile))
        return [
            invalid,
            Self(status: .approved, rowsHTML: rowsHTML([suggestion], status: .approved, canReview: true, ticked: []), isEmpty: false,
                 tabs: tabs, nextHref: nil, isFirstPage: true, canReview: false),
            Self(status: .rejected, rowsHTML: "", isEmpty: true, tabs: tabs, nextHref: nil, isFirstPage: true, canReview: true),
        ]
    }

    static func tabs(current: Suggestion.Status, counts: [Suggestion.Status: Int]) -> [Tab] {
        Suggestion.Status.allCases.map { status in
            Tab(title: status.rawValue.capitalized, count: (counts[status] ?? 0).grouped,
                href: Site.suggestions.href(["status": status == .pending ? nil : status.rawValue]), current: status == current)
        }
    }

    /// One suggestion as the table shows it.
    struct Row {
        let id: Int64
        let text: String
        let userUUID: String?
        let userEmail: String?
        let received: String
        /// Who reviewed it and when (and why, for a rejection).
        let review: String?
        let questionId: Int64?
        let questionRunsOn: String?
    }

    static func rowsHTML(_ rows: [Row], status: Suggestion.Status, canReview: Bool, ticked: Set<Int64>) -> String {
        let selectable = canReview && status == .pending
        var columns = ["Suggestion", "From", "Received (UTC)"]
        if selectable { columns.insert("Select", at: 0) }
        columns.append(status == .pending ? "Actions" : "Review")
        var html = TableRowsHTML(columns: columns, reservingCapacity: rows.count * 500)
        for row in rows {
            html.row { cells in
                if selectable {
                    cells.checkboxCell(name: "ids[]", value: String(row.id), label: "Select suggestion #\(row.id)", checked: ticked.contains(row.id))
                }
                cells.cell(row.text, note: "#\(row.id)")
                cells.cell(row.userEmail ?? "deleted account", linkedTo: row.userUUID.map { Site.user.href($0) })
                cells.cell(row.received)
                switch status {
                case .pending:
                    if canReview { cells.linkCell("Approve…", href: Site.suggestionApprove.href(row.id)) } else { cells.cell("Pending") }
                case .approved:
                    if let questionId = row.questionId {
                        cells.linkCell("Question for \(row.questionRunsOn ?? "?")" + (row.review.map { " · " + $0 } ?? ""), href: Site.question.href(questionId))
                    } else {
                        cells.cell("Its question was unscheduled", note: row.review)
                    }
                case .rejected:
                    cells.cell(row.review ?? "Rejected")
                }
            }
        }
        return html.html
    }
}

extension SuggestionsPage {
    init(_ listing: SuggestionQueue.Listing, status: Suggestion.Status, isFirstPage: Bool, canReview: Bool, ticked: Set<Int64> = []) {
        let rows = listing.items.map { suggestion in
            var review: String?
            if let at = suggestion.reviewedAt {
                review = (suggestion.status == .rejected ? "Rejected " : "Approved ") + UTCDate.minute(at)
                    + (suggestion.reviewedByEmail.map { " by " + $0 } ?? "")
                    + (suggestion.reviewNote.map { ": " + $0 } ?? "")
            }
            return Row(id: suggestion.id, text: suggestion.text, userUUID: suggestion.userUUID, userEmail: suggestion.userEmail,
                       received: UTCDate.minute(suggestion.createdAt), review: review, questionId: suggestion.questionId,
                       questionRunsOn: suggestion.questionRunsOn)
        }
        self.init(status: status, rowsHTML: Self.rowsHTML(rows, status: status, canReview: canReview, ticked: ticked), isEmpty: rows.isEmpty,
                  tabs: Self.tabs(current: status, counts: listing.counts),
                  nextHref: listing.next.map { Site.suggestions.href(["status": status == .pending ? nil : status.rawValue, "after": $0.description]) },
                  isFirstPage: isFirstPage, canReview: canReview)
    }
}
