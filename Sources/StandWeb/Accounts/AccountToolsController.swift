import Foundation
import Hummingbird
import StandCore

/// Support's everyday tools on one app account (support, owners): suspend
/// or lift (`/users/{uuid}/suspend`, `…/lift`), sign it out everywhere
/// (`…/sign-out`, asked first), and correct its points or streak
/// (`…/stats`, `…/points`, `…/streak`). Each is one StandCore change with
/// its audit event; a deleted account is refused.
struct AccountToolsController {
    let directory: UserDirectory
    let suspensions: AccountSuspensions
    let sessions: AccountSessions
    let corrections: StatsCorrections
    let export: DataExport
    let renderer: PageRenderer
    let fileIO = FileIO()
    let exports = WorkSlots(limit: 2)

    struct SuspendForm: Decodable {
        var until: String?
        var reason: String?
    }

    struct ReasonForm: Decodable {
        var reason: String?
    }

    struct ConfirmForm: Decodable {
        var confirmed: String?
    }

    struct PointsForm: Decodable {
        var points: String?
        var reason: String?
    }

    struct StreakForm: Decodable {
        var streak: String?
        var seen: String?
        var reason: String?
    }

    func addRoutes(to routes: Routes) {
        routes.get(Site.userSuspend, .role(.supportAccounts), use: suspendForm)
        routes.post(Site.userSuspend, .role(.supportAccounts), use: suspend)
        routes.post(Site.userLift, .role(.supportAccounts), use: lift)
        routes.post(Site.userSignOut, .role(.supportAccounts), use: signOut)
        routes.get(Site.userStats, .role(.supportAccounts), use: statsForm)
        routes.post(Site.userPoints, .role(.supportAccounts), use: correctPoints)
        routes.post(Site.userStreak, .role(.supportAccounts), use: correctStreak)
        routes.get(Site.userExport, .role(.supportAccounts), use: exportData)
    }

    /// The person's data as a ZIP, built on disk and streamed from it in
    /// pieces, then deleted (sent or not); recorded as an audit event. Two at
    /// a time: each holds a read of the store and deflates megabytes.
    @Sendable func exportData(_ request: Request, context: AppRequestContext) async throws -> Response {
        let uuid = try UserRoute.uuid(context)
        guard let slot = exports.take() else {
            throw HTTPError(.serviceUnavailable, headers: [.retryAfter: "10"],
                            message: "Two data exports are being made right now. Try again in a few seconds.")
        }
        guard let made = try await export.make(uuid: uuid, by: context.auditActor) else {
            throw HTTPError(.notFound, message: "No account has the UUID \(uuid) any more; its page says what remains.")
        }
        let file = FileLease(made.file)
        let body = try await fileIO.loadFile(path: file.url.path, context: context)
        var headers = HTTPFields()
        headers[.contentType] = "application/zip"
        headers[.contentDisposition] = "attachment; filename=\"\(made.fileName)\""
        headers[.cacheControl] = "no-store"
        return Response(status: .ok, headers: headers, body: ResponseBody(contentLength: body.contentLength) { writer in
            // Both live as long as this body: released once it is written, or dropped unwritten.
            defer { withExtendedLifetime((file, slot)) {} }
            try await body.write(writer)
        })
    }

    @Sendable func suspendForm(_ request: Request, context: AppRequestContext) async throws -> Response {
        try renderer.render(try await suspendPage(try UserRoute.uuid(context)), request: request, context: context)
    }

    @Sendable func suspend(_ request: Request, context: AppRequestContext) async throws -> Response {
        let uuid = try UserRoute.uuid(context)
        let form = try await request.form(SuspendForm.self, context: context)
        return try await renderer.submit(request, context) {
            let now = Date()
            let (end, _) = try ValidationErrors.checkBoth({ try AccountSuspensions.checkedEnd(form.until ?? "", now: now) },
                                                          { try SweepstakesAdmin.checkedReason(form.reason ?? "") })
            try await suspensions.suspend(uuid: uuid, until: end, reason: form.reason ?? "", by: context.auditActor, now: now)
            return .redirect(to: Site.user.href(uuid, ["done": "suspended"]))
        } refused: { problem in
            var page = try await suspendPage(uuid)
            page.until = form.until ?? ""
            page.reason = form.reason ?? ""
            page.errors = problem.errors
            return page
        }
    }

