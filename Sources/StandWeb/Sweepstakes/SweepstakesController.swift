import Foundation
import Hummingbird
import StandCore

/// `/sweepstakes`: every sweepstakes with its dates, status and entry totals.
struct SweepstakesController {
    let store: StandStore
    let renderer: PageRenderer

    struct SweepstakesPage: Sendable {
        struct Row: Sendable {
            let name: String
            let prize: String
            let dates: String
            let status: String
            let entries: String
            let entrants: String
        }
        let rows: [Row]
        let isEmpty: Bool
    }

    func addRoutes(to group: Routes) {
        group.get("/sweepstakes", use: list)
    }

    @Sendable func list(_ request: Request, context: AppRequestContext) async throws -> Response {
        let all = try await context.timing.measure(.db) { try await SweepstakesSummary.all(store) }
        let rows = all.map {
            SweepstakesPage.Row(name: $0.name, prize: $0.prize, dates: "\($0.startsOn) – \($0.endsOn)", status: $0.status.capitalized,
                                entries: $0.entries.grouped, entrants: $0.entrants.grouped)
        }
        return try renderer.render("sweepstakes/index", title: "Sweepstakes", page: SweepstakesPage(rows: rows, isEmpty: rows.isEmpty), request: request, context: context)
    }
}
