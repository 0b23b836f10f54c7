import Foundation
import Hummingbird
import StandCore

/// `/sweepstakes/{id}/entrant?user=UUID` and its corrections: grant, void one,
/// void all, disqualify, lift. Support, editors and owners; each correction
/// comes back to the entrant's page, refused ones with the reason.
struct EntryCorrectionsController {
    let store: StandStore
    let renderer: PageRenderer

    struct CorrectionForm: Decodable {
        var user: String?
        var quantity: String?
        var reason: String?
        var entry: String?
    }

    enum Correction: String {
        case grant, void, voidAll, disqualify, lift
    }

    func addRoutes(to group: Routes) {
        group.get(Site.sweepstakesEntrant, .role(.grantOrVoidEntries), use: show)
        group.post(Site.sweepstakesGrant, .role(.grantOrVoidEntries)) { try await correct(.grant, $0, $1) }
        group.post(Site.sweepstakesVoid, .role(.grantOrVoidEntries)) { try await correct(.void, $0, $1) }
        group.post(Site.sweepstakesVoidAll, .role(.grantOrVoidEntries)) { try await correct(.voidAll, $0, $1) }
        group.post(Site.sweepstakesDisqualify, .role(.grantOrVoidEntries)) { try await correct(.disqualify, $0, $1) }
        group.post(Site.sweepstakesLift, .role(.grantOrVoidEntries)) { try await correct(.lift, $0, $1) }
    }

    @Sendable func show(_ request: Request, context: AppRequestContext) async throws -> Response {
        let id = try RouteParameter.rowId(context)
        let parameters = QueryParameters(request)
        let uuid = try Self.uuid(parameters["user"])
        let page = try await page(id, uuid: uuid, context: context)
        return try renderer.render(page, title: "\(page.email) in \(page.sweepstakesName)", request: request, context: context,
                                   notice: Self.notice(parameters))
    }

    func correct(_ correction: Correction, _ request: Request, _ context: AppRequestContext) async throws -> Response {
        let id = try RouteParameter.rowId(context)
        let form = (try? await request.decode(as: CorrectionForm.self, context: context)) ?? CorrectionForm()
        let uuid = try Self.uuid(form.user)
        let reason = form.reason ?? ""
        let actor = context.auditActor
        do {
            var done: QueryItems
            switch correction {
            case .grant:
                try await EntryCorrections.grant(store, sweepstakesId: id, uuid: uuid, quantity: form.quantity ?? "", reason: reason, by: actor)
                done = ["done": "granted", "count": form.quantity?.trimmingCharacters(in: .whitespaces)]
            case .void:
                guard let entry = form.entry.flatMap({ $0.utf8.count <= 19 ? Int64($0) : nil }) else {
                    throw HTTPError(.badRequest, message: "That form names no entry to void.")
                }
                try await EntryCorrections.voidEntry(store, sweepstakesId: id, uuid: uuid, entryId: entry, reason: reason, by: actor)
                done = ["done": "voided", "entry": String(entry)]
            case .voidAll:
                let rows = try await EntryCorrections.voidAll(store, sweepstakesId: id, uuid: uuid, reason: reason, by: actor)
                done = ["done": "voided-all", "count": String(rows)]
            case .disqualify:
                try await EntryCorrections.disqualify(store, sweepstakesId: id, uuid: uuid, reason: reason, by: actor)
                done = ["done": "disqualified"]
            case .lift:
                try await EntryCorrections.lift(store, sweepstakesId: id, uuid: uuid, reason: reason, by: actor)
                done = ["done": "lifted"]
            }
            return .redirect(to: Site.sweepstakesEntrant.href(id, ["user": uuid] + done))
        } catch let refused as EntryCorrections.Refused {
            var page = try await page(id, uuid: uuid, context: context)
            page.refused = refused.message
            return try renderer.render(page, title: page.email, request: request, context: context, status: .conflict)
        } catch {
            guard let problem = FormProblem(error) else { throw error }
            var page = try await page(id, uuid: uuid, context: context)
            switch correction {
            case .grant:
                page.grantErrors = problem.errors
                page.grantQuantity = form.quantity ?? ""
                page.grantReason = reason
            case .voidAll:
                page.voidAllErrors = problem.errors
                page.voidAllReason = reason
            case .disqualify, .lift:
                page.disqualifyErrors = problem.errors
                page.disqualifyReason = reason
            case .void:
                page.refused = problem.errors.list.joined(separator: " ")
            }
            return try renderer.render(page, title: page.email, request: request, context: context, status: problem.status)
        }
    }

    private func page(_ id: Int64, uuid: String, context: AppRequestContext) async throws -> EntrantPage {
        guard let sweepstakes = try await Sweepstakes.find(store, id: id) else {
            throw HTTPError(.notFound, message: "There is no sweepstakes #\(id).")
        }
        guard let detail = try await context.timing.measure(.db, { try await SweepstakesEntrants.detail(store, sweepstakesId: id, uuid: uuid) }) else {
            throw HTTPError(.notFound, message: "There is no account \(uuid); a deleted account's entries can no longer be corrected.")
        }
        let isDrawn = sweepstakes.status == "drawn"
        return EntrantPage(
            sweepstakesId: id, sweepstakesName: sweepstakes.name, phase: sweepstakes.phase().title, isDrawn: isDrawn,
            email: detail.email, uuid: uuid, validEntries: (detail.entrant?.validEntries ?? 0).grouped,
            voidedEntries: (detail.entrant?.voidedEntries ?? 0).grouped, disqualification: detail.disqualification,
            entriesHTML: EntrantPage.entriesHTML(detail.entries, sweepstakesId: id, uuid: uuid, csrf: context.csrfToken, submission: context.formToken, canCorrect: !isDrawn),
            hasEntries: !detail.entries.isEmpty, hasMore: detail.hasMore)
    }

    static func uuid(_ text: String?) throws -> String {
        guard let text, let uuid = UserQuery.canonicalUUID(text) else {
            throw HTTPError(.badRequest, message: "That address names no account: “user” must be an account's UUID.")
        }
        return uuid
    }

    static func notice(_ parameters: QueryParameters) -> String? {
        switch parameters["done"] {
        case "granted": (try? parameters.number("count", in: 1...100)).flatMap { $0.map { "Granted \(EntryCorrections.entries(Int($0)))." } }
        case "voided": (try? parameters.number("entry", in: QueryParameters.rowIds)).flatMap { $0.map { "Voided entry #\($0)." } }
        case "voided-all": (try? parameters.number("count", in: 1...1_000_000)).flatMap { $0.map { "Voided all valid entries (\($0.counted("row")))." } }
        case "disqualified": "Disqualified from this sweepstakes; their entries stay, and they cannot win it."
        case "lifted": "The disqualification is lifted; they can win this sweepstakes again."
        default: nil
        }
    }
}
