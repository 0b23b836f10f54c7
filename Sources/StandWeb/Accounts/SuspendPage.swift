import Foundation
import StandCore

/// `accounts/suspend`: suspend an app account (until a date and time, or
/// until lifted) with a reason; or, while it is suspended, lift it early.
struct SuspendPage: PageModel {
    static let template = "accounts/suspend"
    var title: String { suspension == nil ? "Suspend \(email)" : "Lift the suspension of \(email)" }

    let uuid: String
    let email: String
    /// "suspended until …, by …, because …" while one is in force.
    let suspension: String?
    let now: String
    var until = ""
    var reason = ""
    var errors = FieldErrors()

    static let fields: [String: @Sendable (Self) -> Any?] = [
        "uuid": { $0.uuid }, "email": { $0.email }, "suspension": { $0.suspension }, "now": { $0.now },
        "until": { $0.until }, "reason": { $0.reason },
        "errors": { $0.errors.leading($0.suspension == nil ? "The account was not suspended. Please fix:" : "The suspension was not lifted. Please fix:") },
        "suspendAction": { Site.userSuspend.href($0.uuid) }, "liftAction": { Site.userLift.href($0.uuid) }, "userHref": { Site.user.href($0.uuid) },
    ]

    init(account: UserAccount, suspension: AccountSuspensions.Suspension?, now: Date = Date()) {
        uuid = account.uuid
        email = account.email
        self.suspension = suspension.map(AccountSuspensions.describe)
        self.now = UTCDate.minute(now)
    }

    private init(uuid: String, email: String, suspension: String?) {
        self.uuid = uuid
        self.email = email
        self.suspension = suspension
        now = "2026-11-25 10:00 UTC"
    }

    static var fixtures: [Self] {
        var refused = Self(uuid: Fixture.uuid, email: Fixture.hostile, suspension: nil)
        refused.until = Fixture.hostile
        refused.reason = Fixture.hostile
        var errors = ValidationErrors("until", Fixture.hostile)
        errors.add("reason", Fixture.hostile)
        refused.errors = FieldErrors(errors)
        var lifting = Self(uuid: Fixture.uuid, email: Fixture.hostile, suspension: Fixture.hostile)
        lifting.errors = FieldErrors(ValidationErrors("reason", Fixture.hostile))
        return [refused, lifting]
    }
}
