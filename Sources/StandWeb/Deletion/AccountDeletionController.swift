import Foundation
import Hummingbird
import StandCore

/// `/users/{uuid}/delete`: a confirmation page naming exactly what will go,
/// then the erasure. Resubmitting, or two staff at once, find it already done.
struct AccountDeletionController {
    let store: StandStore
    let renderer: PageRenderer

    struct ConfirmPage: Sendable {
        let uuid: String
        let email: String
        let phone: String
        let birthdate: String
        let answers: String
        let entriesRemoved: String
        let entriesKept: String
        let suggestions: String
        let openRequests: String
        var confirmation = ""
        var reason = ""
        var errors = FieldErrors()
    }

    struct DeleteForm: Decodable {
        var confirmation: String?
        var reason: String?
    }

    func addRoutes(to group: Routes) {
        group.get("/users/{uuid}/delete", use: confirm)
        group.post("/users/{uuid}/delete", use: delete)
    }

    @Sendable func confirm(_ request: Request, context: AppRequestContext) async throws -> Response {
        let uuid = try UserRoute.uuid(context)
        guard let preview = try await DeletionPreview.make(store, uuid: uuid) else {
            return try await alreadyGone(uuid, request: request, context: context)
        }
        return try renderer.render("users/delete", title: "Delete \(preview.account.email)", page: page(preview), request: request, context: context)
    }

    @Sendable func delete(_ request: Request, context: AppRequestContext) async throws -> Response {
        let uuid = try UserRoute.uuid(context)
        let form = (try? await request.decode(as: DeleteForm.self, context: context)) ?? DeleteForm()
        do {
            let outcome = try await context.timing.measure(.db) {
                try await AccountDeletion.delete(store, uuid: uuid, confirmation: form.confirmation ?? "", reason: form.reason ?? "", by: context.auditActor)
            }
            switch outcome {
            case .deleted:
                // The store's share of the erasure (checkpoint included), readable from outside.
                var response = Response.redirect(to: "/users/\(uuid)?done=deleted")
                response.headers[.serverTiming] = context.timing.headerValue
                return response
            case .alreadyDeleted(let tombstone):
                return try alreadyDeletedPage(tombstone, request: request, context: context)
            case .notFound:
                throw HTTPError(.notFound, message: "No account has the UUID \(uuid).")
            }
        } catch {
            guard let problem = FormProblem(error) else { throw error }
            guard let preview = try await DeletionPreview.make(store, uuid: uuid) else {
                return try await alreadyGone(uuid, request: request, context: context)
            }
            var page = page(preview)
            page.confirmation = form.confirmation ?? ""
            page.reason = form.reason ?? ""
            page.errors = problem.errors
            return try renderer.render("users/delete", title: "Delete \(preview.account.email)", page: page, request: request, context: context, status: problem.status)
        }
    }

    private func alreadyGone(_ uuid: String, request: Request, context: AppRequestContext) async throws -> Response {
        guard let tombstone = try await Tombstone.find(store, uuid: uuid) else {
            throw HTTPError(.notFound, message: "No account has the UUID \(uuid).")
        }
        return try alreadyDeletedPage(tombstone, request: request, context: context)
    }

    /// Not an error: the person's wish is fulfilled, once.
    private func alreadyDeletedPage(_ tombstone: Tombstone, request: Request, context: AppRequestContext) throws -> Response {
        let by = tombstone.deletedByEmail ?? "another staff member"
        return try renderer.render("users/deleted", title: "Already deleted", page: UserPageController.DeletedPage(tombstone),
                                   request: request, context: context,
                                   notice: "This account was already deleted, by \(by) at \(UTCDate.minute(tombstone.deletedAt)). Nothing more was done.")
    }

    private func page(_ preview: DeletionPreview) -> ConfirmPage {
        ConfirmPage(uuid: preview.account.uuid, email: preview.account.email, phone: PhoneNumber.readable(preview.account.phone),
                    birthdate: preview.account.birthdate, answers: preview.answers.grouped,
                    entriesRemoved: preview.entriesRemoved.grouped, entriesKept: preview.entriesKept.grouped,
                    suggestions: preview.suggestions.grouped, openRequests: preview.openRequests.grouped)
    }
}
