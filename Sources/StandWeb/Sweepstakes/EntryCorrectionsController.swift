import Foundation
import Hummingbird
import StandCore

/// `/sweepstakes/{id}/entrant?user=UUID` and its corrections: grant, void one,
/// void all, disqualify, lift. Support, editors and owners; each correction
/// comes back to the entrant's page, refused ones with the reason.
struct EntryCorrectionsController {
    let corrections: EntryCorrections
    let sweepstakesAdmin: SweepstakesAdmin
    let renderer: PageRenderer

    struct CorrectionForm: Decodable {
        var user: String?
        var quantity: String?
        var reason: String?
        var entry: String?
        var confirmed: String?
    }

    enum Correction: String {
        case grant, void, voidAll, disqualify, lift

        /// Voids cannot be undone, and a disqualification is serious: asked first.
        var asksFirst: Bool { self == .void || self == .voidAll || self == .disqualify }
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
        return try renderer.render(page, request: request, context: context, notice: Self.notice(parameters, on: page))
    }

    func correct(_ correction: Correction, _ request: Request, _ context: AppRequestContext) async throws -> Response {
        let id = try RouteParameter.rowId(context)
        let form = try await request.form(CorrectionForm.self, context: context)
        let uuid = try Self.uuid(form.user)
        let reason = form.reason ?? ""
        let actor = context.auditActor
        return try await renderer.submit(request, context) {
            if correction.asksFirst {
                // A missing reason is said on the form itself, before asking.
                _ = try SweepstakesAdmin.checkedReason(reason)
                if let ask = try await AskFirst.page(confirmed: form.confirmed, action: request.uri.path,
                                                     fields: [("user", uuid), ("reason", reason)] + (form.entry.map { [("entry", $0)] } ?? []),
                                                     { try await confirmation(correction, form, page(id, uuid: uuid, context: context)) }) {
                    return try renderer.render(ask, request: request, context: context)
                }
            }
            var done: QueryItems
            switch correction {
            case .grant:
                try await corrections.grant(sweepstakesId: id, uuid: uuid, quantity: form.quantity ?? "", reason: reason, by: actor)
                done = ["done": "granted", "count": form.quantity?.trimmingCharacters(in: .whitespaces)]
            case .void:
                guard let entry = form.entry.flatMap({ $0.utf8.count <= 19 ? Int64($0) : nil }) else {
                    throw HTTPError(.badRequest, message: "That form names no entry to void.")
                }
                try await corrections.voidEntry(sweepstakesId: id, uuid: uuid, entryId: entry, reason: reason, by: actor)
                done = ["done": "voided", "entry": String(entry)]
            case .voidAll:
                let rows = try await corrections.voidAll(sweepstakesId: id, uuid: uuid, reason: reason, by: actor)
                done = ["done": "voided-all", "count": String(rows)]
            case .disqualify:
                try await corrections.disqualify(sweepstakesId: id, uuid: uuid, reason: reason, by: actor)
                done = ["done": "disqualified"]
            case .lift:
                try await corrections.lift(sweepstakesId: id, uuid: uuid, reason: reason, by: actor)
                done = ["done": "lifted"]
            }
            return .redirect(to: Site.sweepstakesEntrant.href(id, ["user": uuid] + done))
        } refused: { problem in
            var page = try await page(id, uuid: uuid, context: context)
            if problem.refusal?.isConflict == true {
                // The entrant's state forbids it (drawn, already voided): said once, at the top.
                page.refused = problem.errors.list.joined(separator: " ")
                return page
            }
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
            return page
        }
    }

    /// What a void or a disqualification will do, asked before it is done
    /// (nothing to ask once drawn: the correction is refused, saying why).
    private func confirmation(_ correction: Correction, _ form: CorrectionForm, _ page: EntrantPage) -> Confirmation? {
        if page.isDrawn { return nil }
        let who = page.email, back = Site.sweepstakesEntrant.href(page.sweepstakesId, ["user": page.uuid])
        let because = (form.reason ?? "").isEmpty ? "" : " The reason given: “\((form.reason ?? "").trimmingCharacters(in: .whitespaces))”."
        switch correction {
        case .void:
            let entry = form.entry ?? ""
            return Confirmation(question: "Void entry #\(entry) of \(who)?",
                                consequence: "A voided entry no longer counts in \(page.sweepstakesName)'s draw, and it cannot be made valid again." + because,
                                confirmLabel: "Void entry #\(entry)", backHref: back)
        case .voidAll:
            return Confirmation(question: "Void all \(page.validEntries) valid entries of \(who)?",
                                consequence: "None of them will count in \(page.sweepstakesName)'s draw, and voided entries cannot be made valid again." + because,
                                confirmLabel: "Void all entries", backHref: back)
        default:
            return Confirmation(question: "Disqualify \(who) from \(page.sweepstakesName)?",
                                consequence: "Their entries stay, but they cannot win it until the disqualification is lifted; both are kept in the audit log." + because,
                                confirmLabel: "Disqualify", backHref: back)
        }
    }

    private func page(_ id: Int64, uuid: String, context: AppRequestContext) async throws -> EntrantPage {
        guard let sweepstakes = try await sweepstakesAdmin.find(id: id) else {
            throw HTTPError(.notFound, message: "There is no sweepstakes #\(id).")
        }
        guard let detail = try await context.timing.measure(.db, { try await sweepstakesAdmin.entrant(sweepstakesId: id, uuid: uuid) }) else {
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

    /// What was just done, naming the entrant and where their entries now stand
    /// (read from the page, so it is what the store holds, not what the link says).
    static func notice(_ parameters: QueryParameters, on page: EntrantPage) -> String? {
        let who = page.email, now = "they now have \(page.validEntries) valid \(page.validEntries == "1" ? "entry" : "entries") here"
        return switch parameters["done"] {
        case "granted": (try? parameters.number("count", in: 1...100)).flatMap { $0.map { "Granted \(EntryCorrections.entries(Int($0))) to \(who); \(now)." } }
        case "voided": (try? parameters.number("entry", in: QueryParameters.rowIds)).flatMap { $0.map { "Voided entry #\($0) of \(who); \(now)." } }
        case "voided-all": (try? parameters.number("count", in: 1...1_000_000)).flatMap { $0.map { "Voided all valid entries of \(who) (\($0.counted("row"))); \(now)." } }
        case "disqualified": "Disqualified \(who) from \(page.sweepstakesName); their entries stay, and they cannot win it."
        case "lifted": "Lifted the disqualification of \(who); they can win \(page.sweepstakesName) again."
        default: nil
        }
    }
}
