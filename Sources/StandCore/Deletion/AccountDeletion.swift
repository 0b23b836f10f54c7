import Foundation
import Logging

/// Erasing an account, once, in steps that each hold the store's write lock briefly.
///
/// The first transaction checks the confirmation and marks the account as
/// being deleted (`DeletionsUnderway`); steps of their own then detach its
/// answers a batch at a time; the last transaction does everything else and
/// writes the tombstone and the audit event. If the console stops, or the
/// store stays busy, after the first, the deletion is underway, not half
/// done: the background loop (`finishUnderwayUntilCancelled`) finishes it.
public struct AccountDeletion: Sendable {
    let store: StandStore
    let erasures: PendingErasures
    /// Firebase, AWS…: told in the background, from the outbox rows written with the deletion.
    let deliveries: ErasureDeliveries?
    private let underwaySignal = WakeSignal()
    /// With nothing woken, look for deletions underway this often anyway (another console's, stopped between steps).
    private let underwayCheck: Duration

    public init(store: StandStore, erasures: PendingErasures, deliveries: ErasureDeliveries? = nil, underwayCheck: Duration = .seconds(60)) {
        self.store = store
        self.erasures = erasures
        self.deliveries = deliveries
        self.underwayCheck = underwayCheck
    }

    public enum Outcome: Sendable, Equatable {
        case deleted(Tombstone, DeletionPreview)
        /// Someone (or this same form, submitted twice) deleted it first.
        case alreadyDeleted(Tombstone)
        case notFound
        /// Begun, but a later step could not run (the store stayed busy, or
        /// failed): it finishes in the background, or when the form is sent again.
        case underway
    }

    public static let maximumReasonLength = 500

    /// `confirmation` must be the account's email (any case) or UUID; `reason` is kept in the tombstone.
    /// After the last step commits, on SQLite, the WAL is checkpointed and
    /// truncated so the erased bytes leave the WAL file too; if another
    /// program's read snapshot prevents that, the tombstone stays "erasure
    /// pending" and `PendingErasures` retries in the background. On
    /// PostgreSQL the background loop vacuums (`afterDeletion`).
    public func delete(
        uuid: String, confirmation: String, reason: String, by actor: AuditActor, now: Date = Date()
    ) async throws -> Outcome {
        guard let staffId = actor.staffId else { throw ValidationErrors("reason", "Only a signed-in staff member can delete an account.") }
        let reason = reason.trimmingCharacters(in: .whitespacesAndNewlines)
        var typedErrors = ValidationErrors()
        TextInput.check(confirmation, field: "confirmation", into: &typedErrors)
        TextInput.check(reason, field: "reason", multiline: true, into: &typedErrors)
        KeptText.check(reason, field: "reason", into: &typedErrors)
        try typedErrors.throwIfAny()
        // nil: begun (or already underway), and the steps follow.
        let settled: Outcome? = try await store.write { db in
            if let tombstone = try Tombstone.find(db, uuid: uuid) { return .alreadyDeleted(tombstone) }
            guard let account = try UserAccount.find(db, uuid: uuid) else { return .notFound }
            try Self.check(confirmation: confirmation, reason: reason, account: account)
            try DeletionsUnderway.begin(db, userId: account.id, staffId: staffId, reason: reason, now: now)
            return nil
        }
        if let settled { return settled }
        do {
            return try await finish(uuid: uuid, by: actor, now: now)
        } catch {
            // Recorded as begun: the background loop finishes it.
            underwaySignal.signal()
            return .underway
        }
    }

