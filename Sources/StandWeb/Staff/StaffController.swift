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

    func addRoutes(to group: Routes) {
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
        let notice = QueryParameters(request)["done"].flatMap { Self.notices[$0] }
        return try renderPage(try await makePage(context), request: request, context: context, status: .ok, notice: notice)
    }

    @Sendable func create(_ request: Request, context: AppRequestContext) async throws -> Response {
        let form = (try? await request.decode(as: CreateForm.self, context: context)) ?? CreateForm()
        let password = SecureToken.password()
        do {
            let input = StaffAccounts.NewStaff(email: form.email ?? "", role: form.role.flatMap(StaffRole.init(rawValue:)), password: password)
            let member = try await staff.create(input, by: context.auditActor)
            let page = NewPasswordPage(email: member.email, password: password, created: true)
            return try renderer.render("staff/password", title: "Staff account created", page: page, request: request, context: context)
        } catch {
            guard let problem = FormProblem(error) else { throw error }
            var page = try await makePage(context, selectedRole: form.role)
            page.newEmail = form.email ?? ""
            page.errors = problem.errors
            return try renderPage(page, request: request, context: context, status: problem.status)
        }
    }

    @Sendable func changeRole(_ request: Request, context: AppRequestContext) async throws -> Response {
        let id = try RouteParameter.rowId(context)
        let form = (try? await request.decode(as: RoleForm.self, context: context)) ?? RoleForm()
        guard let role = form.role.flatMap(StaffRole.init(rawValue:)) else {
            return try await refuse(ValidationErrors("role", "Choose a role."), request: request, context: context)
        }
        return try await perform(request: request, context: context, done: "role") {
            try await staff.changeRole(staffId: id, to: role, by: context.auditActor)
        }
    }

    @Sendable func disable(_ request: Request, context: AppRequestContext) async throws -> Response {
        let id = try RouteParameter.rowId(context)
        return try await perform(request: request, context: context, done: "disabled") {
            try await staff.setDisabled(staffId: id, true, by: context.auditActor)
        }
    }

    @Sendable func enable(_ request: Request, context: AppRequestContext) async throws -> Response {
        let id = try RouteParameter.rowId(context)
        return try await perform(request: request, context: context, done: "enabled") {
            try await staff.setDisabled(staffId: id, false, by: context.auditActor)
        }
    }

    @Sendable func resetPassword(_ request: Request, context: AppRequestContext) async throws -> Response {
        let id = try RouteParameter.rowId(context)
        guard let member = try await staff.find(id: id) else { throw HTTPError(.notFound) }
        return try await perform(request: request, context: context) {
            let password = try await staff.resetPassword(staffId: id, by: context.auditActor)
            let page = NewPasswordPage(email: member.email, password: password, created: false)
            return try renderer.render("staff/password", title: "New password", page: page, request: request, context: context)
        }
    }

    private func perform(request: Request, context: AppRequestContext, done: String, _ change: () async throws -> Void) async throws -> Response {
        try await perform(request: request, context: context) {
            try await change()
            return .redirect(to: "/staff?done=\(done)")
        }
    }

    /// A change from a row's buttons: refused ones come back on the list with the reason.
    private func perform(request: Request, context: AppRequestContext, _ change: () async throws -> Response) async throws -> Response {
        do {
            return try await change()
        } catch {
            guard let problem = FormProblem(error) else { throw error }
            var page = try await makePage(context)
            page.errors = problem.errors
            return try renderPage(page, request: request, context: context, status: problem.status)
        }
    }

    private func refuse(_ errors: ValidationErrors, request: Request, context: AppRequestContext) async throws -> Response {
        try await perform(request: request, context: context) { throw errors }
    }

    private func makePage(_ context: AppRequestContext, selectedRole: String? = nil) async throws -> StaffPage {
        let members = try await context.timing.measure(.db) { try await staff.roster() }
        let rows = members.map { (member, lockedUntil) in
            StaffPage.Row(
                id: member.id!, email: member.email, role: member.role.title,
                roleOptions: Self.roleOptions(selected: member.role.rawValue),
                disabled: member.disabled, locked: lockedUntil != nil,
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
