import Hummingbird
import StandCore

/// `/sweepstakes`: every sweepstakes with its dates, status and entry totals.
struct SweepstakesController {
    let store: StandStore
    let renderer: PageRenderer

    func addRoutes(to group: Routes) {
        group.get(Site.sweepstakes, use: list)
    }

    @Sendable func list(_ request: Request, context: AppRequestContext) async throws -> Response {
        let all = try await context.timing.measure(.db) { try await SweepstakesSummary.all(store) }
        return try renderer.render(SweepstakesPage(all), title: "Sweepstakes", request: request, context: context)
    }
}
