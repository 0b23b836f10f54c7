import Foundation
import Hummingbird
import Logging

/// One line per request: method, path, status, milliseconds. Never the query
/// string (searches hold emails and phone numbers) and never a cookie.
struct RequestLogMiddleware<Context: RequestContext>: RouterMiddleware {
    let logger: Logger

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let start = DispatchTime.now().uptimeNanoseconds
        do {
            let response = try await next(request, context)
            log(request, status: response.status.code, start: start)
            return response
        } catch {
            let status = (error as? any HTTPResponseError)?.status.code ?? 500
            log(request, status: status, start: start)
            throw error
        }
    }

    private func log(_ request: Request, status: Int, start: UInt64) {
        let elapsed = RequestTiming.milliseconds(DispatchTime.now().uptimeNanoseconds - start, decimals: 1)
        logger.info("\(request.method) \(request.uri.path) \(status) \(elapsed)ms")
    }
}
