import Hummingbird
import StandCore

/// `/account`: a staff member changes their own password (asks for the current one).
struct AccountController {
    let staff: StaffAccounts
    let renderer: PageRenderer

    struct PasswordForm: Decodable {
        var current: String?
        var new: String?
        var confirmation: String?
    }

    func addRoutes(to group: Routes) {
        group.get(Site.account, .signedIn, use: show)
        group.post(Site.accountPassword, use: changePassword)
    }

    @Sendable func show(_ request: Request, context: AppRequestContext) async throws -> Response {
        let notice = QueryParameters(request)["done"] == "password" ? "Your password has been changed. Other browsers signed in as you were signed out." : nil
        return try renderer.render(page(context), request: request, context: context, notice: notice)
    }

    @Sendable func changePassword(_ request: Request, context: AppRequestContext) async throws -> Response {
        guard let member = context.staff, let session = context.session else { return .redirect(to: Site.login.href()) }
        let form = try await request.form(PasswordForm.self, context: context)
        return try await renderer.submit(request, context) {
            let change = StaffAccounts.PasswordChange(current: form.current ?? "", new: form.new ?? "", confirmation: form.confirmation ?? "")
            try await staff.changeOwnPassword(staffId: member.id!, change, keepingSession: session.id, ip: context.remoteIP)
            return .redirect(to: Site.account.href(["done": "password"]))
        } refused: { problem in
            var page = page(context)
            page.errors = problem.errors
            return page
        }
    }

    private func page(_ context: AppRequestContext) -> AccountPage {
        AccountPage(email: context.staff?.email ?? "", role: context.staff?.role.title ?? "")
    }
}
