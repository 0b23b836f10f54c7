import Foundation
import Hummingbird
import StandCore

/// `/staff` (owners): list, create, change role, disable, enable, reset
/// password; each one's sessions; the second-factor requirement.
struct StaffController {
    let staff: StaffAccounts
    let requirement: SecondFactorRequirement
    let recentSignIn: RecentSignIn
    let renderer: PageRenderer

    struct CreateForm: Decodable {
        var email: String?
        var role: String?
    }

    struct RoleForm: Decodable {
        var role: String?
    }

    struct ConfirmForm: Decodable {
        var confirmed: String?
    }

    struct SessionForm: Decodable {
        /// One session's reference, or `all`.
        var session: String?
    }

    struct RequirementForm: Decodable {
        var required: String?
    }

    func addRoutes(to group: Routes) {
        group.get(Site.staff, .role(.manageStaff), use: list)
        group.post(Site.staff, .role(.manageStaff), use: create)
        group.post(Site.staffRole, .role(.manageStaff), use: changeRole)
        group.get(Site.staffDisable, .role(.manageStaff), use: confirmDisable)
        group.post(Site.staffDisable, .role(.manageStaff), use: disable)
        group.post(Site.staffEnable, .role(.manageStaff), use: enable)
        group.post(Site.staffResetPassword, .role(.manageStaff), use: resetPassword)
        group.get(Site.staffSessions, .role(.manageStaff), use: sessions)
        group.post(Site.staffSessionEnd, .role(.manageStaff), use: endSession)
        group.post(Site.staffSecondFactorRequirement, .role(.manageStaff), use: setRequirement)
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
        switch parameters["done"] {
        case "required":
            notice = "Every staff member now needs a second factor; \(page.enabledWithoutSecondFactor.counted("enabled account")) without one set it up before any other page."
        case "not-required": notice = "A second factor is no longer required; those who have one keep it."
        default: break
        }
        return try renderer.render(page, request: request, context: context, notice: notice)
    }

    @Sendable func confirmDisable(_ request: Request, context: AppRequestContext) async throws -> Response {
        let id = try RouteParameter.rowId(context)
        guard let (member, sessions) = try await staff.withSessions(id: id) else {
            throw HTTPError(.notFound, message: "There is no staff account #\(id).")
        }
        if member.disabled { return .redirect(to: Site.staff.href()) }
        let page = StaffDisablePage(id: id, email: member.email, role: member.role.title, sessions: sessions)
        return try renderer.render(page, request: request, context: context)
    }

    @Sendable func create(_ request: Request, context: AppRequestContext) async throws -> Response {
        let form = try await request.form(CreateForm.self, context: context)
        let password = SecureToken.password()
        return try await renderer.submit(request, context) {
            let input = StaffAccounts.NewStaff(email: form.email ?? "", role: form.role.flatMap(StaffRole.init(rawValue:)), password: password)
            let member = try await staff.create(input, by: context.auditActor)
            return try renderer.render(NewPasswordPage(email: member.email, password: password, created: true), request: request, context: context)
        } refused: { problem in
            var page = try await makePage(context, selectedRole: form.role)
            page.newEmail = form.email ?? ""
            page.errors = problem.errors
            return page
        }
    }

    /// One of the riskiest actions: the password again when the last was long ago.
    @Sendable func changeRole(_ request: Request, context: AppRequestContext) async throws -> Response {
        let id = try RouteParameter.rowId(context)
        let form = try await request.form(RoleForm.self, context: context)
        return try await renderer.submit(request, context) {
            guard let role = form.role.flatMap(StaffRole.init(rawValue:)) else { throw ValidationErrors("role", "Choose a role.") }
            guard let member = try await staff.find(id: id) else { throw HTTPError(.notFound, message: "There is no staff account #\(id).") }
            if member.role != role, let ask = try await recentSignIn.check(request, context, doing: "give \(member.email) the \(role.title) role",
                                                                           backHref: Site.staff.href()) {
                return ask
            }
            let change = try await staff.changeRole(staffId: id, to: role, by: context.auditActor)
            return .redirect(to: Site.staff.href(["done": "role", "staff": String(id), "ended": String(change.sessionsEnded)]))
        } refused: { problem in
            try await listRefusing(problem, context)
        }
    }

    // MARK: Sessions and the second factor

    @Sendable func sessions(_ request: Request, context: AppRequestContext) async throws -> Response {
        let id = try RouteParameter.rowId(context)
        let page = try await sessionsPage(id, context)
        let notice = QueryParameters(request)["done"] == "ended" ? "Ended: that browser is signed out." : nil
        return try renderer.render(page, request: request, context: context, notice: notice)
    }