    @Sendable func lift(_ request: Request, context: AppRequestContext) async throws -> Response {
        let uuid = try UserRoute.uuid(context)
        let form = try await request.form(ReasonForm.self, context: context)
        return try await renderer.submit(request, context) {
            try await suspensions.lift(uuid: uuid, reason: form.reason ?? "", by: context.auditActor)
            return .redirect(to: Site.user.href(uuid, ["done": "lifted"]))
        } refused: { problem in
            var page = try await suspendPage(uuid)
            page.reason = form.reason ?? ""
            page.errors = problem.errors
            return page
        }
    }

    @Sendable func signOut(_ request: Request, context: AppRequestContext) async throws -> Response {
        let uuid = try UserRoute.uuid(context)
        let account = try await live(uuid)
        let form = try await request.form(ConfirmForm.self, context: context)
        return try await renderer.submit(request, context) {
            if let ask = try await AskFirst.page(confirmed: form.confirmed, action: request.uri.path, fields: [], {
                Confirmation(question: "Sign \(account.email) out everywhere?",
                             consequence: "Every device they are signed in on has to sign in again (a stolen phone stops working within the app's token lifetime). "
                                 + "Their data, points and streak stay as they are.",
                             confirmLabel: "Sign them out everywhere", backHref: Site.user.href(uuid))
            }) {
                return try renderer.render(ask, request: request, context: context)
            }
            try await sessions.signOutEverywhere(uuid: uuid, by: context.auditActor)
            return .redirect(to: Site.user.href(uuid, ["done": "signed-out"]))
        } refused: { problem in
            var page = try await suspendPage(uuid)
            page.errors = problem.errors
            return page
        }
    }

    @Sendable func statsForm(_ request: Request, context: AppRequestContext) async throws -> Response {
        try renderer.render(StatsPage(account: try await live(try UserRoute.uuid(context))), request: request, context: context)
    }

    @Sendable func correctPoints(_ request: Request, context: AppRequestContext) async throws -> Response {
        let uuid = try UserRoute.uuid(context)
        let form = try await request.form(PointsForm.self, context: context)
        return try await renderer.submit(request, context) {
            let (delta, _) = try ValidationErrors.checkBoth({ try StatsCorrections.checkedPoints(form.points ?? "") },
                                                            { try SweepstakesAdmin.checkedReason(form.reason ?? "") })
            try await corrections.addPoints(uuid: uuid, delta: delta, reason: form.reason ?? "", by: context.auditActor)
            return .redirect(to: Site.user.href(uuid, ["done": "points"]))
        } refused: { problem in
            var page = StatsPage(account: try await live(uuid))
            page.pointsTyped = form.points ?? ""
            page.pointsReason = form.reason ?? ""
            page.refusedForm = "points"
            page.errors = problem.errors
            return page
        }
    }

    @Sendable func correctStreak(_ request: Request, context: AppRequestContext) async throws -> Response {
        let uuid = try UserRoute.uuid(context)
        let form = try await request.form(StreakForm.self, context: context)
        return try await renderer.submit(request, context) {
            let (days, _) = try ValidationErrors.checkBoth({ try StatsCorrections.checkedStreak(form.streak ?? "") },
                                                           { try SweepstakesAdmin.checkedReason(form.reason ?? "") })
            guard let seen = form.seen.flatMap({ $0.utf8.count <= 5 ? Int($0) : nil }) else { throw HTTPError(.badRequest, message: Request.unreadableForm) }
            try await corrections.setStreak(uuid: uuid, days: days, seen: seen, reason: form.reason ?? "", by: context.auditActor)
            return .redirect(to: Site.user.href(uuid, ["done": "streak"]))
        } refused: { problem in
            var page = StatsPage(account: try await live(uuid))
            page.streakTyped = form.streak ?? ""
            page.streakReason = form.reason ?? ""
            page.refusedForm = "streak"
            page.errors = problem.errors
            return page
        }
    }

    private func suspendPage(_ uuid: String) async throws -> SuspendPage {
        let account = try await live(uuid)
        return SuspendPage(account: account, suspension: try await suspensions.current(uuid: uuid))
    }

    private func live(_ uuid: String) async throws -> UserAccount {
        guard let account = try await directory.find(uuid: uuid) else {
            throw HTTPError(.notFound, message: "No account has the UUID \(uuid) any more; its page says what remains.")
        }
        return account
    }
}
