import Foundation
import Hummingbird
import StandCore

/// Drawing a closed sweepstakes and what follows: owners draw (or redraw)
/// winners and alternates, record each prize as notified, claimed or
/// forfeited, and publish or withdraw a draw's public record. Everyone
/// signed in may download a draw's snapshot.
struct DrawController {
    let sweepstakesAdmin: SweepstakesAdmin
    let draws: SweepstakesDraws
    let recentSignIn: RecentSignIn
    let renderer: PageRenderer

    struct DrawForm: Decodable {
        var reason: String?
        var replacing: String?
        var alternates: String?
    }

    struct PrizeForm: Decodable {
        var draw: String?
        var rank: String?
        /// `notified`, `claimed` or `forfeited`.
        var claim: String?
        var how: String?
        var reason: String?
    }

    struct PublishForm: Decodable {
        var draw: String?
    }

    func addRoutes(to routes: Routes) {
        routes.get(Site.sweepstakesDraw, .role(.drawWinners), use: confirmDraw)
        routes.post(Site.sweepstakesDraw, .role(.drawWinners), use: draw)
        routes.get(Site.sweepstakesSnapshot, use: snapshot)
        routes.get(Site.sweepstakesPrize, .role(.drawWinners), use: prize)
        routes.post(Site.sweepstakesPrize, .role(.drawWinners), use: recordPrize)
        routes.post(Site.sweepstakesPublish, .role(.drawWinners)) { try await publication(publish: true, $0, $1) }
        routes.post(Site.sweepstakesWithdraw, .role(.drawWinners)) { try await publication(publish: false, $0, $1) }
    }

    @Sendable func confirmDraw(_ request: Request, context: AppRequestContext) async throws -> Response {
        let sweepstakes = try await existing(try RouteParameter.rowId(context))
        return try renderer.render(try await drawPage(sweepstakes), request: request, context: context)
    }

    @Sendable func draw(_ request: Request, context: AppRequestContext) async throws -> Response {
        let id = try RouteParameter.rowId(context)
        let form = try await request.form(DrawForm.self, context: context)
        let replacing = form.replacing.flatMap { $0.utf8.count <= 19 ? Int64($0) : nil }
        return try await renderer.submit(request, context) {
            let sweepstakes = try await existing(id)
            let alternates = try SweepstakesDraws.checkedAlternates(form.alternates ?? "", winners: sweepstakes.winnerCount)
            if let ask = try await recentSignIn.check(request, context, doing: "\(replacing == nil ? "draw" : "redraw") the winners of “\(sweepstakes.name)”",
                                                      backHref: Site.sweepstakesDraw.href(id)) {
                return ask
            }
            switch try await draws.draw(sweepstakesId: id, replacing: replacing, reason: form.reason ?? "", alternates: alternates, by: context.auditActor) {
            case .drawn:
                return .redirect(to: Site.sweepstake.href(id, ["done": "drawn"], fragment: "draw"))
            case .alreadyDrawn:
                return .redirect(to: Site.sweepstake.href(id, ["done": "already"], fragment: "draw"))
            case .notClosed(let phase):
                throw HTTPError(.conflict, message: phase == .cancelled ? "This sweepstakes was cancelled: it is never drawn."
                                : "This sweepstakes is \(phase.rawValue): it can be drawn once it has closed.")
            case .nobodyEligible:
                throw HTTPError(.conflict, message: "Nobody is eligible: no account with a valid entry is 18 or older and not disqualified. Nothing was drawn.")
            }
        } refused: { problem in
            var page = try await drawPage(try await existing(id))
            page.reason = form.reason ?? ""
            page.alternates = form.alternates ?? ""
            page.errors = problem.errors
            return page
        }
    }

    /// The eligible snapshot a draw was made from, as `uuid,weight` lines: what scripts/verify-draw.py reads.
    @Sendable func snapshot(_ request: Request, context: AppRequestContext) async throws -> Response {
        let id = try RouteParameter.rowId(context)
        guard let drawId = try QueryParameters(request).number("draw", in: QueryParameters.rowIds),
              let (draw, snapshot) = try await draws.snapshot(drawId: drawId), draw.sweepstakesId == id else {
            throw HTTPError(.notFound, message: "There is no such draw of sweepstakes #\(id).")
        }
        return Self.snapshotResponse(snapshot, fileName: "stand-sweepstakes-\(id)-draw-\(draw.number)-snapshot.csv")
    }

