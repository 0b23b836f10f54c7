import Foundation
import StandCore

/// `users/deleted`: the tombstone of a deleted account: whether its bytes
/// have left the store, whether each downstream system has confirmed, and
/// the console's exports that held the person.
struct DeletedPage: PageModel {
    static let template = "users/deleted"
    let title = "Deleted account"

    let uuid: String
    let deletedAt: String
    let deletedAtInstant: String
    let deletedBy: String
    let reason: String
    /// "Erased at …" once the bytes left the store, else "Erasure pending since …".
    let erasure: String
    let isErased: Bool
    /// What the store's part guarantees once done, on this engine.
    let erasureGuarantee: String
    /// "Complete everywhere at …", or what is still missing.
    let completion: String
    let isComplete: Bool
    let systems: [System]
    let noneConfigured: Bool
    let copies: [Copy]
    /// Deleting is queue work: the next request is one click away.
    var canHandleDeletions = false
    /// An owner's retry that could not be saved (the store was busy).
    var errors = FieldErrors()

    struct System: MustacheFields {
        let name: String
        /// `done`, `waiting`, `pending`, `retrying`, `failed`: the badge's class.
        let state: String
        let stateTitle: String
        let detail: String
        let canRetry: Bool
        let retryAction: String

        static let fields: [String: @Sendable (Self) -> Any?] = [
            "name": { $0.name }, "state": { $0.state }, "stateTitle": { $0.stateTitle }, "detail": { $0.detail },
            "canRetry": { $0.canRetry }, "retryAction": { $0.retryAction },
        ]
    }

    struct Copy: MustacheFields {
        let kind: String
        let madeAt: String
        let madeBy: String
        let what: String

        static let fields: [String: @Sendable (Self) -> Any?] = [
            "kind": { $0.kind }, "madeAt": { $0.madeAt }, "madeBy": { $0.madeBy }, "what": { $0.what },
        ]
    }

    init(_ tombstone: Tombstone, canHandleDeletions: Bool = false, canRetry: Bool = false) {
        self.canHandleDeletions = canHandleDeletions
        uuid = tombstone.uuid
        deletedAt = UTCDate.minute(tombstone.deletedAt)
        deletedAtInstant = UTCDate.iso8601(tombstone.deletedAt)
        deletedBy = tombstone.deletedByEmail ?? "staff #\(tombstone.deletedBy)"
        reason = tombstone.reason
        isErased = tombstone.isErased
        erasure = Self.erasureState(deletedAt: tombstone.deletedAt, erasedAt: tombstone.erasedAt, on: tombstone.storedOn)
        erasureGuarantee = StoreErasure.guarantee(on: tombstone.storedOn)
        isComplete = tombstone.isComplete
        completion = Self.completion(tombstone)
        let progress = tombstone.erasure
        noneConfigured = progress.noneConfigured
        let retryAction = Site.userErasureRetry.href(tombstone.uuid)
        systems = progress.deliveries.map { delivery in
            let (state, title, detail) = Self.describe(delivery, in: progress)
            return System(name: delivery.system, state: state, stateTitle: title, detail: detail,
                          canRetry: canRetry && (state == "failed" || state == "retrying"), retryAction: retryAction)
        }
        copies = tombstone.copies.map { copy in
            Copy(kind: copy.kind.title, madeAt: UTCDate.minute(copy.madeAt), madeBy: copy.staffEmail ?? "the command line", what: copy.what)
        }
    }

    static func erasureState(deletedAt: Date, erasedAt: Date?, on engine: StoreEngine) -> String {
        if let erasedAt { return StoreErasure.done(on: engine, at: erasedAt) }
        return StoreErasure.pending(on: engine, since: deletedAt)
    }

    static func completion(_ tombstone: Tombstone) -> String {
        let progress = tombstone.erasure
        if tombstone.isComplete {
            let at = [tombstone.erasedAt, progress.confirmedAt].compactMap { $0 }.max().map { " at \(UTCDate.minute($0))" } ?? ""
            return progress.noneConfigured ? "\(StoreErasure.doneHere(on: tombstone.storedOn))\(at); no other system was told" : "Complete everywhere\(at)"
        }
        if let failed = progress.deliveries.first(where: { $0.state == .failed }) {
            return "Not complete: \(failed.system) gave up, and only an owner's retry sends it again"
        }
        var missing: [String] = []
        if !tombstone.isErased { missing.append(StoreErasure.waitingFor(on: tombstone.storedOn)) }
        missing += progress.deliveries.filter { $0.state != .done }.map(\.system)
        return "Not complete yet: waiting for " + missing.joined(separator: ", ").replacingLastComma()
    }