    @Sendable func endSession(_ request: Request, context: AppRequestContext) async throws -> Response {
        let id = try RouteParameter.rowId(context)
        let form = try await request.form(SessionForm.self, context: context)
        return try await renderer.submit(request, context) {
            guard try await staff.find(id: id) != nil else { throw HTTPError(.notFound, message: "There is no staff account #\(id).") }
            if form.session == "all" {
                try await staff.endAllSessions(staffId: id, keeping: context.session?.id, by: context.auditActor)
            } else {
                try await staff.endSession(staffId: id, reference: form.session ?? "", keeping: context.session?.id, by: context.auditActor)
            }
            return .redirect(to: Site.staffSessions.href(id, ["done": "ended"]))
        } refused: { problem in
            var page = try await sessionsPage(id, context)
            page.errors = problem.errors
            return page
        }
    }

    @Sendable func setRequirement(_ request: Request, context: AppRequestContext) async throws -> Response {
        let form = try await request.form(RequirementForm.self, context: context)
        return try await renderer.submit(request, context) {
            guard let required = ["on": true, "off": false][form.required ?? ""] else { throw ValidationErrors("required", "Choose on or off.") }
            try await requirement.set(required, by: context.auditActor)
            return .redirect(to: Site.staff.href(["done": required ? "required" : "not-required"], fragment: "second-factor"))
        } refused: { problem in
            try await listRefusing(problem, context)
        }
    }

    private func sessionsPage(_ id: Int64, _ context: AppRequestContext) async throws -> StaffSessionsPage {
        guard let member = try await staff.find(id: id) else { throw HTTPError(.notFound, message: "There is no staff account #\(id).") }
        let sessions = try await staff.sessions(staffId: id)
        return StaffSessionsPage(id: id, email: member.email, isYou: id == context.staff?.id,
                                 sessions: sessions.map { SessionRow($0, current: context.session?.reference) })
    }

    @Sendable func disable(_ request: Request, context: AppRequestContext) async throws -> Response {
        let id = try RouteParameter.rowId(context)
        return try await renderer.submit(request, context) {
            let change = try await staff.setDisabled(staffId: id, true, by: context.auditActor)
            return .redirect(to: Site.staff.href(["done": "disabled", "staff": String(id), "ended": String(change.sessionsEnded)]))
        } refused: { problem in
            // Refused (the last owner, oneself) or busy: the same question again, with the reason.
            guard let (member, sessions) = try await staff.withSessions(id: id) else {
                throw HTTPError(.notFound, message: "There is no staff account #\(id).")
            }
            var page = StaffDisablePage(id: id, email: member.email, role: member.role.title, sessions: sessions)
            page.errors = problem.errors
            return page
        }
    }

    @Sendable func enable(_ request: Request, context: AppRequestContext) async throws -> Response {
        let id = try RouteParameter.rowId(context)
        return try await fromList(request, context, done: "enabled") {
            try await staff.setDisabled(staffId: id, false, by: context.auditActor)
        }
    }

    @Sendable func resetPassword(_ request: Request, context: AppRequestContext) async throws -> Response {
        let id = try RouteParameter.rowId(context)
        guard let member = try await staff.find(id: id) else { throw HTTPError(.notFound) }
        let form = try await request.form(ConfirmForm.self, context: context)
        return try await renderer.submit(request, context) {
            if let ask = try await AskFirst.page(confirmed: form.confirmed, action: request.uri.path, fields: [], {
                Confirmation(question: "Reset the password of \(member.email)?",
                             consequence: "Their current password stops working at once and every browser they are signed in on is signed out. "
                                 + "The new password is shown once, on the next page, for you to give them.",
                             confirmLabel: "Reset the password", backHref: Site.staff.href())
            }) {
                return try renderer.render(ask, request: request, context: context)
            }
            let password = try await staff.resetPassword(staffId: id, by: context.auditActor)
            return try renderer.render(NewPasswordPage(email: member.email, password: password, created: false), request: request, context: context)
        } refused: { problem in
            try await listRefusing(problem, context)
        }
    }

    /// A change from a row's buttons: done, back to the list naming it;
    /// refused, the list again with the reason.
    private func fromList(
        _ request: Request, _ context: AppRequestContext, done: String, _ change: () async throws -> StaffAccounts.Change
    ) async throws -> Response {
        try await renderer.submit(request, context) {
            let change = try await change()
            return .redirect(to: Site.staff.href(["done": done, "staff": String(change.member.id!), "ended": String(change.sessionsEnded)]))
        } refused: { problem in
            try await listRefusing(problem, context)
        }
    }

    private func listRefusing(_ problem: FormProblem, _ context: AppRequestContext) async throws -> StaffPage {
        var page = try await makePage(context)
        page.errors = problem.errors
        return page
    }

    private func makePage(_ context: AppRequestContext, selectedRole: String? = nil) async throws -> StaffPage {
        let roster = try await context.timing.measure(.db) { try await staff.roster() }
        return StaffPage(roster: roster, you: context.staff?.id, selectedRole: selectedRole)
    }
}
