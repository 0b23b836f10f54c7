import Foundation
import Hummingbird
import StandCore

/// `/sweepstakes` and `/sweepstakes/{id}`: everyone reads; owners and editors
/// create (`/sweepstakes/new`) and change one until it opens (`…/edit`);
/// owners close one early (`…/close`) or cancel it before a draw (`…/cancel`).
/// Drawing and what follows a draw are `DrawController`'s.
struct SweepstakesController {
    let sweepstakesAdmin: SweepstakesAdmin
    let draws: SweepstakesDraws
    let renderer: PageRenderer

    struct CreateForm: Decodable {
        var name: String?
        var prize: String?
        var startsOn: String?
        var endsOn: String?
        var winnerCount: String?
        var entriesPerStand: String?
        var streakBonusEntries: String?

        var draft: SweepstakesDraft {
            SweepstakesDraft(name: name ?? "", prize: prize ?? "", startsOn: startsOn ?? "", endsOn: endsOn ?? "",
                             winnerCount: winnerCount ?? "", entriesPerStand: entriesPerStand ?? "", streakBonusEntries: streakBonusEntries ?? "")
        }
    }

    /// The reason an owner gives to close early or cancel.
    struct CloseForm: Decodable {
        var reason: String?
    }

    func addRoutes(to routes: Routes) {
        routes.get(Site.sweepstakes, use: list)
        routes.get(Site.sweepstakesNew, .role(.createSweepstakes), use: new)
        routes.post(Site.sweepstakesNew, .role(.createSweepstakes), use: create)
        routes.get(Site.sweepstake, use: show)
        routes.get(Site.sweepstakesEdit, .role(.createSweepstakes), use: editForm)
        routes.post(Site.sweepstakesEdit, .role(.createSweepstakes), use: saveEdit)
        routes.get(Site.sweepstakesClose, .role(.closeSweepstakes)) { try await confirmEnding(.close, $0, $1) }
        routes.post(Site.sweepstakesClose, .role(.closeSweepstakes)) { try await end(.close, $0, $1) }
        routes.get(Site.sweepstakesCancel, .role(.closeSweepstakes)) { try await confirmEnding(.cancel, $0, $1) }
        routes.post(Site.sweepstakesCancel, .role(.closeSweepstakes)) { try await end(.cancel, $0, $1) }
        routes.get(Site.sweepstakesEntrantsCSV, .role(.createSweepstakes), use: exportEntrants)
    }

    @Sendable func list(_ request: Request, context: AppRequestContext) async throws -> Response {
        let all = try await context.timing.measure(.db) { try await sweepstakesAdmin.all() }
        return try renderer.render(SweepstakesPage(all, canCreate: context.can(.createSweepstakes)), request: request, context: context)
    }

    @Sendable func new(_ request: Request, context: AppRequestContext) async throws -> Response {
        let today = Date()
        let draft = SweepstakesDraft(startsOn: UTCDate.day(today), endsOn: UTCDate.day(UTCDate.adding(days: 29, to: today)))
        return try renderer.render(SweepstakesFormPage(values: draft), request: request, context: context)
    }

    @Sendable func create(_ request: Request, context: AppRequestContext) async throws -> Response {
        let form = try await request.form(CreateForm.self, context: context)
        return try await renderer.submit(request, context) {
            let id = try await sweepstakesAdmin.create(form.draft, by: context.auditActor)
            return .redirect(to: Site.sweepstake.href(id, ["done": "created"]))
        } refused: { problem in
            var page = SweepstakesFormPage(values: form.draft)
            page.errors = problem.errors
            return page
        }
    }

    @Sendable func editForm(_ request: Request, context: AppRequestContext) async throws -> Response {
        let sweepstakes = try await upcoming(try RouteParameter.rowId(context))
        let draft = SweepstakesDraft(name: sweepstakes.name, prize: sweepstakes.prize, startsOn: sweepstakes.startsOn, endsOn: sweepstakes.endsOn,
                                     winnerCount: String(sweepstakes.winnerCount), entriesPerStand: String(sweepstakes.entriesPerStand),
                                     streakBonusEntries: String(sweepstakes.streakBonusEntries))
        return try renderer.render(SweepstakesFormPage(purpose: .edit(id: sweepstakes.id, name: sweepstakes.name), values: draft), request: request, context: context)
    }

