import Foundation
import Hummingbird
import StandCore

/// `/staff` (owners): list, create, change role, disable, enable, reset password.
struct StaffController {
    let staff: StaffAccounts
    let renderer: PageRenderer

    struct StaffPage: Sendable {
        struct Row: Sendable {
            let id: Int64
            let email: String
            let role: String
            let roleOptions: [RoleOption]
            let disabled: Bool
            let locked: Bool
            let lastLogin: String
            let isYou: Bool
        }

        let rows: [Row]
        var newEmail = ""
        var newRoleOptions: [RoleOption]
        var errors = FieldErrors()
    }

    struct RoleOption: Sendable {
        let value: String
        let title: String
        let selected: Bool
    }

    struct NewPasswordPage: Sendable {
        let email: String
        let password: String
        let created: Bool
    }

    struct CreateForm: Decodable {
        var email: String?
        var role: String?
    }

    struct RoleForm: Decodable {
        var role: String?
    }

    func addRoutes(to group: RouterGroup<AppRequestContext>) {
        group.get("/staff", use: list)
        group.post("/staff", use: create)
        group.post("/staff/{id}/role", use: changeRole)
        group.post("/staff/{id}/disable", use: disable)
        group.post("/staff/{id}/enable", use: enable)
        group.post("/staff/{id}/reset-password", use: resetPassword)
    }

    static let notices = [
        "role": "Role changed. That person's sessions have ended; they sign in again with the new role.",
        "disabled": "Account disabled. Every session of that person has ended.",
        "enabled": "Account enabled. They can sign in again.",
    ]

    @Sendable func list(_ request: Request, context: AppRequestContext) async throws -> Response {
        let notice = request.uri.queryParameters["done"].flatMap { Self.notices[String($0)] }
        return try renderPage(try makePage(context), request: request, context: context, status: .ok, notice: notice)
    }

    @Sendable func create(_ request: Request, context: AppRequestContext) async throws -> Response {
        let form = (try? await request.decode(as: CreateForm.self, context: context)) ?? CreateForm()
        let password = SecureToken.password()
        do {
            let input = StaffAccounts.NewStaff(email: form.email ?? "", role: form.role.flatMap(StaffRole.init(rawValue:)), password: password)
            let member = try await staff.create(input, by: context.auditActor)
            let page = NewPasswordPage(email: member.email, password: password, created: true)
            return try renderer.render("staff/password", title: "Staff account created", page: page, request: request, context: context)
        } catch let errors as ValidationErrors {
            var page = try makePage(context, selectedRole: form.role)
            page.newEmail = form.email ?? ""
            page.errors = FieldErrors(errors)
            return try renderPage(page, request: request, context: context, status: .unprocessableContent)
        }
    }

    @Sendable func changeRole(_ request: Request, context: AppRequestContext) async throws -> Response {
        let id = try context.parameters.require("id", as: Int64.self)
        let form = (try? await request.decode(as: RoleForm.self, context: context)) ?? RoleForm()
        guard let role = form.role.flatMap(StaffRole.init(rawValue:)) else {
            return try refuse(ValidationErrors("role", "Choose a role."), request: request, context: context)
        }
        return try perform(request: request, context: context, done: "role") {
            try staff.changeRole(staffId: id, to: role, by: context.auditActor)
        }
    }

    @Sendable func disable(_ request: Request, context: AppRequestContext) async throws -> Response {
        let id = try context.parameters.require("id", as: Int64.self)
        return try perform(request: request, context: context, done: "disabled") {
            try staff.setDisabled(staffId: id, true, by: context.auditActor)
        }
    }

    @Sendable func enable(_ request: Request, context: AppRequestContext) async throws -> Response {
        let id = try context.parameters.require("id", as: Int64.self)
        return try perform(request: request, context: context, done: "enabled") {
            try staff.setDisabled(staffId: id, false, by: context.auditActor)
        }
    }

    @Sendable func resetPassword(_ request: Request, context: AppRequestContext) async throws -> Response {
        let id = try context.parameters.require("id", as: Int64.self)
        guard let member = try staff.find(id: id) else { throw HTTPError(.notFound) }
        do {
            let password = try await staff.resetPassword(staffId: id, by: context.auditActor)
            let page = NewPasswordPage(email: member.email, password: password, created: false)
            return try renderer.render("staff/password", title: "New password", page: page, request: request, context: context)
        } catch let errors as ValidationErrors {
            return try refuse(errors, request: request, context: context)
        }
    }

    private func perform(request: Request, context: AppRequestContext, done: String, _ change: () throws -> Void) throws -> Response {
        do {
            try change()
            return .redirect(to: "/staff?done=\(done)")
        } catch let errors as ValidationErrors {
            return try refuse(errors, request: request, context: context)
        }
    }

    private func refuse(_ errors: ValidationErrors, request: Request, context: AppRequestContext) throws -> Response {
        var page = try makePage(context)
        page.errors = FieldErrors(errors)
        return try renderPage(page, request: request, context: context, status: .unprocessableContent)
    }

    private func makePage(_ context: AppRequestContext, selectedRole: String? = nil) throws -> StaffPage {
        let members = try context.timing.measure(.db) { try staff.all() }
        let now = Date()
        let rows = members.map { member in
            StaffPage.Row(
                id: member.id!, email: member.email, role: member.role.title,
                roleOptions: Self.roleOptions(selected: member.role.rawValue),
                disabled: member.disabled, locked: member.isLocked(at: now),
                lastLogin: member.lastLoginAt.map(UTCDate.minute) ?? "never",
                isYou: member.id == context.staff?.id
            )
        }
        return StaffPage(rows: rows, newRoleOptions: Self.roleOptions(selected: selectedRole))
    }

    static func roleOptions(selected: String?) -> [RoleOption] {
        StaffRole.allCases.map { RoleOption(value: $0.rawValue, title: $0.title, selected: $0.rawValue == selected) }
    }

    private func renderPage(_ page: StaffPage, request: Request, context: AppRequestContext, status: HTTPResponse.Status, notice: String? = nil) throws -> Response {
        try renderer.render("staff/index", title: "Staff", page: page, request: request, context: context, status: status, notice: notice)
    }
}
