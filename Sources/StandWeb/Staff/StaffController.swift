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
        group.get(Site.staff, .role(.manageStaff), use: list)
        group.post(Site.staff, .role(.manageStaff), use: create)
        group.post(Site.staffRole, .role(.manageStaff), use: changeRole)
        group.get(Site.staffDisable, .role(.manageStaff), use: confirmDisable)
        group.post(Site.staffDisable, .role(.manageStaff), use: disable)
        group.post(Site.staffEnable, .role(.manageStaff), use: enable)
        group.post(Site.staffResetPassword, .role(.manageStaff), use: resetPassword)
    }

    @Sendable func list(_ request: Request, context: AppRequestContext) async throws -> Response {
        let parameters = QueryParameters(request)
        let page = try await makePage(context)
        var notice: String?
        // The message names the person from the store; only the id and a count come in the link.
        if let id = try parameters.number("staff", in: QueryParameters.rowIds), let row = page.rows.first(where: { $0.id == id }) {
            let ended = Int(try parameters.number("ended", in: 0...1_000) ?? 0)
            switch parameters["done"] {
            case "disabled": notice = StaffNotice.disabled(row.email, ended: ended)
            case "enabled": notice = StaffNotice.enabled(row.email)
            case "role": notice = StaffNotice.roleChanged(row.email, to: row.role, ended: ended)
            default: break
            }
        }
        return try renderPage(page, request: request, context: context, status: .ok, notice: notice)
    }

    @Sendable func confirmDisable(_ request: Request, context: AppRequestContext) async throws -> Response {
        let id = try RouteParameter.rowId(context)
        guard let (member, sessions) = try await staff.withSessions(id: id) else {
            throw HTTPError(.notFound, message: "There is no staff account #\(id).")
        }
        if member.disabled { return .redirect(to: Site.staff.href()) }
        let page = StaffDisablePage(id: id, email: member.email, role: member.role.title, sessions: sessions)
        return try renderer.render(page, title: "Disable \(member.email)", request: request, context: context)
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
        do {
            let change = try await staff.setDisabled(staffId: id, true, by: context.auditActor)
            return .redirect(to: Site.staff.href(["done": "disabled", "staff": String(id), "ended": String(change.sessionsEnded)]))
        } catch {
            // Refused (the last owner, oneself) or busy: the same question again, with the reason.
            guard let problem = FormProblem(error) else { throw error }
            guard let (member, sessions) = try await staff.withSessions(id: id) else {
                throw HTTPError(.notFound, message: "There is no staff account #\(id).")
            }
            var page = StaffDisablePage(id: id, email: member.email, role: member.role.title, sessions: sessions)
            page.errors = problem.errors
            return try renderer.render(page, title: "Disable \(member.email)", request: request, context: context, status: problem.status)
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

    private func perform(
        request: Request, context: AppRequestContext, done: String, _ change: () async throws -> StaffAccounts.Change
    ) async throws -> Response {
        try await perform(request: request, context: context) {
            let change = try await change()
            return .redirect(to: Site.staff.href(["done": done, "staff": String(change.member.id!), "ended": String(change.sessionsEnded)]))
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
