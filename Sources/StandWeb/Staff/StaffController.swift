import Foundation
import Hummingbird
import StandCore

/// `/staff` (owners): list, create, change role, disable, enable, reset password.
struct StaffController {
    let staff: StaffAccounts
    let renderer: PageRenderer

    struct CreateForm: Decodable {
        var email: String?
        var role: String?
    }

    struct RoleForm: Decodable {
        var role: String?
    }

    func addRoutes(to group: Routes) {
        group.get(Site.staff, use: list)
        group.post(Site.staff, use: create)
        group.post(Site.staffRole, use: changeRole)
        group.post(Site.staffDisable, use: disable)
        group.post(Site.staffEnable, use: enable)
        group.post(Site.staffResetPassword, use: resetPassword)
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
            return try renderer.render(page, title: "Staff account created", request: request, context: context)
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
            return try renderer.render(page, title: "New password", request: request, context: context)
        }
    }

    private func perform(request: Request, context: AppRequestContext, done: String, _ change: () async throws -> Void) async throws -> Response {
        try await perform(request: request, context: context) {
            try await change()
            return .redirect(to: Site.staff.href(["done": done]))
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
        let roster = try await context.timing.measure(.db) { try await staff.roster() }
        return StaffPage(roster: roster, you: context.staff?.id, selectedRole: selectedRole)
    }

    private func renderPage(_ page: StaffPage, request: Request, context: AppRequestContext, status: HTTPResponse.Status, notice: String? = nil) throws -> Response {
        try renderer.render(page, title: "Staff", request: request, context: context, status: status, notice: notice)
    }
}
