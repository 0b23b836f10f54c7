import Foundation
import Hummingbird
import StandCore

/// `/users/{uuid}`: one account — profile, stats, answers, entries, deletion
/// requests and what staff did to it — or, once deleted, its tombstone.
struct UserPageController {
    let store: StandStore
    let renderer: PageRenderer
    let views: AccountViewRecorder
    static let answersPerPage = 20
    static let auditEventsShown = 20

    struct OpenRequestForm: Decodable {
        var note: String?
    }

    func addRoutes(to group: RouterGroup<AppRequestContext>, deleters: RouterGroup<AppRequestContext>) {
        group.get("/users/{uuid}", use: show)
        deleters.post("/users/{uuid}/deletion-requests", use: openRequest)
    }

    @Sendable func show(_ request: Request, context: AppRequestContext) async throws -> Response {
        let uuid = try UserRoute.uuid(context)
        if uuid != context.parameters.get("uuid") {
            return .redirect(to: "/users/\(uuid)", type: .permanent)
        }
        let before = request.uri.queryParameters["answers_before"].flatMap { Int64(String($0)) }
        let notice = Self.notices[request.uri.queryParameters["done"].map(String.init) ?? ""]
        return try await render(uuid: uuid, answersBefore: before, request: request, context: context, notice: notice)
    }

    @Sendable func openRequest(_ request: Request, context: AppRequestContext) async throws -> Response {
        let uuid = try UserRoute.uuid(context)
        let form = (try? await request.decode(as: OpenRequestForm.self, context: context)) ?? OpenRequestForm()
        do {
            guard try await DeletionRequests.open(store, uuid: uuid, note: form.note ?? "", by: context.auditActor) != nil else {
                return .redirect(to: "/users/\(uuid)")
            }
            return .redirect(to: "/users/\(uuid)?done=request#deletion-requests")
        } catch let errors as ValidationErrors {
            return try await render(uuid: uuid, answersBefore: nil, request: request, context: context, notice: nil) { page in
                page.noteError = errors["note"]
                page.note = form.note ?? ""
            }
        }
    }

    static let notices = [
        "edit": "Saved. The change is in the audit trail below.",
        "unchanged": "Nothing was changed: the form held the values the account already has.",
        "deleted": "The account was deleted. Its personal data is erased from the store; this record is what remains.",
        "request": "Deletion request opened. It is listed under Deletion requests until the account is deleted or the request cancelled.",
    ]

    private func render(
        uuid: String, answersBefore: Int64?, request: Request, context: AppRequestContext, notice: String?,
        adjust: (inout UserPage) -> Void = { _ in }
    ) async throws -> Response {
        let found = try context.timing.measure(.db) {
            try store.pool.read { db in
                try UserOverview.load(db, uuid: uuid, answersBefore: answersBefore, answersLimit: Self.answersPerPage, eventsLimit: Self.auditEventsShown)
            }
        }
        switch found {
        case .none:
            throw HTTPError(.notFound, message: "No account has the UUID \(uuid), and none with it was deleted.")
        case .deleted(let tombstone):
            return try renderer.render("users/deleted", title: "Deleted account", page: DeletedPage(tombstone), request: request, context: context, notice: notice)
        case .live(let record):
            views.record(uuid: uuid, by: context.auditActor)
            var page = makePage(record, answersBefore: answersBefore, context: context)
            adjust(&page)
            let status: HTTPResponse.Status = page.noteError == nil ? .ok : .unprocessableContent
            return try renderer.render("users/show", title: record.account.email, page: page, request: request, context: context, status: status, notice: notice)
        }
    }
}

/// The `{uuid}` of `/users/{uuid}/…` in canonical form; anything else is a 404.
enum UserRoute {
    static func uuid(_ context: AppRequestContext) throws -> String {
        guard let raw = context.parameters.get("uuid"), let uuid = UserQuery.canonicalUUID(raw) else {
            throw HTTPError(.notFound, message: "That is not an account's address: account UUIDs are 32 hexadecimal digits.")
        }
        return uuid
    }
}
