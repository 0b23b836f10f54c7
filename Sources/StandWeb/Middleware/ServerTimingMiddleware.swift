import Foundation
import HTTPTypes
import Hummingbird

/// Adds `total` to a page's `Server-Timing` (`db`, `render`, `html` come from
/// the renderer): the time from the request entering the app's middleware to
/// the response leaving it, so each stage can be read as a share of the page.
struct ServerTimingMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let start = DispatchTime.now().uptimeNanoseconds
        var response = try await next(request, context)
        if let stages = response.headers[.serverTiming] {
            let total = RequestTiming.milliseconds(DispatchTime.now().uptimeNanoseconds - start, decimals: 3)
            response.headers[.serverTiming] = stages + ", total;dur=" + total
        }
        return response
    }
}