    /// The badge, its words, and the detail: "retrying — attempt 4, last answer HTTP 503 at …, next try at …".
    static func describe(_ delivery: ErasureDelivery, in progress: ErasureProgress) -> (String, String, String) {
        let last = delivery.lastAnswer.map { answer in
            "last answer \(answer)" + (delivery.lastAttemptAt.map { " at \(UTCDate.minute($0))" } ?? "")
        }
        switch delivery.state {
        case .done:
            return ("done", "Confirmed", "at \(delivery.doneAt.map(UTCDate.minute) ?? "?"), attempt \(delivery.attempts)")
        case .failed:
            return ("failed", "Failed", "gave up at \(delivery.failedAt.map(UTCDate.minute) ?? "?") after \(delivery.attempts.counted("attempt"))"
                    + (last.map { "; \($0)" } ?? ""))
        case .pending where progress.isWaiting(delivery):
            let before = progress.unconfirmed(before: delivery).map(\.system)
            return ("waiting", "Waiting", "sent once \(before.joined(separator: " and ")) confirms")
        case .pending where delivery.isBeingSent():
            return (delivery.attempts == 0 ? "pending" : "retrying", delivery.attempts == 0 ? "Pending" : "Retrying",
                    "attempt \(delivery.attempts + 1) being sent now" + (last.map { "; \($0)" } ?? ""))
        case .pending where delivery.attempts == 0:
            return ("pending", "Pending", "first try due \(UTCDate.minute(delivery.nextAttemptAt))")
        case .pending:
            return ("retrying", "Retrying", "attempt \(delivery.attempts + 1) next, at \(UTCDate.minute(delivery.nextAttemptAt))"
                    + (last.map { "; \($0)" } ?? ""))
        }
    }

    var hasFailed: Bool { systems.contains { $0.state == "failed" } }

    static let fields: [String: @Sendable (Self) -> Any?] = [
        "hasFailed": { $0.hasFailed },
        "uuid": { $0.uuid }, "deletedAt": { $0.deletedAt }, "deletedAtInstant": { $0.deletedAtInstant }, "deletedBy": { $0.deletedBy },
        "reason": { $0.reason }, "erasure": { $0.erasure }, "isErased": { $0.isErased }, "erasureGuarantee": { $0.erasureGuarantee },
        "completion": { $0.completion }, "isComplete": { $0.isComplete },
        "systems": { $0.systems }, "noneConfigured": { $0.noneConfigured },
        "copies": { $0.copies }, "hasCopies": { !$0.copies.isEmpty }, "noCopies": { $0.copies.isEmpty },
        "hasSystems": { !$0.systems.isEmpty },
        "receiptHref": { Site.userReceipt.href($0.uuid) },
        "usersHref": { _ in Site.users.href() }, "canHandleDeletions": { $0.canHandleDeletions },
        "deletionRequestsHref": { _ in Site.deletionRequests.href() },
        "errors": { $0.errors.leading("The delivery was not retried:") },
    ]

    static var fixtures: [Self] {
        let (pending, failed, fresh, none) = fixtureTombstones
        var refused = DeletedPage(failed, canHandleDeletions: true, canRetry: true)
        refused.errors = FieldErrors(ValidationErrors("system", Fixture.hostile))
        return [DeletedPage(pending), refused, DeletedPage(fresh), DeletedPage(none, canHandleDeletions: true)]
    }

    /// Retrying and waiting; erased, one confirmed and one failed, with a copy; erased, first try due; none configured.
    static var fixtureTombstones: (Tombstone, Tombstone, Tombstone, Tombstone) {
        func tombstone(erasedAt: String?) -> Tombstone {
            Tombstone(row: ["uuid": Fixture.uuid, "deleted_at": "2026-11-23 10:00:00.000", "deleted_by": 1,
                            "staff_email": Fixture.hostile, "reason": Fixture.hostile, "erased_at": erasedAt])
        }
        func delivery(_ system: String, _ position: Int, _ state: String, attempts: Int, status: Int? = nil,
                      error: String? = nil, done: String? = nil, failed: String? = nil) -> ErasureDelivery {
            ErasureDelivery(row: ["id": Int64(position), "delivery_id": Fixture.uuid, "account_uuid": Fixture.uuid, "system": system,
                                  "position": position, "state": state, "attempts": attempts, "last_status": status, "last_error": error,
                                  "last_attempt_at": attempts > 0 ? "2026-11-23 10:05:00.000" : nil,
                                  "next_attempt_at": "2026-11-23 10:06:00.000", "give_up_at": "2026-11-30 10:00:00.000",
                                  "done_at": done, "failed_at": failed, "created_at": "2026-11-23 10:00:00.000",
                                  "deleted_at": "2026-11-23 10:00:00.000"])
        }
        var pending = tombstone(erasedAt: nil)
        pending.erasure = ErasureProgress(deliveries: [delivery("firebase", 1, "pending", attempts: 3, status: 503),
                                                       delivery("aws", 2, "pending", attempts: 0)])
        var failed = tombstone(erasedAt: "2026-11-23 10:00:01.000")
        failed.erasure = ErasureProgress(deliveries: [delivery("firebase", 1, "done", attempts: 1, status: 200, done: "2026-11-23 10:00:02.000"),
                                                      delivery("aws", 2, "failed", attempts: 40, error: "no answer within 10 s", failed: "2026-11-30 10:10:00.000")])
        failed.copies = [ConsoleExports.Copy(row: ["kind": "entrants", "made_at": "2026-11-20 09:00:00.000", "staff_email": Fixture.hostile,
                                                   "sweepstakes_id": 3, "sweepstakes_name": Fixture.hostile])]
        var fresh = tombstone(erasedAt: "2026-11-23 10:00:01.000")
        fresh.erasure = ErasureProgress(deliveries: [delivery("firebase", 1, "pending", attempts: 0)])
        let none = tombstone(erasedAt: "2026-11-23 10:00:01.000")
        return (pending, failed, fresh, none)
    }
}

private extension String {
    /// "a, b, c" → "a, b and c".
    func replacingLastComma() -> String {
        guard let comma = range(of: ", ", options: .backwards) else { return self }
        return replacingCharacters(in: comma, with: " and ")
    }
}
