import Hummingbird
import StandCore

extension Request {
    /// The form's fields. A body that does not decode as this form is a 400
    /// page that says so, never an empty form that would be refused field by
    /// field (or worse, accepted).
    func form<Form: Decodable>(_ type: Form.Type, context: AppRequestContext) async throws -> Form {
        do {
            return try await decode(as: type, context: context)
        } catch let error as HTTPError where error.status == .badRequest {
            throw HTTPError(.badRequest, message: Self.unreadableForm)
        }
    }

    static let unreadableForm = "The console could not read that form, so nothing was saved. Go back, reload the page and send it again."
}

extension PageRenderer {
    /// Every form's one path after decoding: `change` calls one StandCore
    /// service and answers with its redirect (whose page names what was done);
    /// a refusal, a busy store or a failing disk comes back as the page
    /// `refused` builds — the same form, every problem, what was typed — with
    /// the status that fits. Any other error is the error page's.
    func submit<Page: PageModel>(
        _ request: Request, _ context: AppRequestContext,
        change: () async throws -> Response,
        refused: (FormProblem) async throws -> Page
    ) async throws -> Response {
        do {
            return try await change()
        } catch {
            guard let problem = FormProblem(error) else { throw error }
            return try render(try await refused(problem), request: request, context: context, status: problem.status)
        }
    }
}
