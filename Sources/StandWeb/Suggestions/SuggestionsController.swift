import Hummingbird
import StandCore

/// `/suggestions`: what app users suggested, oldest first.
struct SuggestionsController {
    let store: StandStore
    let renderer: PageRenderer

    func addRoutes(to group: Routes) {
        group.get(Site.suggestions, use: list)
    }

    @Sendable func list(_ request: Request, context: AppRequestContext) async throws -> Response {
        let pending = try await context.timing.measure(.db) { try await Suggestion.pending(store, limit: 200) }
        return try renderer.render(SuggestionsPage(pending), title: "Suggestions", request: request, context: context)
    }
}
