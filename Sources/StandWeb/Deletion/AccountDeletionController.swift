import Foundation
import Hummingbird
import StandCore

/// `/users/{uuid}/delete`: a confirmation page naming exactly what will go,
/// then the erasure. Resubmitting, or two staff at once, find it already done.
struct AccountDeletionController {
    let deletion: AccountDeletion
    let deliveries: ErasureDeliveries
    let recentSignIn: RecentSignIn
    let renderer: PageRenderer

    struct DeleteForm: Decodable {
        var confirmation: String?
        var reason: String?
    }

    struct RetryForm: Decodable {
        var system: String?
    }

    func addRoutes(to group: Routes) {
        group.get(Site.userDelete, .role(.deleteAccounts), use: confirm)
        group.post(Site.userDelete, .role(.deleteAccounts), use: delete)
        group.get(Site.userReceipt, .role(.deleteAccounts), use: receipt)
        group.post(Site.userErasureRetry, .role(.retryErasureDeliveries), use: retry)
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
            if let ask = try await recentSignIn.check(request, context, doing: "delete the account \(uuid) permanently",
                                                      backHref: Site.userDelete.href(uuid)) {
                return ask
            }
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
            case .underway:
                return .redirect(to: Site.user.href(uuid, ["done": "deletion-underway"]))
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

    /// The person's receipt: a plain page that prints cleanly.
    @Sendable func receipt(_ request: Request, context: AppRequestContext) async throws -> Response {
        let uuid = try UserRoute.uuid(context)
        guard let receipt = try await context.timing.measure(.db, { try await deletion.receipt(uuid: uuid) }) else {
            throw HTTPError(.notFound, message: "No account with the UUID \(uuid) was deleted, so there is no receipt.")
        }
        return try renderer.render(DeletionReceiptPage(receipt), request: request, context: context)
    }

    /// An owner sends a failed (or retrying) delivery again now.
    @Sendable func retry(_ request: Request, context: AppRequestContext) async throws -> Response {
        let uuid = try UserRoute.uuid(context)
        let form = try await request.form(RetryForm.self, context: context)
        let system = form.system ?? ""
        return try await renderer.submit(request, context) {
            switch try await deliveries.outbox.retryNow(uuid: uuid, system: system, by: context.auditActor) {
            case .retrying:
                deliveries.wakeUp()
                return .redirect(to: Site.user.href(uuid, ["done": "retried"]))
            case .alreadyDone(let at):
                throw HTTPError(.conflict, message: "\(system) already confirmed this deletion\(at.map { " at \(UTCDate.minute($0))" } ?? ""); nothing was sent.")
            case .waitingFor(let earlier):
                throw HTTPError(.conflict, message: "\(system) is told only after \(earlier) confirms; retry \(earlier) instead. Nothing was sent.")
            case .notFound:
                throw HTTPError(.notFound, message: "The deletion of \(uuid) has no delivery to “\(system)”.")
            }
        } refused: { problem in
            guard let tombstone = try await deletion.tombstone(uuid: uuid) else {
                throw HTTPError(.notFound, message: "No account with the UUID \(uuid) was deleted.")
            }
            var page = DeletedPage(tombstone, canHandleDeletions: context.can(.deleteAccounts), canRetry: true)
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
        return try renderer.render(DeletedPage(tombstone, canHandleDeletions: context.can(.deleteAccounts), canRetry: context.can(.retryErasureDeliveries)),
                                   request: request, context: context,
                                   notice: "This account was already deleted, by \(by) at \(UTCDate.minute(tombstone.deletedAt)). Nothing more was done.")
    }
}
