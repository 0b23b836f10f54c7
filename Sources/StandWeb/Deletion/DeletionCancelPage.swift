import StandCore

/// `deletion/cancel`: asks before cancelling a request, naming the account, and asks why.
struct DeletionCancelPage: PageModel {
    static let template = "deletion/cancel"
    var title: String { "Cancel request #\(id)" }

    let id: Int64
    let userUUID: String
    let accountEmail: String?
    let received: String
    let source: String
    let note: String?
    var reason = ""
    var errors = FieldErrors()

    static let fields: [String: @Sendable (Self) -> Any?] = [
        "id": { $0.id }, "userUUID": { $0.userUUID }, "accountEmail": { $0.accountEmail }, "received": { $0.received },
        "source": { $0.source }, "note": { $0.note }, "reason": { $0.reason }, "errors": { $0.errors.leading("The request was not cancelled. Please fix:") },
        "userHref": { Site.user.href($0.userUUID) },
        "formAction": { Site.deletionRequestCancel.href($0.id) },
        "listHref": { _ in Site.deletionRequests.href() },
    ]

    static var fixtures: [Self] {
        var invalid = Self(id: 7, userUUID: Fixture.uuid, accountEmail: Fixture.hostile, received: "2026-11-20 09:00 UTC", source: "App", note: Fixture.hostile)
        invalid.reason = Fixture.hostile
        invalid.errors = FieldErrors(ValidationErrors("reason", Fixture.hostile))
        var busy = invalid
        busy.errors = .busy
        return [invalid, busy, Self(id: 8, userUUID: Fixture.uuid, accountEmail: nil, received: "2026-11-20 09:00 UTC", source: "Staff", note: nil)]
    }
}

extension DeletionCancelPage {
    init(_ request: DeletionRequest) {
        self.init(id: request.id, userUUID: request.userUUID, accountEmail: request.accountEmail, received: UTCDate.minute(request.createdAt),
                  source: request.source == "app" ? "App" : "Staff", note: request.note)
    }
}