    /// The steps after the first: the answers a batch at a time, then the rest at once.
    private func finish(uuid: String, by actor: AuditActor, now: Date) async throws -> Outcome {
        guard let (userId, hasAnswers) = try await store.read({ db in
            try UserAccount.find(db, uuid: uuid).map { ($0.id, try DeletionsUnderway.hasAnswers(db, userId: $0.id)) }
        }) else {
            return try await tombstone(uuid: uuid).map(Outcome.alreadyDeleted) ?? .notFound
        }
        // No step that would change nothing: a committed write tells the store's
        // health the disk has room again, and a retry on a full disk would say so.
        var more = hasAnswers
        while more {
            more = try await store.write { db in try DeletionsUnderway.detachAnswers(db, userId: userId) }.anyLeft
            if more { try await store.pauseForOtherWriters() }
        }
        let outcome: Outcome = try await store.write { db in
            if let tombstone = try Tombstone.find(db, uuid: uuid) { return .alreadyDeleted(tombstone) }
            guard let account = try UserAccount.find(db, uuid: uuid),
                  let underway = try DeletionsUnderway.find(db, userId: account.id) else { return .notFound }
            let preview = try DeletionPreview.make(db, account: account)
            // Found while the person's entries still point at them; kept once the tombstone exists.
            let copies = try ConsoleExports.heldBy(db, userId: account.id, uuid: account.uuid)
            let draws = try DeletionReceipt.draws(db, userId: account.id)
            try Self.erase(db, account, reason: underway.reason, staffId: underway.startedBy, now: now)
            try ConsoleExports.keepCopies(db, uuid: uuid, exportIds: copies)
            try DeletionReceipt.keep(db, uuid: uuid, preview: preview, draws: draws)
            if let deliveries {
                try ErasureOutbox.enqueue(db, uuid: uuid, systems: deliveries.targets.systems, schedule: deliveries.outbox.schedule, now: now)
            }
            try AuditLog.record(db, .userDeleted, by: actor, target: (AuditTarget.user, uuid), detail: """
                answers detached: \(preview.answers), entries removed: \(preview.entriesRemoved), \
                entries kept detached: \(preview.entriesKept), suggestions detached: \(preview.suggestions), \
                requests closed: \(preview.openRequests)
                """, at: now)
            // Its deliveries and copies are read after the commit, with the erasure's outcome.
            return .deleted(try Tombstone.withoutDetails(db, uuid: uuid)!, preview)
        }
        guard case .deleted(let deleted, let preview) = outcome else { return outcome }
        deliveries?.outbox.incompleteCounts.forget()
        deliveries?.wakeUp()
        await erasures.afterDeletion()
        // Read again: the attempt may have marked it erased.
        return .deleted((try? await tombstone(uuid: uuid)) ?? deleted, preview)
    }

    static func check(confirmation: String, reason: String, account: UserAccount) throws {
        var errors = ValidationErrors()
        let typed = confirmation.trimmingCharacters(in: .whitespacesAndNewlines)
        if typed.isEmpty {
            errors.add("confirmation", "Type the account's email address or UUID to confirm.")
        } else if typed.lowercased() != account.email.lowercased() && UserQuery.typedUUID(typed) != account.uuid {
            errors.add("confirmation", "That is not this account's email address or UUID.")
        }
        if reason.isEmpty {
            errors.add("reason", "Say why the account is being deleted (for example, the request it answers).")
        } else if reason.count > maximumReasonLength {
            errors.add("reason", "Keep the reason under \(maximumReasonLength) characters.")
        }
        try errors.throwIfAny()
    }

    static let closeRequestsSQL = """
        UPDATE deletion_requests SET status = 'done', resolved_at = ?, resolved_by = ?
        WHERE id IN (\(DeletionRequest.pendingForAccount))
        """

    /// The order matters: entries and requests are settled while they can
    /// still be found by user id; deleting the row then detaches the rest
    /// (`ON DELETE SET NULL` on answers the steps left, suggestions,
    /// requests) and takes the `deletions_underway` row with it.
    private static func erase(_ db: StoreDatabase, _ account: UserAccount, reason: String, staffId: Int64, now: Date) throws {
        try ErasedEntries.settle(db, userId: account.id)
        try db.execute(sql: closeRequestsSQL, arguments: [now, staffId, account.id, account.uuid])
        try db.execute(sql: "DELETE FROM users WHERE id = ?", arguments: [account.id])
        try db.execute(sql: "INSERT INTO deleted_accounts (uuid, deleted_at, deleted_by, reason) VALUES (?, ?, ?, ?)",
                       arguments: [account.uuid, now, staffId, reason])
    }
}

extension AccountDeletion {
    /// Finishes every deletion underway (begun by any console), once; the
    /// deletion's record names the console ("stand-admin") as who finished it.
    /// Returns how many it finished.
    @discardableResult
    public func finishUnderway(now: Date = Date()) async throws -> Int {
        var finished = 0
        for underway in try await store.read({ db in try DeletionsUnderway.all(db) }) {
            if case .deleted = try await finish(uuid: underway.uuid, by: .system, now: now) { finished += 1 }
        }
        return finished
    }

    /// At start-up, when a request could not finish its deletion, and every
    /// `underwayCheck`, until its task is cancelled. One per console process.
    public func finishUnderwayUntilCancelled(logger: Logger) async {
        while !Task.isCancelled {
            do {
                let finished = try await finishUnderway()
                if finished > 0 { logger.info("deletions finished in the background", metadata: ["accounts": "\(finished)"]) }
            } catch {
                logger.error("a deletion underway could not be finished; trying again later", metadata: ["error": "\(type(of: error))"])
            }
            await underwaySignal.wait(upTo: underwayCheck)
        }
    }

    public func tombstone(uuid: String) async throws -> Tombstone? {
        try await store.read { db in try Tombstone.find(db, uuid: uuid) }
    }

    public func preview(uuid: String) async throws -> DeletionPreview? {
        try await store.read { db in try DeletionPreview.make(db, uuid: uuid) }
    }
}