    /// The snapshot's text written 64 KB at a time (a million entrants are
    /// 40 MB of text, never built whole). `lease` lives as long as the body.
    static func snapshotResponse(_ snapshot: DrawSnapshot, fileName: String, holding lease: (any Sendable & AnyObject)? = nil) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "text/csv; charset=utf-8"
        headers[.contentDisposition] = "attachment; filename=\"\(fileName)\""
        let body = ResponseBody { writer in
            defer { withExtendedLifetime(lease) {} }
            var start = 0
            while start < snapshot.count {
                let piece = snapshot.textPiece(from: start)
                try await writer.write(ByteBuffer(bytes: piece.bytes))
                start = piece.next
            }
            try await writer.finish(nil)
        }
        return Response(status: .ok, headers: headers, body: body)
    }

    /// One prize's pick: what has been recorded, and the three forms.
    @Sendable func prize(_ request: Request, context: AppRequestContext) async throws -> Response {
        let id = try RouteParameter.rowId(context)
        let parameters = QueryParameters(request)
        let page = try await prizePage(id, drawId: try parameters.number("draw", in: QueryParameters.rowIds),
                                       rank: try parameters.number("rank", in: 1...Int64(Int32.max)))
        return try renderer.render(page, request: request, context: context)
    }

    @Sendable func recordPrize(_ request: Request, context: AppRequestContext) async throws -> Response {
        let id = try RouteParameter.rowId(context)
        let form = try await request.form(PrizeForm.self, context: context)
        let drawId = form.draw.flatMap { $0.utf8.count <= 19 ? Int64($0) : nil }
        let rank = form.rank.flatMap { $0.utf8.count <= 9 ? Int64($0) : nil }
        return try await renderer.submit(request, context) {
            let claim: SweepstakesDraws.Claim
            switch form.claim {
            case "notified": claim = .notified(how: form.how ?? "")
            case "claimed": claim = .claimed
            case "forfeited": claim = .forfeited(reason: form.reason ?? "")
            default: throw HTTPError(.badRequest, message: Request.unreadableForm)
            }
            _ = try await prizePage(id, drawId: drawId, rank: rank)
            try await draws.record(claim, drawId: drawId!, rank: Int(rank!), by: context.auditActor)
            return .redirect(to: Site.sweepstake.href(id, ["done": form.claim, "rank": String(rank!)], fragment: "draw"))
        } refused: { problem in
            var page = try await prizePage(id, drawId: drawId, rank: rank)
            page.how = form.how ?? ""
            page.reason = form.reason ?? ""
            page.errors = problem.errors
            return page
        }
    }

    /// Publish or withdraw the public record of a draw of this sweepstakes.
    func publication(publish: Bool, _ request: Request, _ context: AppRequestContext) async throws -> Response {
        let id = try RouteParameter.rowId(context)
        let form = try await request.form(PublishForm.self, context: context)
        guard let drawId = form.draw.flatMap({ $0.utf8.count <= 19 ? Int64($0) : nil }),
              let draw = try await draws.find(id: drawId), draw.sweepstakesId == id else {
            throw HTTPError(.notFound, message: "There is no such draw of sweepstakes #\(id).")
        }
        if publish { try await draws.publish(drawId: drawId, by: context.auditActor) } else { try await draws.withdraw(drawId: drawId, by: context.auditActor) }
        return .redirect(to: Site.sweepstake.href(id, ["done": publish ? "published" : "withdrawn", "draw": String(draw.number)], fragment: "draw"))
    }

    private func drawPage(_ sweepstakes: Sweepstakes) async throws -> SweepstakesDrawPage {
        let current = try await draws.latest(sweepstakesId: sweepstakes.id)
        guard current != nil || sweepstakes.phase() == .closed else {
            throw HTTPError(.conflict, message: sweepstakes.phase() == .cancelled ? "\(sweepstakes.name) was cancelled: it is never drawn."
                            : "\(sweepstakes.name) is \(sweepstakes.phase().rawValue): it can be drawn once it has closed.")
        }
        let preview = try await draws.preview(sweepstakesId: sweepstakes.id)
        return SweepstakesDrawPage(id: sweepstakes.id, name: sweepstakes.name, winners: min(sweepstakes.winnerCount, preview.eligibleUsers),
                                   eligibleUsers: preview.eligibleUsers, entries: preview.entries,
                                   replacing: current.map { DrawView($0, canManage: false) })
    }

    /// The page for one pick of a draw of this sweepstakes (a 404 for anything
    /// else); only the draw in force offers the forms.
    private func prizePage(_ sweepstakesId: Int64, drawId: Int64?, rank: Int64?) async throws -> PrizePage {
        let sweepstakes = try await existing(sweepstakesId)
        guard let drawId, let rank, let draw = try await draws.find(id: drawId), draw.sweepstakesId == sweepstakesId,
              let pick = draw.picks.first(where: { $0.rank == rank }) else {
            throw HTTPError(.notFound, message: "There is no such winner or alternate in \(sweepstakes.name)'s draws.")
        }
        let inForce = try await draws.latest(sweepstakesId: sweepstakesId)?.id == draw.id
        return PrizePage(sweepstakesId: sweepstakesId, sweepstakesName: sweepstakes.name, draw: draw, pick: pick,
                         nextAlternate: draw.nextAlternate, inForce: inForce)
    }

    private func existing(_ id: Int64) async throws -> Sweepstakes {
        guard let sweepstakes = try await sweepstakesAdmin.find(id: id) else {
            throw HTTPError(.notFound, message: "There is no sweepstakes #\(id).")
        }
        return sweepstakes
    }
}
