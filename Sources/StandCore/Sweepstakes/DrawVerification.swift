import Foundation

extension SweepstakesDraws {
    /// A draw re-run from its seed over the snapshot it was drawn from, and
    /// that snapshot compared with what the store says today.
    public struct Verification: Sendable {
        public let draw: Draw
        /// False for a draw made before snapshots were kept (migration 012):
        /// its list is rebuilt from the store as it is now.
        public let keptSnapshot: Bool
        public let snapshotHash: String
        public let eligibleUsers: Int
        /// The re-run's picks: winners, then alternates.
        public let picks: [String]
        /// Entrants whose line in the drawn snapshot differs from the store today.
        public let differences: [Difference]

        public var hashMatches: Bool { snapshotHash == draw.snapshotHash }
        public var picksMatch: Bool { picks == draw.picks.map(\.uuid) }
        /// The draw reproduces, and every change since is on the record.
        public var isSound: Bool { hashMatches && picksMatch && differences.allSatisfy { $0.explanation != nil } }
    }

    /// One entrant whose eligibility or weight changed after the draw.
    public struct Difference: Sendable, Equatable {
        public let uuid: String
        /// Their weight in the drawn snapshot (nil: not in it).
        public let drawn: Int?
        /// Their weight if drawn today from the same day's rules (nil: not eligible now).
        public let today: Int?
        /// The audit event that accounts for it, or nil: changed behind the console's back.
        public let explanation: String?

        /// What kind of change it is, and so which recorded actions can explain it.
        enum Change {
            case left, joined, reweighted

            init(drawn: Int?, today: Int?) {
                self = drawn == nil ? .joined : today == nil ? .left : .reweighted
            }

            /// Whether an audit event about the account (after the draw) explains
            /// this change. Once drawn, the console refuses every correction to
            /// the sweepstakes' entries (grants, voids, disqualifications), so
            /// only the account itself can have changed: deleted, or its
            /// birthdate corrected (an age counted on the draw's day changes
            /// only with it). A new weight is never on the record.
            func isExplained(by action: String, detail: String) -> Bool {
                switch AuditAction(rawValue: action) {
                case .userDeleted: return self == .left
                case .userUpdated: return self != .reweighted && detail.contains("birthdate")
                default: return false
                }
            }
        }
    }

    public func verify(drawId: Int64) async throws -> Verification? {
        try await store.read { db in
            guard let draw = try Self.find(db, id: drawId) else { return nil }
            let today = try Self.candidates(db, sweepstakesId: draw.sweepstakesId, at: draw.drawnAt, before: draw.id)
            let kept = try Self.keptCandidates(db, drawId: drawId)
            let drawn = kept ?? today
            let picks = DrawAlgorithm.winners(drawn, count: draw.picks.count, seedHex: draw.seed) ?? []
            return Verification(draw: draw, keptSnapshot: kept != nil, snapshotHash: DrawAlgorithm.hash(DrawAlgorithm.snapshot(drawn)),
                                eligibleUsers: drawn.count, picks: picks.map { drawn[$0].uuid },
                                differences: try kept.map { try Self.differences(db, draw: draw, drawn: $0, today: today) } ?? [])
        }
    }

    /// The candidates of a kept snapshot, or nil for a draw made before they were kept.
    static func keptCandidates(_ db: StoreDatabase, drawId: Int64) throws -> [DrawAlgorithm.Candidate]? {
        try keptSnapshot(db, drawId: drawId)?.candidates
    }

    /// A draw's kept snapshot, or nil for a draw made before they were kept
    /// (migration 012): in the row, or since migration 022 in the parts its
    /// `upload` names. A snapshot that does not decode, lacks a part or holds
    /// another number of entrants than the row says throws `Damaged`: it is
    /// never read as a shorter list, nor replaced by the store as it is now.
    static func keptSnapshot(_ db: StoreDatabase, drawId: Int64) throws -> DrawSnapshot? {
        guard let row = try StoreRow.fetchOne(db, sql: "SELECT format, entrants, bytes, upload FROM draw_snapshots WHERE draw_id = ?",
                                              arguments: [drawId]) else { return nil }
        guard let data = try DrawSnapshotParts.keptBytes(db, inline: row["bytes"], upload: row["upload"]) else {
            throw DrawSnapshot.Damaged(drawId: drawId, reason: "a part of its snapshot is missing")
        }
        let bytes = [UInt8](data)
        let format: Int = row["format"]
        guard let snapshot = format == 1 ? DrawSnapshot(kept: bytes) : DrawSnapshot(keptText: bytes) else {
            throw DrawSnapshot.Damaged(drawId: drawId, reason: "its \(bytes.count) bytes do not decode as format \(format)")
        }
        let entrants: Int = row["entrants"]
        guard snapshot.count == entrants else {
            throw DrawSnapshot.Damaged(drawId: drawId, reason: "it holds \(snapshot.count) entrants, not \(entrants)")
        }
        return snapshot
    }

    /// Every entrant whose line differs, each with the first audit event after
    /// the draw that can account for that kind of change (a deletion or a
    /// birthdate for one who left, a birthdate for one who joined). None
    /// found: the row changed behind the console's back.
    static func differences(_ db: StoreDatabase, draw: Draw, drawn: [DrawAlgorithm.Candidate],
                            today: [DrawAlgorithm.Candidate]) throws -> [Difference] {
        let now = Dictionary(today.map { ($0.uuid, $0.weight) }, uniquingKeysWith: { first, _ in first })
        let then = Dictionary(drawn.map { ($0.uuid, $0.weight) }, uniquingKeysWith: { first, _ in first })
        let changed = Set(then.keys).union(now.keys).filter { then[$0] != now[$0] }.sorted()
        return try changed.map { uuid in
            let change = Difference.Change(drawn: then[uuid], today: now[uuid])
            let events = try StoreRow.fetchAll(db, sql: """
                SELECT action, occurred_at, staff_email, detail FROM audit_events
                WHERE target_type = 'user' AND target_id = ? AND occurred_at > ? AND action <> 'user.viewed'
                ORDER BY id
                """, arguments: [uuid, draw.drawnAt])
            let explanation = events.first { change.isExplained(by: $0["action"], detail: $0["detail"] ?? "") }
                .map { row -> String in
                    let at = row.timestamp("occurred_at").map(UTCDate.minute) ?? ""
                    let by: String? = row["staff_email"]
                    let detail: String? = row["detail"]
                    return "\(row["action"] as String) on \(at)" + (by.map { " by \($0)" } ?? "") + (detail.map { ": \($0)" } ?? "")
                }
            return Difference(uuid: uuid, drawn: then[uuid], today: now[uuid], explanation: explanation)
        }
    }
}
