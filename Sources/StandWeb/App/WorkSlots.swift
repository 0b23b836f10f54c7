import Foundation
import Synchronization

/// A few costly things at a time (snapshot downloads, data exports): a
/// request takes a slot or is asked to come back in a moment. A slot is held
/// by its lease and given back when the lease is released: when the response
/// that holds it has been sent, or dropped unsent (a client that went away).
final class WorkSlots: Sendable {
    private let inUse = Mutex(0)
    let limit: Int

    init(limit: Int) {
        self.limit = limit
    }

    func take() -> Lease? {
        let taken = inUse.withLock { count in
            guard count < limit else { return false }
            count += 1
            return true
        }
        return taken ? Lease(self) : nil
    }

    final class Lease: Sendable {
        let slots: WorkSlots

        init(_ slots: WorkSlots) {
            self.slots = slots
        }

        deinit {
            slots.inUse.withLock { $0 -= 1 }
        }
    }
}

/// A file that lives as long as its holder: a data export on disk is deleted
/// once the response streaming it is done with it, sent or not.
final class FileLease: Sendable {
    let url: URL

    init(_ url: URL) {
        self.url = url
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }
}
