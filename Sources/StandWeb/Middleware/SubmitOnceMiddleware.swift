import Foundation
import Hummingbird
import Logging
import StandCore

/// A form sent twice is done once. Runs the handler with the form's
/// submission as `FormSubmission.current`, so the store claims it in the
/// change's own transaction; a repeat (`AlreadySubmitted`) is answered with
/// the first one's outcome: the same redirect, saying it was already done.
///
/// A repeat is also recognised before the handler runs (a handler may refuse
/// on what the first one changed — "already approved" — before it writes),
/// and after a handler that changed nothing, in case a twin sent at the same
/// instant claimed it meanwhile.
struct SubmitOnceMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext
    let submissions: FormSubmissions
    let routes: RouteTable

    /// The query parameter a repeat's redirect carries: when the first was sent (seconds since 1970).
    static let repeatParameter = "resubmitted"

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard let submission = context.submission else { return try await next(request, context) }
        if let repeated = try await submissions.earlier(submission) {
            return try await answerRepeat(repeated, of: submission, request: request)
        }
        let response: Response
        do {
            response = try await FormSubmission.$current.withValue(submission) {
                try await next(request, context)
            }
        } catch let repeated as AlreadySubmitted {
            return try await answerRepeat(repeated, of: submission, request: request)
        } catch {
            if let repeated = try? await submissions.earlier(submission) {
                return try await answerRepeat(repeated, of: submission, request: request)
            }
            throw error
        }
        if !submission.isClaimed, response.status != .seeOther, let repeated = try? await submissions.earlier(submission) {
            return try await answerRepeat(repeated, of: submission, request: request)
        }
        if submission.isClaimed {
            // A page shown once (a new password) is never shown again: its repeats go to the page above the form.
            let outcome = response.status == .seeOther ? response.headers[.location] : routes.nearestPage(above: submission.path)
            do {
                try await submissions.recordOutcome(submission, location: outcome ?? routes.nearestPage(above: submission.path))
            } catch {
                // The change stands; a repeat waits for the outcome briefly, then lands on the page above the form.
                context.logger.debug("form outcome not recorded", metadata: ["error": "\(type(of: error))"])
            }
        }
        return response
    }

    private func answerRepeat(_ repeated: AlreadySubmitted, of submission: FormSubmission, request: Request) async throws -> Response {
        var outcome = repeated.outcome
        if outcome == nil { outcome = try await submissions.outcome(of: submission) }
        // No outcome recorded within the wait (the store refused it): the nearest page above the form's action.
        let target = outcome ?? routes.nearestPage(above: submission.path)
        let (path, fragment) = Self.splitFragment(target)
        let separator = path.contains("?") ? "&" : "?"
        let seconds = Int(repeated.at.timeIntervalSince1970)
        return .redirect(to: path + separator + "\(Self.repeatParameter)=\(seconds)" + fragment)
    }

    static func splitFragment(_ location: String) -> (String, String) {
        guard let hash = location.firstIndex(of: "#") else { return (location, "") }
        return (String(location[..<hash]), String(location[hash...]))
    }
}