    @Sendable func saveEdit(_ request: Request, context: AppRequestContext) async throws -> Response {
        let id = try RouteParameter.rowId(context)
        let form = try await request.form(CreateForm.self, context: context)
        return try await renderer.submit(request, context) {
            switch try await sweepstakesAdmin.edit(id: id, form.draft, by: context.auditActor) {
            case .saved(let changes):
                return .redirect(to: Site.sweepstake.href(id, ["done": changes.isEmpty ? "unchanged" : "edited"]))
            case .notUpcoming(let phase):
                throw HTTPError(.conflict, message: "It is \(phase.rawValue) now, so it can no longer change; nothing was saved.")
            case .notFound:
                throw HTTPError(.notFound, message: "There is no sweepstakes #\(id).")
            }
        } refused: { problem in
            var page = SweepstakesFormPage(purpose: .edit(id: id, name: try await upcoming(id).name), values: form.draft)
            page.errors = problem.errors
            return page
        }
    }

    @Sendable func show(_ request: Request, context: AppRequestContext) async throws -> Response {
        let id = try RouteParameter.rowId(context)
        let parameters = QueryParameters(request)
        let after = try parameters.value("after", as: SweepstakesEntrants.Cursor.self)
        let query = parameters["q"] ?? ""
        let allEarlierDraws = parameters["draws"] == "all"
        let loaded = try await context.timing.measure(.db) {
            try await sweepstakesAdmin.overview(id: id, search: query.isEmpty ? nil : UserQuery(query), after: after, allEarlierDraws: allEarlierDraws)
        }
        guard let overview = loaded else { throw HTTPError(.notFound, message: "There is no sweepstakes #\(id).") }
        let sweepstakes = overview.sweepstakes
        let listing = overview.ranked
        let found = overview.found
        var entrants: [SweepstakesEntrants.Entrant] = listing?.items ?? []
        var message: String?
        switch found {
        case .entrants(let rows)?: entrants = rows
        case .notEntered(let email)?: message = "\(email) has no entries in this sweepstakes."
        case .noMatch?: message = "No entrant matches “\(query)”."
        case .invalid(let text)?: message = text
        case nil: break
        }
        var page = SweepstakesDetailPage(sweepstakes, days: overview.days, entrants: entrants, canClose: context.can(.closeSweepstakes))
        page.query = query
        page.searchMessage = message
        page.isFirstPage = after == nil && query.isEmpty
        page.nextHref = listing?.nextCursor.map { Site.sweepstake.href(id, ["after": $0.description]) }
        page.draw = overview.currentDraw.map { DrawView($0, canManage: context.can(.drawWinners)) }
        page.earlierDrawsHTML = EarlierDrawsHTML.rows(overview.earlierDraws, sweepstakesId: id, canManage: context.can(.drawWinners),
                                                      csrf: context.csrfToken, submission: context.formToken)
        page.allEarlierDrawsHref = overview.moreEarlierDraws ? Site.sweepstake.href(id, ["draws": "all"]) + "#earlier-draws" : nil
        page.canDraw = context.can(.drawWinners) && (sweepstakes.phase() == .closed || overview.currentDraw != nil)
        page.canExport = context.can(.createSweepstakes)
        page.canEdit = context.can(.createSweepstakes) && sweepstakes.phase() == .upcoming
        page.canCancel = context.can(.closeSweepstakes) && ![.drawn, .cancelled].contains(sweepstakes.phase())
        // The draw a notice names, as a number: a link cannot put words in it.
        let drawNumber = parameters["draw"].flatMap { $0.utf8.count <= 9 ? Int($0) : nil }.map(String.init) ?? ""
        let notice: String? = switch parameters["done"] {
        case "created": "Created \(sweepstakes.name)."
        case "closed": "Closed \(sweepstakes.name) early; it can be drawn now."
        case "edited": "Saved the changes to \(sweepstakes.name)."
        case "unchanged": "Nothing was changed: the form held what \(sweepstakes.name) already had."
        case "cancelled": "Cancelled \(sweepstakes.name). It stays on record and will never be drawn."
        case "drawn": overview.currentDraw.map { "Drew \($0.winnerCount.counted("winner")) and \($0.alternateCount.counted("alternate")) of \(sweepstakes.name) (draw \($0.number))." }
        case "published": "Published the public record of draw \(drawNumber); anyone with its link can open it."
        case "withdrawn": "Withdrew the public record of draw \(drawNumber); its link now answers “not found”."
        case "notified", "claimed", "forfeited": Self.prizeNotice(parameters["done"]!, rank: parameters["rank"], draw: overview.currentDraw)
        case "already": "\(sweepstakes.name) had already been drawn (a second submit or another tab); nothing was drawn again."
        default: nil
        }
        return try renderer.render(page, request: request, context: context, notice: notice)
    }

    /// "Recorded Winner 1 as forfeited; Alternate 1 (…) takes their place.", read from the draw as it is now.
    static func prizeNotice(_ claim: String, rank: String?, draw: SweepstakesDraws.Draw?) -> String? {
        guard let draw, let rank = rank.flatMap({ Int($0) }), let pick = draw.picks.first(where: { $0.rank == rank }) else { return nil }
        var notice = "Recorded \(SweepstakesDraws.label(pick, in: draw)) as \(claim)"
        if claim == "forfeited" {
            notice += draw.picks.first { $0.promotedFor == rank }.map { "; \(SweepstakesDraws.label($0, in: draw)) (\($0.email ?? "deleted account")) takes their place" }
                ?? "; no alternate is left for this prize"
        }
        return notice + "."
    }

