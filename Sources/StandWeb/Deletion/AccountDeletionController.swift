import Foundation
import Hummingbird
import StandCore

/// `/users/{uuid}/delete`: a confirmation page naming exactly what will go,
/// then the erasure. Resubmitting, or two staff at once, find it already done.
struct AccountDeletionController {
    let deletion: AccountDeletion
    let renderer: PageRenderer

    struct DeleteForm: Decodable {
        var confirmation: String?
        var reason: String?
    }

    func addRoutes(to group: Routes) {
        group.get(Site.userDelete, .role(.deleteAccounts), use: confirm)
        group.post(Site.userDelete, .role(.deleteAccounts), use: delete)
    }

    @Sendable func confirm(_ request: Request, context: AppRequestContext) async throws -> Response {
        let uuid = try UserRoute.uuid(context)
        guard let preview = try await deletion.preview(uuid: uuid) else {
            return try await alreadyGone(uuid, request: request, context: context)
        }
        return try renderer.render(DeletionConfirmPage(preview), request: request, context: context)
    }

    @Sendable func delete(_ request: Request, context: AppRequestContext) async throws -> Response {
        let uuid = try UserRoute.uuid(context)
        let form = try await request.form(DeleteForm.self, context: context)
        return try await renderer.submit(request, context) {
            let outcome = try await context.timing.measure(.db) {
                try await deletion.delete(uuid: uuid, confirmation: form.confirmation ?? "", reason: form.reason ?? "", by: context.auditActor)
            }
            switch outcome {
            case .deleted:
                // The store's share of the erasure (checkpoint included), readable from outside.
                var response = Response.redirect(to: Site.user.href(uuid, ["done": "deleted"]))
                response.headers[.serverTiming] = context.timing.headerValue
                return response
            case .alreadyDeleted(let tombstone):
                return try alreadyDeletedPage(tombstone, request: request, context: context)
            case .notFound:
                throw HTTPError(.notFound, message: "No account has the UUID \(uuid).")
            }
        } refused: { problem in
            guard let preview = try await deletion.preview(uuid: uuid) else {
                throw HTTPError(.conflict, message: "This account was deleted by someone else meanwhile; its page shows by whom.")
            }
            var page = DeletionConfirmPage(preview)
            page.confirmation = form.confirmation ?? ""
            page.reason = form.reason ?? ""
            page.errors = problem.errors
            return page
        }
    }

    private func alreadyGone(_ uuid: String, request: Request, context: AppRequestContext) async throws -> Response {
        guard let tombstone = try await deletion.tombstone(uuid: uuid) else {
            throw HTTPError(.notFound, message: "No account has the UUID \(uuid).")
        }
        return try alreadyDeletedPage(tombstone, request: request, context: context)
    }

    /// Not an error: the person's wish is fulfilled, once.
    private func alreadyDeletedPage(_ tombstone: Tombstone, request: Request, context: AppRequestContext) throws -> Response {
        let by = tombstone.deletedByEmail ?? "another staff member"
        return try renderer.render(DeletedPage(tombstone, canHandleDeletions: context.can(.deleteAccounts)), request: request, context: context,
                                   notice: "This account was already deleted, by \(by) at \(UTCDate.minute(tombstone.deletedAt)). Nothing more was done.")
    }
}
