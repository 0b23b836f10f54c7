import Foundation
import StandCore

/// `deletion/index`: pending requests oldest first with their age; done and
/// cancelled ones on a filter.
struct DeletionRequestsPage: PageModel {
    static let template = "deletion/index"

    struct Row: MustacheFields {
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
        /// For done requests: "Erased at …" or "Erasure pending since …".
        let erasure: String?

        static let fields: [String: @Sendable (Self) -> Any?] = [
            "id": { $0.id }, "userUUID": { $0.userUUID }, "accountExists": { $0.accountExists }, "accountEmail": { $0.accountEmail },
            "source": { $0.source }, "received": { $0.received }, "ageInDays": { $0.ageInDays }, "resolved": { $0.resolved },
            "resolvedBy": { $0.resolvedBy }, "note": { $0.note }, "isPending": { $0.isPending }, "erasure": { $0.erasure },
            "userHref": { Site.user.href($0.userUUID) },
            "deleteHref": { Site.userDelete.href($0.userUUID) },
            "cancelAction": { Site.deletionRequestCancel.href($0.id) },
        ]
    }

    struct Filter: MustacheFields {
        let title: String
        let href: String
        let current: Bool

        static let fields: [String: @Sendable (Self) -> Any?] = ["title": { $0.title }, "href": { $0.href }, "current": { $0.current }]
    }

    let rows: [Row]
    let status: String
    let isPending: Bool
    let filters: [Filter]
    let nextHref: String?
    var errors = FieldErrors()
    var failedRequestId: Int64?
    var reason = ""

    static let fields: [String: @Sendable (Self) -> Any?] = [
        "rows": { $0.rows }, "isEmpty": { $0.rows.isEmpty }, "status": { $0.status }, "isPending": { $0.isPending },
        "filters": { $0.filters }, "nextHref": { $0.nextHref }, "errors": { $0.errors },
        "failedRequestId": { $0.failedRequestId }, "reason": { $0.reason },
    ]

    static var fixtures: [Self] {
        let hostile = Fixture.hostile, uuid = Fixture.uuid
        let filters = filters(current: .pending)
        let pending = Row(id: 1, userUUID: uuid, accountExists: true, accountEmail: hostile, source: "App", received: "2026-11-20 09:00 UTC", ageInDays: 3,
                          resolved: "", resolvedBy: "", note: hostile, isPending: true, erasure: nil)
        let done = Row(id: 2, userUUID: uuid, accountExists: false, accountEmail: nil, source: "Staff", received: "2026-11-20 09:00 UTC", ageInDays: 3,
                       resolved: "2026-11-21 09:00 UTC", resolvedBy: hostile, note: hostile, isPending: false,
                       erasure: "Erasure pending since 2026-11-21 09:00 UTC")
        var withError = Self(rows: [pending], status: "pending", isPending: true, filters: filters,
                             nextHref: Site.deletionRequests.href(["status": "pending", "after": "1"]))
        withError.errors = FieldErrors(ValidationErrors("reason", hostile))
        withError.failedRequestId = 1
        return [
            withError,
            Self(rows: [done], status: "done", isPending: false, filters: filters, nextHref: nil),
            Self(rows: [], status: "cancelled", isPending: false, filters: [], nextHref: nil),
            Self(rows: [], status: "pending", isPending: true, filters: filters, nextHref: nil),
        ]
    }

    static func filters(current: DeletionRequest.Status) -> [Filter] {
        DeletionRequest.Status.allCases.map {
            Filter(title: $0.rawValue.capitalized, href: Site.deletionRequests.href(["status": $0.rawValue]), current: $0 == current)
        }
    }
}

extension DeletionRequestsPage {
    init(_ requests: KeysetPage<DeletionRequest, Int64>, status: DeletionRequest.Status, now: Date = Date()) {
        let rows = requests.items.map { request in
            Row(id: request.id, userUUID: request.userUUID, accountExists: request.accountExists, accountEmail: request.accountEmail,
                source: request.source == "app" ? "App" : "Staff",
                received: UTCDate.minute(request.createdAt), ageInDays: request.ageInDays(at: now),
                resolved: request.resolvedAt.map(UTCDate.minute) ?? "", resolvedBy: request.resolvedByEmail ?? "", note: request.note,
                isPending: request.status == .pending,
                erasure: request.deletedAt.map { DeletedPage.erasureState(deletedAt: $0, erasedAt: request.erasedAt) })
        }
        self.init(rows: rows, status: status.rawValue, isPending: status == .pending, filters: Self.filters(current: status),
                  nextHref: requests.nextCursor.map { Site.deletionRequests.href(["status": status.rawValue, "after": String($0)]) })
    }
}
