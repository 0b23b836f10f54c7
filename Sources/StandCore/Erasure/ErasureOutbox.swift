import Foundation

/// The erasure outbox in the store: deliveries written with the deletion,
/// handed to a sender when due, and every attempt's outcome. The sending
/// itself is `ErasureDeliveries`; this is the SQL.
public struct ErasureOutbox: Sendable {
    let store: StandStore
    public let schedule: ErasureSchedule
    /// The dashboard's count of deletions not complete everywhere: forgotten after each change made here.
    public let incompleteCounts: IncompleteDeletionCounts

    public init(store: StandStore, schedule: ErasureSchedule = ErasureSchedule()) {
        self.store = store
        self.schedule = schedule
        self.incompleteCounts = IncompleteDeletionCounts()
    }

    /// In the deletion's transaction: one pending delivery per system, in order, due now.
    static func enqueue(_ db: StoreDatabase, uuid: String, systems: [String], schedule: ErasureSchedule, now: Date) throws {
        let giveUpAt = now.addingTimeInterval(schedule.giveUpAfter.seconds)
        for (index, system) in systems.enumerated() {
            try db.execute(sql: """
                INSERT INTO erasure_deliveries (delivery_id, account_uuid, system, position, next_attempt_at, give_up_at, created_at)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                """, arguments: [UUID().uuidString.lowercased(), uuid, system, index + 1, now, giveUpAt, now])
        }
    }

    /// A pending delivery `o` whose earlier systems have all confirmed: one that may be sent.
    static let sendable = """
        o.state = 'pending' AND NOT EXISTS (SELECT 1 FROM erasure_deliveries e
            WHERE e.account_uuid = o.account_uuid AND e.position < o.position AND e.state <> 'done')
        """

    /// Due deliveries whose earlier systems have all confirmed, leased to this
    /// caller until `leaseUntil` (another console skips them meanwhile).
    public func claimDue(limit: Int, now: Date = Date(), leaseUntil: Date) async throws -> [ErasureDelivery] {
        guard limit > 0 else { return [] }
        return try await store.write { db in
            let due = try ErasureDelivery.fetchAll(db.cachedStatement(sql: ErasureDelivery.select + """
                 WHERE \(Self.sendable) AND o.next_attempt_at <= ? AND (o.lease_until IS NULL OR o.lease_until <= ?)
                 ORDER BY o.next_attempt_at, o.id LIMIT ?
                """), arguments: [now, now, limit])
            for delivery in due {
                try db.execute(sql: "UPDATE erasure_deliveries SET lease_until = ? WHERE id = ?", arguments: [leaseUntil, delivery.id])
            }
            return due
        }
    }

    /// When the next delivery that could be sent falls due (nil: none pending).
    public func nextDue() async throws -> Date? {
        try await store.read { db in
            try StoreRow.fetchOne(db.cachedStatement(sql: """
                SELECT MIN(\(db.engine.greater("o.next_attempt_at", "COALESCE(o.lease_until, '')"))) AS due
                FROM erasure_deliveries o JOIN deleted_accounts d ON d.uuid = o.account_uuid
                WHERE \(Self.sendable)
                """))?.timestamp("due")
        }
    }

    public enum Answer: Sendable, Equatable {
        /// An HTTP status (2xx is done, anything else is retried).
        case status(Int)
        /// No answer: a refused connection, a timeout. The phrase says which.
        case noAnswer(String)

        var isSuccess: Bool { if case .status(let code) = self { (200..<300).contains(code) } else { false } }
        var status: Int? { if case .status(let code) = self { code } else { nil } }
        var phrase: String? {
            switch self {
            case .status: nil
            case .noAnswer(let phrase): phrase
            }
        }
    }

    public enum Recorded: Sendable, Equatable {
        case done
        case retryAt(Date)
        case failed
        /// The row was no longer pending (an owner's retry raced it, another console recorded it).
        case ignored
    }

