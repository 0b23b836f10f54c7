import Foundation
import StandCore

/// `staff/index` (owners): every staff account with its actions, and the form that adds one.
struct StaffPage: PageModel {
    static let template = "staff/index"
    let title = "Staff"

    struct Row: MustacheFields {
        let id: Int64
        let email: String
        let role: String
        let roleOptions: [SelectOption]
        let disabled: Bool
        let locked: Bool
        let lastLogin: String
        let isYou: Bool
        let hasSecondFactor: Bool

        static let fields: [String: @Sendable (Self) -> Any?] = [
            "id": { $0.id }, "email": { $0.email }, "role": { $0.role }, "roleOptionsHTML": { SelectOption.html($0.roleOptions) },
            "disabled": { $0.disabled }, "locked": { $0.locked }, "lastLogin": { $0.lastLogin }, "isYou": { $0.isYou },
            "hasSecondFactor": { $0.hasSecondFactor }, "sessionsHref": { Site.staffSessions.href($0.id) },
            "roleAction": { Site.staffRole.href($0.id) },
            "enableAction": { Site.staffEnable.href($0.id) },
            "disableHref": { Site.staffDisable.href($0.id) },
            "resetPasswordAction": { Site.staffResetPassword.href($0.id) },
        ]
    }

    static func roleOptions(selected: String?) -> [SelectOption] {
        StaffRole.allCases.map { SelectOption(value: $0.rawValue, title: $0.title, selected: $0.rawValue == selected) }
    }

    let rows: [Row]
    /// Those the requirement stops (or would stop) at their next page.
    var enabledWithoutSecondFactor: Int { rows.count { !$0.hasSecondFactor && !$0.disabled } }
    /// Owners require a second factor of everyone.
    var secondFactorRequired = false
    var newEmail = ""
    var newRoleOptions: [SelectOption]
    var errors = FieldErrors()

    static let fields: [String: @Sendable (Self) -> Any?] = [
        "rows": { $0.rows }, "newEmail": { $0.newEmail }, "newRoleOptionsHTML": { SelectOption.html($0.newRoleOptions) }, "errors": { $0.errors.leading("Nothing was changed:") },
        "secondFactorRequired": { $0.secondFactorRequired },
        "withoutSecondFactor": { $0.enabledWithoutSecondFactor.counted("enabled account") },
    ]

    static var fixtures: [Self] {
        let options = roleOptions(selected: "owner")
        let rows = [
            Row(id: 1, email: "owner@example.com", role: "Owner", roleOptions: options, disabled: false, locked: false, lastLogin: "never", isYou: true,
                hasSecondFactor: true),
            Row(id: 2, email: Fixture.hostile, role: "Support", roleOptions: options, disabled: true, locked: false, lastLogin: "never", isYou: false,
                hasSecondFactor: false),
            Row(id: 3, email: "e@example.com", role: "Editor", roleOptions: options, disabled: false, locked: true, lastLogin: "never", isYou: false,
                hasSecondFactor: true),
            Row(id: 4, email: "s@example.com", role: "Support", roleOptions: options, disabled: false, locked: false, lastLogin: "2026-11-23 10:00 UTC",
                isYou: false, hasSecondFactor: false),
        ]
        var errors = ValidationErrors()
        errors.add("email", Fixture.hostile)
        errors.add("role", Fixture.hostile)
        errors.add("required", Fixture.hostile)
        return [Self(rows: rows, newEmail: Fixture.hostile, newRoleOptions: options, errors: FieldErrors(errors)),
                Self(rows: [], secondFactorRequired: true, newRoleOptions: roleOptions(selected: nil))]
    }
}

extension StaffPage {
    init(roster: StaffAccounts.Roster, you: Int64?, selectedRole: String? = nil) {
        rows = roster.members.map { entry in
            let member = entry.member
            return Row(id: member.id!, email: member.email, role: member.role.title, roleOptions: Self.roleOptions(selected: member.role.rawValue),
                       disabled: member.disabled, locked: entry.lockedUntil != nil, lastLogin: member.lastLoginAt.map(UTCDate.minute) ?? "never",
                       isYou: member.id == you, hasSecondFactor: entry.hasSecondFactor)
        }
        secondFactorRequired = roster.secondFactorRequired
        newRoleOptions = Self.roleOptions(selected: selectedRole)
    }
}

/// `staff/password`: a new password, shown once.
struct NewPasswordPage: PageModel {
    static let template = "staff/password"
    var title: String { created ? "Staff account created" : "New password" }

    let email: String
    let password: String
    let created: Bool

    static let fields: [String: @Sendable (Self) -> Any?] = [
        "email": { $0.email }, "password": { $0.password }, "created": { $0.created },
    ]

    static var fixtures: [Self] {
        [Self(email: Fixture.hostile, password: "abcde-fghij-kmnop-qrstu", created: true),
         Self(email: Fixture.hostile, password: "abcde-fghij-kmnop-qrstu", created: false)]
    }
}
