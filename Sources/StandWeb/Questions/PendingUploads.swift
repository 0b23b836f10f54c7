import Foundation
import StandCore
import Synchronization

/// CSV files between their preview and "apply": kept in memory under a random
/// token for the staff member who uploaded them, for half an hour, a few at a
/// time. Applying reads the same bytes that were previewed; a restart only
/// means uploading again.
final class PendingUploads: Sendable {
    private struct Entry {
        let staffId: Int64
        let csv: String
        let storedAt: Date
    }

    private let entries = Mutex<[String: Entry]>([:])
    static let lifetime: TimeInterval = 30 * 60
    static let capacity = 16

    /// Keep `csv` for `staffId`; returns the token the apply form carries.
    func keep(_ csv: String, for staffId: Int64, now: Date = Date()) -> String {
        let token = SecureToken.hex()
        entries.withLock { entries in
            entries = entries.filter { now.timeIntervalSince($0.value.storedAt) < Self.lifetime }
            while entries.count >= Self.capacity, let oldest = entries.min(by: { $0.value.storedAt < $1.value.storedAt }) {
                entries[oldest.key] = nil
            }
            entries[token] = Entry(staffId: staffId, csv: csv, storedAt: now)
        }
        return token
    }

    /// The file kept under `token` for this staff member, if it has not expired.
    func file(_ token: String, for staffId: Int64, now: Date = Date()) -> String? {
        entries.withLock { entries in
            guard let entry = entries[token], entry.staffId == staffId, now.timeIntervalSince(entry.storedAt) < Self.lifetime else { return nil }
            return entry.csv
        }
    }

    func forget(_ token: String) {
        _ = entries.withLock { $0.removeValue(forKey: token) }
    }
}