    /// One attempt's outcome, with its audit event when it settles the delivery.
    @discardableResult
    public func record(_ answer: Answer, for delivery: ErasureDelivery, now: Date = Date(),
                       jitter: Double = Double.random(in: 0..<0.5)) async throws -> Recorded {
        let schedule = self.schedule, window = schedule.giveUpAfter.seconds
        defer { incompleteCounts.forget() }
        return try await store.write { db in
            guard let current = try ErasureDelivery.fetchOne(db.cachedStatement(sql: ErasureDelivery.select + " WHERE o.id = ?"),
                                                           arguments: [delivery.id]),
                  current.state == .pending else { return .ignored }
            let attempts = current.attempts + 1
            let target = (AuditTarget.user, current.accountUUID)
            if answer.isSuccess {
                try db.execute(sql: """
                    UPDATE erasure_deliveries SET state = 'done', attempts = ?, last_status = ?, last_error = NULL,
                        last_attempt_at = ?, done_at = ?, lease_until = NULL WHERE id = ?
                    """, arguments: [attempts, answer.status, now, now, current.id])
                try AuditLog.record(db, .erasureConfirmed, by: .system, target: target, detail: """
                    \(current.system) confirmed (HTTP \(answer.status ?? 200), attempt \(attempts), delivery \(current.deliveryId))
                    """, at: now)
                // The next system can be sent only now: its 7 days start now, however long this one took.
                try db.execute(sql: """
                    UPDATE erasure_deliveries SET give_up_at = \(db.engine.greater("give_up_at", "?")), next_attempt_at = \(db.engine.lesser("next_attempt_at", "?"))
                    WHERE account_uuid = ? AND position = ? AND state = 'pending'
                    """, arguments: [now.addingTimeInterval(window), now, current.accountUUID, current.position + 1])
                return .done
            }
            let next = now.addingTimeInterval(schedule.wait(afterFailedAttempt: attempts, jitter: jitter))
            if now >= current.giveUpAt {
                try db.execute(sql: """
                    UPDATE erasure_deliveries SET state = 'failed', attempts = ?, last_status = ?, last_error = ?,
                        last_attempt_at = ?, failed_at = ?, lease_until = NULL WHERE id = ?
                    """, arguments: [attempts, answer.status, answer.phrase, now, now, current.id])
                let last = answer.status.map { "HTTP \($0)" } ?? answer.phrase ?? "no answer"
                try AuditLog.record(db, .erasureFailed, by: .system, target: target, detail: """
                    \(current.system) gave up after \(attempts) attempts (last: \(last), delivery \(current.deliveryId))
                    """, at: now)
                return .failed
            }
            try db.execute(sql: """
                UPDATE erasure_deliveries SET attempts = ?, last_status = ?, last_error = ?, last_attempt_at = ?,
                    next_attempt_at = ?, lease_until = NULL WHERE id = ?
                """, arguments: [attempts, answer.status, answer.phrase, now, next, current.id])
            return .retryAt(next)
        }
    }

    public enum RetryOutcome: Sendable, Equatable {
        case retrying
        /// Already confirmed: nothing to do.
        case alreadyDone(Date?)
        /// An earlier system has not confirmed yet: this one cannot be sent before it.
        case waitingFor(String)
        case notFound
    }

    /// An owner asks for a failed (or retrying) delivery to be tried now;
    /// it gets another give-up window from now.
    public func retryNow(uuid: String, system: String, by actor: AuditActor, now: Date = Date()) async throws -> RetryOutcome {
        let window = schedule.giveUpAfter.seconds
        defer { incompleteCounts.forget() }
        return try await store.write { db in
            guard let delivery = try ErasureDelivery.fetchOne(
                db.cachedStatement(sql: ErasureDelivery.select + " WHERE o.account_uuid = ? AND o.system = ?"), arguments: [uuid, system])
            else { return .notFound }
            guard delivery.state != .done else { return .alreadyDone(delivery.doneAt) }
            if let earlier = try Self.progress(db, uuid: uuid).unconfirmed(before: delivery).first {
                return .waitingFor(earlier.system)
            }
            try db.execute(sql: """
                UPDATE erasure_deliveries SET state = 'pending', next_attempt_at = ?, failed_at = NULL,
                    give_up_at = \(db.engine.greater("give_up_at", "?")) WHERE id = ?
                """, arguments: [now, now.addingTimeInterval(window), delivery.id])
            let was = delivery.state == .failed ? "failed after \(delivery.attempts) attempts" : "retrying, \(delivery.attempts) attempts so far"
            try AuditLog.record(db, .erasureRetried, by: actor, target: (AuditTarget.user, uuid),
                                detail: "\(system) retried now (was \(was), delivery \(delivery.deliveryId))", at: now)
            return .retrying
        }
    }

    /// Every system's delivery for one deleted account, in order.
    public func progress(uuid: String) async throws -> ErasureProgress {
        try await store.read { db in try Self.progress(db, uuid: uuid) }
    }

    static func progress(_ db: StoreDatabase, uuid: String) throws -> ErasureProgress {
        ErasureProgress(deliveries: try ErasureDelivery.fetchAll(
            db.cachedStatement(sql: ErasureDelivery.select + " WHERE o.account_uuid = ? ORDER BY o.position"), arguments: [uuid]))
    }
}
