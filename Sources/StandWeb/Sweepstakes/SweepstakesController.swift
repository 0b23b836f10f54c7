import Foundation
import Hummingbird
import StandCore

/// `/sweepstakes` and `/sweepstakes/{id}`: everyone reads; owners and editors
/// create (`/sweepstakes/new`); owners close one early (`/sweepstakes/{id}/close`).
struct SweepstakesController {
    let store: StandStore
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

    struct CloseForm: Decodable {
        var reason: String?
    }

    func addRoutes(readers: Routes, creators: Routes, owners: Routes) {
        readers.get(Site.sweepstakes, use: list)
        creators.get(Site.sweepstakesNew, use: new)
        creators.post(Site.sweepstakesNew, use: create)
        readers.get(Site.sweepstake, use: show)
        owners.get(Site.sweepstakesClose, use: confirmClose)
        owners.post(Site.sweepstakesClose, use: close)
    }

    @Sendable func list(_ request: Request, context: AppRequestContext) async throws -> Response {
        let all = try await context.timing.measure(.db) { try await Sweepstakes.all(store) }
        return try renderer.render(SweepstakesPage(all, canCreate: context.can(.createSweepstakes)), title: "Sweepstakes", request: request, context: context)
    }

    @Sendable func new(_ request: Request, context: AppRequestContext) async throws -> Response {
        let today = Date()
        let draft = SweepstakesDraft(startsOn: UTCDate.day(today), endsOn: UTCDate.day(UTCDate.adding(days: 29, to: today)))
        return try renderer.render(SweepstakesFormPage(values: draft), title: "Create a sweepstakes", request: request, context: context)
    }

    @Sendable func create(_ request: Request, context: AppRequestContext) async throws -> Response {
        let form = (try? await request.decode(as: CreateForm.self, context: context)) ?? CreateForm()
        do {
            let id = try await SweepstakesAdmin.create(store, form.draft, by: context.auditActor)
            return .redirect(to: Site.sweepstake.href(id, ["done": "created"]))
        } catch {
            guard let problem = FormProblem(error) else { throw error }
            var page = SweepstakesFormPage(values: form.draft)
            page.errors = problem.errors
            return try renderer.render(page, title: "Create a sweepstakes", request: request, context: context, status: problem.status)
        }
    }

    @Sendable func show(_ request: Request, context: AppRequestContext) async throws -> Response {
        let id = try RouteParameter.rowId(context)
        let parameters = QueryParameters(request)
        let after = try parameters.value("after", as: SweepstakesEntrants.Cursor.self)
        let query = parameters["q"] ?? ""
        let sweepstakes = try await existing(id)
        let days = try await context.timing.measure(.db) { try await SweepstakesEntrants.daily(store, sweepstakes: sweepstakes) }
        var listing: KeysetPage<SweepstakesEntrants.Entrant, SweepstakesEntrants.Cursor>?
        var found: SweepstakesEntrants.Found?
        if query.isEmpty {
            listing = try await context.timing.measure(.db) { try await SweepstakesEntrants.ranked(store, sweepstakesId: id, after: after) }
        } else {
            found = try await context.timing.measure(.db) { try await SweepstakesEntrants.search(store, sweepstakesId: id, UserQuery(query)) }
        }
        var entrants: [SweepstakesEntrants.Entrant] = listing?.items ?? []
        var message: String?
        switch found {
        case .entrants(let rows)?: entrants = rows
        case .notEntered(let email)?: message = "\(email) has no entries in this sweepstakes."
        case .noMatch?: message = "No entrant matches “\(query)”."
        case .invalid(let text)?: message = text
        case nil: break
        }
        var page = SweepstakesDetailPage(sweepstakes, days: days, entrants: entrants, canClose: context.can(.closeSweepstakes))
        page.query = query
        page.searchMessage = message
        page.isFirstPage = after == nil && query.isEmpty
        page.nextHref = listing?.nextCursor.map { Site.sweepstake.href(id, ["after": $0.description]) }
        let notice: String? = switch parameters["done"] {
        case "created": "Created \(sweepstakes.name)."
        case "closed": "Closed \(sweepstakes.name) early; it can be drawn now."
        default: nil
        }
        return try renderer.render(page, title: sweepstakes.name, request: request, context: context, notice: notice)
    }

    @Sendable func confirmClose(_ request: Request, context: AppRequestContext) async throws -> Response {
        let sweepstakes = try await closable(try RouteParameter.rowId(context))
        return try renderer.render(SweepstakesClosePage(sweepstakes), title: "Close \(sweepstakes.name)", request: request, context: context)
    }

    @Sendable func close(_ request: Request, context: AppRequestContext) async throws -> Response {
        let id = try RouteParameter.rowId(context)
        let form = (try? await request.decode(as: CloseForm.self, context: context)) ?? CloseForm()
        do {
            guard try await SweepstakesAdmin.close(store, id: id, reason: form.reason ?? "", by: context.auditActor) != nil else {
                _ = try await closable(id)
                throw HTTPError(.conflict, message: "That sweepstakes is no longer open; nothing was changed.")
            }
            return .redirect(to: Site.sweepstake.href(id, ["done": "closed"]))
        } catch {
            guard let problem = FormProblem(error) else { throw error }
            var page = SweepstakesClosePage(try await closable(id))
            page.reason = form.reason ?? ""
            page.errors = problem.errors
            return try renderer.render(page, title: "Close sweepstakes", request: request, context: context, status: problem.status)
        }
    }

    private func existing(_ id: Int64) async throws -> Sweepstakes {
        guard let sweepstakes = try await Sweepstakes.find(store, id: id) else {
            throw HTTPError(.notFound, message: "There is no sweepstakes #\(id).")
        }
        return sweepstakes
    }

    /// The sweepstakes if it can still be closed early; a page saying why not otherwise.
    private func closable(_ id: Int64) async throws -> Sweepstakes {
        let sweepstakes = try await existing(id)
        let phase = sweepstakes.phase()
        guard phase == .open || phase == .upcoming else {
            throw HTTPError(.conflict, message: "\(sweepstakes.name) is \(phase.rawValue) already; nothing was changed.")
        }
        return sweepstakes
    }
}
