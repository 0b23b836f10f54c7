import Foundation
import Logging

/// The background sender of the erasure outbox: a few deliveries in flight at
/// a time, each recorded as it settles; between them, asleep until the next
/// one falls due or a deletion wakes it. No request ever waits for it: a
/// slow or dead receiver costs the pages nothing.
public final class ErasureDeliveries: Sendable {
    public let outbox: ErasureOutbox
    let courier: ErasureCourier
    private let signal = WakeSignal()
    /// With nothing due, look again this often anyway (a deletion by another console process).
    private let idleCheck: Duration
    private let clock: @Sendable () -> Date

    /// Deliveries sent at once; more wait for a free slot.
    public static let concurrentDeliveries = 8
    static let firstWaitAfterStoreFailure: Duration = .milliseconds(500)

    public init(outbox: ErasureOutbox, courier: ErasureCourier, idleCheck: Duration = .seconds(30),
                clock: @escaping @Sendable () -> Date = { Date() }) {
        self.outbox = outbox
        self.courier = courier
        self.idleCheck = idleCheck
        self.clock = clock
    }

    public var targets: ErasureTargets { courier.targets }

    /// Ask the loop to look now (after a deletion, or an owner's retry).
    public func wakeUp() {
        signal.signal()
    }

    /// Send what is due, up to `concurrentDeliveries` at once, and record each
    /// outcome; return how many were sent. (One round; the loop repeats it.)
    @discardableResult
    public func deliverDue(now: Date? = nil, logger: Logger? = nil) async -> Int {
        let now = now ?? clock()
        guard let due = try? await claim(Self.concurrentDeliveries, now: now), !due.isEmpty else { return 0 }
        await withTaskGroup(of: Void.self) { group in
            for delivery in due {
                group.addTask { await self.deliver(delivery, now: now, logger: logger) }
            }
        }
        return due.count
    }

    /// Up to `limit` due deliveries, leased for one attempt's timeout and a margin.
    private func claim(_ limit: Int, now: Date) async throws -> [ErasureDelivery] {
        try await outbox.claimDue(limit: limit, now: now, leaseUntil: now.addingTimeInterval(targets.timeout.seconds + 30))
    }

    private func deliver(_ delivery: ErasureDelivery, now pinned: Date, logger: Logger?) async {
        let answer = await courier.send(delivery)
        // The clock after the answer (a pinned one in the tests): when the attempt ended.
        let settled = max(pinned, clock())
        do {
            let recorded = try await outbox.record(answer, for: delivery, now: settled)
            // The account's UUID and the system only: nothing about the person.
            switch recorded {
            case .done: logger?.info("erasure delivered", metadata: ["system": "\(delivery.system)", "delivery": "\(delivery.deliveryId)"])
            case .failed: logger?.error("erasure delivery failed for good", metadata: ["system": "\(delivery.system)", "delivery": "\(delivery.deliveryId)"])
            case .retryAt: logger?.notice("erasure delivery will be retried", metadata: [
                "system": "\(delivery.system)", "delivery": "\(delivery.deliveryId)", "attempt": "\(delivery.attempts + 1)"])
            case .ignored: break
            }
        } catch {
            // The lease runs out and the delivery is sent again: a repeat is harmless by design.
            logger?.warning("erasure delivery outcome not recorded yet", metadata: ["error": "\(type(of: error))"])
        }
    }

    /// Keep up to `concurrentDeliveries` in flight, taking the next due one
    /// as each settles (a settled one may make the next system due); with
    /// nothing in flight or due, sleep until the next falls due (at most
    /// `idleCheck`) or a wake-up. Runs once per process, until cancelled.
    public func runUntilCancelled(logger: Logger) async {
        let limit = Self.concurrentDeliveries
        await withTaskGroup(of: Void.self) { group in
            var inFlight = 0
            var afterFailure = Self.firstWaitAfterStoreFailure
            while !Task.isCancelled {
                let now = clock()
                let wanted = limit - inFlight
                let claimed: [ErasureDelivery]
                do {
                    claimed = try await claim(wanted, now: now)
                    afterFailure = Self.firstWaitAfterStoreFailure
                } catch {
                    // The store is busy, being checked or sick: due deliveries stay due, so wait
                    // (longer each time) instead of asking again at once.
                    if inFlight == 0 {
                        await signal.wait(upTo: afterFailure)
                        afterFailure = min(afterFailure * 2, idleCheck)
                        continue
                    }
                    claimed = []
                }
                for delivery in claimed {
                    group.addTask { await self.deliver(delivery, now: now, logger: logger) }
                }
                inFlight += claimed.count
                if claimed.count == wanted && wanted > 0 { continue }
                if inFlight > 0 {
                    await group.next()
                    inFlight -= 1
                    continue
                }
                await signal.wait(upTo: await untilNextDue())
            }
            group.cancelAll()
        }
    }

    private func untilNextDue() async -> Duration {
        guard let next = try? await outbox.nextDue() else { return idleCheck }
        let seconds = max(next.timeIntervalSince(clock()), 0.01)
        return min(idleCheck, .milliseconds(Int64(seconds * 1000)))
    }
}
