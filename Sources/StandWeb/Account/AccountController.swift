import Hummingbird
import StandCore

/// `/account`: a staff member's own password, second factor and sessions.
struct AccountController {
    let staff: StaffAccounts
    let secondFactors: SecondFactors
    let renderer: PageRenderer

    struct PasswordForm: Decodable {
        var current: String?
        var new: String?
        var confirmation: String?
    }

    struct CodeForm: Decodable {
        var code: String?
    }

    struct TurnOffForm: Decodable {
        var password: String?
        var code: String?
    }

    struct SessionForm: Decodable {
        var session: String?
    }

    func addRoutes(to group: Routes) {
        group.get(Site.account, .signedIn, use: show)
        group.post(Site.accountPassword, use: changePassword)
        group.get(Site.accountSecondFactor, .signedInBeforeSecondFactor, use: showSetUp)
        group.post(Site.accountSecondFactor, .signedInBeforeSecondFactor, use: startSetUp)
        group.post(Site.accountSecondFactorConfirm, .signedInBeforeSecondFactor, use: confirmSetUp)
        group.post(Site.accountSecondFactorOff, use: turnOff)
        group.post(Site.accountSessionEnd, use: endSession)
    }

    static let notices = [
        "password": "Your password has been changed. Other browsers signed in as you were signed out.",
        "second-factor-off": "Your second factor is off: signing in asks for your password alone.",
        "session-ended": "That session has ended: the browser is signed out.",
    ]

    @Sendable func show(_ request: Request, context: AppRequestContext) async throws -> Response {
        let notice = QueryParameters(request)["done"].flatMap { Self.notices[$0] }
        return try renderer.render(try await page(context), request: request, context: context, notice: notice)
    }

    @Sendable func changePassword(_ request: Request, context: AppRequestContext) async throws -> Response {
        guard let member = context.staff, let session = context.session else { return .redirect(to: Site.login.href()) }
        let form = try await request.form(PasswordForm.self, context: context)
        return try await renderer.submit(request, context) {
            let change = StaffAccounts.PasswordChange(current: form.current ?? "", new: form.new ?? "", confirmation: form.confirmation ?? "")
            try await staff.changeOwnPassword(staffId: member.id!, change, keepingSession: session.id, ip: context.remoteIP)
            return .redirect(to: Site.account.href(["done": "password"]))
        } refused: { problem in
            var page = try await page(context)
            page.errors = problem.errors
            return page
        }
    }

    // MARK: Second factor

    @Sendable func showSetUp(_ request: Request, context: AppRequestContext) async throws -> Response {
        guard let member = context.staff else { return .redirect(to: Site.login.href()) }
        if context.hasSecondFactor { return .redirect(to: Site.account.href(fragment: "second-factor")) }
        let enrolment = try await secondFactors.pendingEnrolment(staffId: member.id!, email: member.email)
        return try renderer.render(SecondFactorSetUpPage(enrolment: enrolment, required: context.mustSetUpSecondFactor), request: request, context: context)
    }

    /// A new key (replacing one that never got its first code).
    @Sendable func startSetUp(_ request: Request, context: AppRequestContext) async throws -> Response {
        guard let member = context.staff else { return .redirect(to: Site.login.href()) }
        return try await renderer.submit(request, context) {
            _ = try await secondFactors.startEnrolment(staffId: member.id!, email: member.email)
            return .redirect(to: Site.accountSecondFactor.href())
        } refused: { problem in
            var page = SecondFactorSetUpPage(enrolment: nil, required: context.mustSetUpSecondFactor)
            page.errors = problem.errors
            return page
        }
    }

    /// The first code: on, and the recovery codes, shown once.
    @Sendable func confirmSetUp(_ request: Request, context: AppRequestContext) async throws -> Response {
        guard let member = context.staff else { return .redirect(to: Site.login.href()) }
        let form = try await request.form(CodeForm.self, context: context)
        let code = String((form.code ?? "").prefix(64))
        return try await renderer.submit(request, context) {
            let codes = try await secondFactors.confirm(staffId: member.id!, code: code, by: context.auditActor)
            return try renderer.render(RecoveryCodesPage(codes: codes), request: request, context: context)
        } refused: { problem in
            let enrolment = try await secondFactors.pendingEnrolment(staffId: member.id!, email: member.email)
            var page = SecondFactorSetUpPage(enrolment: enrolment, required: context.mustSetUpSecondFactor, code: code)
            page.errors = problem.errors
            return page
        }
    }

    /// Off: always the password and a code, however recent the sign-in.
    @Sendable func turnOff(_ request: Request, context: AppRequestContext) async throws -> Response {
        guard let session = context.session else { return .redirect(to: Site.login.href()) }
        let form = try await request.form(TurnOffForm.self, context: context)
        return try await renderer.submit(request, context) {
            switch try await staff.turnOffSecondFactor(session: session, password: String((form.password ?? "").prefix(1_024)),
                                                       code: String((form.code ?? "").prefix(64)), ip: context.remoteIP) {
            case .confirmed:
                return .redirect(to: Site.account.href(["done": "second-factor-off"]))
            case .refused:
                throw ValidationErrors("off", "That password and code do not match. Type both again (the code changes every 30 seconds).")
            case .locked:
                var response = Response.redirect(to: Site.login.href(["locked": "1"]))
                response.setCookie(SessionMiddleware.expiredSessionCookie)
                return response
            }
        } refused: { problem in
            var page = try await page(context)
            page.offErrors = problem.errors
            return page
        }
    }

    // MARK: Sessions

    @Sendable func endSession(_ request: Request, context: AppRequestContext) async throws -> Response {
        guard let member = context.staff, let session = context.session else { return .redirect(to: Site.login.href()) }
        let form = try await request.form(SessionForm.self, context: context)
        return try await renderer.submit(request, context) {
            // Already gone (ended elsewhere, or expired) is what was asked for.
            try await staff.endSession(staffId: member.id!, reference: form.session ?? "", keeping: session.id, by: context.auditActor)
            return .redirect(to: Site.account.href(["done": "session-ended"], fragment: "sessions"))
        } refused: { problem in
            var page = try await page(context)
            page.sessionErrors = problem.errors
            return page
        }
    }

    private func page(_ context: AppRequestContext) async throws -> AccountPage {
        guard let member = context.staff else { throw HTTPError(.unauthorized) }
        let own = try await context.timing.measure(.db) { try await staff.ownAccount(staffId: member.id!) }
        return AccountPage(email: member.email, role: member.role.title, secondFactor: own.secondFactor,
                           sessions: own.sessions.map { SessionRow($0, current: context.session?.reference) })
    }
}
