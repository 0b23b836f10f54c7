import Foundation
import Hummingbird
import StandCore

/// `/suggestions`: what app users suggested, oldest first. Their text is shown escaped.
struct SuggestionsController {
    let store: StandStore
    let renderer: PageRenderer

    struct SuggestionsPage: Sendable {
        struct Row: Sendable {
            let id: Int64
            let text: String
            let received: String
        }
        let rows: [Row]
        let isEmpty: Bool
    }

    func addRoutes(to group: Routes) {
        group.get("/suggestions", use: list)
    }

    @Sendable func list(_ request: Request, context: AppRequestContext) async throws -> Response {
        let pending = try await context.timing.measure(.db) { try await Suggestion.pending(store, limit: 200) }
        let rows = pending.map { SuggestionsPage.Row(id: $0.id, text: $0.text, received: UTCDate.minute($0.createdAt)) }
        return try renderer.render("suggestions/index", title: "Suggestions", page: SuggestionsPage(rows: rows, isEmpty: rows.isEmpty), request: request, context: context)
    }
}