    /// Closing early and cancelling: the same question (a reason, asked
    /// first), a different change.
    func confirmEnding(_ ending: SweepstakesClosePage.Ending, _ request: Request, _ context: AppRequestContext) async throws -> Response {
        let sweepstakes = try await endable(try RouteParameter.rowId(context), ending)
        return try renderer.render(SweepstakesClosePage(sweepstakes, ending: ending), request: request, context: context)
    }

    func end(_ ending: SweepstakesClosePage.Ending, _ request: Request, _ context: AppRequestContext) async throws -> Response {
        let id = try RouteParameter.rowId(context)
        let form = try await request.form(CloseForm.self, context: context)
        return try await renderer.submit(request, context) {
            let reason = form.reason ?? ""
            let ended = switch ending {
            case .close: try await sweepstakesAdmin.close(id: id, reason: reason, by: context.auditActor)
            case .cancel: try await sweepstakesAdmin.cancel(id: id, reason: reason, by: context.auditActor)
            }
            guard ended != nil else {
                _ = try await endable(id, ending)
                throw HTTPError(.conflict, message: ending == .close ? "That sweepstakes is no longer open; nothing was changed."
                                : "That sweepstakes was drawn or cancelled meanwhile; nothing was changed.")
            }
            return .redirect(to: Site.sweepstake.href(id, ["done": ending == .close ? "closed" : "cancelled"]))
        } refused: { problem in
            var page = SweepstakesClosePage(try await endable(id, ending), ending: ending)
            page.reason = form.reason ?? ""
            page.errors = problem.errors
            return page
        }
    }

    /// Every entrant as CSV, streamed in batches (memory stays flat on a million); audited.
    @Sendable func exportEntrants(_ request: Request, context: AppRequestContext) async throws -> Response {
        let sweepstakes = try await existing(try RouteParameter.rowId(context))
        let sweepstakesAdmin = self.sweepstakesAdmin
        try await draws.recordExport(sweepstakesId: sweepstakes.id, by: context.auditActor)
        var headers = HTTPFields()
        headers[.contentType] = "text/csv; charset=utf-8"
        headers[.contentDisposition] = "attachment; filename=\"\(CSVRows.fileName(sweepstakes.name, day: UTCDate.day(Date())))\""
        let body = ResponseBody { writer in
            try await writer.write(ByteBuffer(bytes: CSVRows.encode([["uuid", "email", "valid_entries", "voided_entries", "disqualified", "disqualification_reason"]])))
            try await sweepstakesAdmin.exportEntrants(sweepstakesId: sweepstakes.id) { batch in
                let rows = batch.map { [$0.uuid, $0.email, String($0.validEntries), String($0.voidedEntries), $0.disqualified ? "yes" : "no", $0.disqualificationReason ?? ""] }
                try await writer.write(ByteBuffer(bytes: CSVRows.encode(rows)))
            }
            try await writer.finish(nil)
        }
        return Response(status: .ok, headers: headers, body: body)
    }

    private func existing(_ id: Int64) async throws -> Sweepstakes {
        guard let sweepstakes = try await sweepstakesAdmin.find(id: id) else {
            throw HTTPError(.notFound, message: "There is no sweepstakes #\(id).")
        }
        return sweepstakes
    }

    /// The sweepstakes if it has not opened yet; a page saying why it cannot change otherwise.
    private func upcoming(_ id: Int64) async throws -> Sweepstakes {
        let sweepstakes = try await existing(id)
        let phase = sweepstakes.phase()
        guard phase == .upcoming else {
            throw HTTPError(.conflict, message: "\(sweepstakes.name) is \(phase.rawValue): once it has opened, its rules are what app users were shown, and it can no longer change.")
        }
        return sweepstakes
    }

    /// The sweepstakes if it can still be closed early (open or upcoming) or
    /// cancelled (not drawn, not cancelled); a page saying why not otherwise.
    private func endable(_ id: Int64, _ ending: SweepstakesClosePage.Ending) async throws -> Sweepstakes {
        let sweepstakes = try await existing(id)
        let phase = sweepstakes.phase()
        let allowed = ending == .close ? phase == .open || phase == .upcoming : phase != .drawn && phase != .cancelled
        guard allowed else {
            throw HTTPError(.conflict, message: "\(sweepstakes.name) is \(phase.rawValue) already; nothing was changed.")
        }
        return sweepstakes
    }
}
