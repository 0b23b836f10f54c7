import Foundation

/// One downstream system's copy of one deleted account, and how telling it is going.
public struct ErasureDelivery: Sendable, Equatable, StoreRecord {
    public enum State: String, Sendable {
        case pending, done, failed
    }

    public let id: Int64
    public let deliveryId: String
    public let accountUUID: String
    public let system: String
    public let position: Int
    public let state: State
    public let attempts: Int
    /// The last HTTP status; nil when the last attempt had no answer (or none was made).
    public let lastStatus: Int?
    public let lastError: String?
    public let lastAttemptAt: Date?
    public let nextAttemptAt: Date
    public let giveUpAt: Date
    public let doneAt: Date?
    public let failedAt: Date?
    public let createdAt: Date
    /// Until when a console holds it while sending (nil: nobody is sending it).
    public let leaseUntil: Date?
    /// The tombstone's time: what the receiver is told.
    public let deletedAt: Date

    public init(row: StoreRow) {
        id = row["id"]
        deliveryId = row["delivery_id"]
        accountUUID = row["account_uuid"]
        system = row["system"]
        position = row["position"]
        state = State(rawValue: row["state"]) ?? .pending
        attempts = row["attempts"]
        lastStatus = row["last_status"]
        lastError = row["last_error"]
        lastAttemptAt = row.timestamp("last_attempt_at")
        nextAttemptAt = row.timestamp("next_attempt_at") ?? .distantPast
        giveUpAt = row.timestamp("give_up_at") ?? .distantFuture
        doneAt = row.timestamp("done_at")
        failedAt = row.timestamp("failed_at")
        createdAt = row.timestamp("created_at") ?? .distantPast
        leaseUntil = row.hasColumn("lease_until") ? row.timestamp("lease_until") : nil
        deletedAt = row.timestamp("deleted_at") ?? createdAt
    }

    static let select = """
        SELECT o.*, d.deleted_at FROM erasure_deliveries o JOIN deleted_accounts d ON d.uuid = o.account_uuid
        """

    /// A console is sending it right now.
    public func isBeingSent(at now: Date = Date()) -> Bool {
        state == .pending && (leaseUntil.map { $0 > now } ?? false)
    }

    /// "503" or "no answer within 10 s": what the last attempt got.
    public var lastAnswer: String? {
        if let lastStatus { return "HTTP \(lastStatus)" }
        return lastError
    }
}

/// Every system's delivery for one account, in delivery order.
public struct ErasureProgress: Sendable, Equatable {
    public let deliveries: [ErasureDelivery]

    public init(deliveries: [ErasureDelivery]) {
        self.deliveries = deliveries
    }

    /// Every configured system has confirmed (true when none were configured).
    public var allConfirmed: Bool { deliveries.allSatisfy { $0.state == .done } }
    public var anyFailed: Bool { deliveries.contains { $0.state == .failed } }
    public var noneConfigured: Bool { deliveries.isEmpty }
    /// When the last system confirmed.
    public var confirmedAt: Date? { allConfirmed ? deliveries.compactMap(\.doneAt).max() : nil }

    /// The systems told before this one that have not confirmed yet (in order).
    public func unconfirmed(before delivery: ErasureDelivery) -> [ErasureDelivery] {
        deliveries.filter { $0.position < delivery.position && $0.state != .done }
    }

    /// Pending, and waiting for a system before it: nothing is sent yet.
    public func isWaiting(_ delivery: ErasureDelivery) -> Bool {
        delivery.state == .pending && !unconfirmed(before: delivery).isEmpty
    }
}
