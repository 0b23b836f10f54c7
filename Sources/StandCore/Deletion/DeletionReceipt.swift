import Foundation

/// What a deleted person is told: what went when, which systems confirmed,
/// and what is kept and why. Built from the tombstone and what the deletion
/// recorded while the person's rows still existed.
public struct DeletionReceipt: Sendable, Equatable {
    public let tombstone: Tombstone
    /// When the person's request (if one was open) reached Stand, and where from.
    public let requestReceivedAt: Date?
    public let requestSource: String?
    /// Counts the deletion detached (nil for a deletion before they were kept).
    public let answersDetached: Int?
    public let entriesKept: Int?
    public let suggestionsDetached: Int?
    /// The person's line in each draw's kept snapshot: their UUID and weight.
    public let drawLines: [DrawLine]
    /// Prizes the person was picked for: the draw's record keeps the pick.
    public let prizes: [Prize]

    public struct DrawLine: Sendable, Equatable {
        public let sweepstakesName: String
        public let drawNumber: Int
        public let drawnAt: Date
        public let weight: Int
        /// Its record is public (anyone can download the snapshot), not only kept for staff and auditors.
        public let isPublished: Bool

        public init(sweepstakesName: String, drawNumber: Int, drawnAt: Date, weight: Int, isPublished: Bool) {
            (self.sweepstakesName, self.drawNumber, self.drawnAt, self.weight) = (sweepstakesName, drawNumber, drawnAt, weight)
            self.isPublished = isPublished
        }
    }

    public struct Prize: Sendable, Equatable {
        public let sweepstakesName: String
        public let prize: String
        public let drawNumber: Int
        public let isWinner: Bool
        public let claimedAt: Date?
        public let forfeitedAt: Date?

        public init(sweepstakesName: String, prize: String, drawNumber: Int, isWinner: Bool, claimedAt: Date?, forfeitedAt: Date?) {
            (self.sweepstakesName, self.prize, self.drawNumber, self.isWinner) = (sweepstakesName, prize, drawNumber, isWinner)
            (self.claimedAt, self.forfeitedAt) = (claimedAt, forfeitedAt)
        }
    }

    public init(tombstone: Tombstone, requestReceivedAt: Date?, requestSource: String?, answersDetached: Int?, entriesKept: Int?,
                suggestionsDetached: Int?, drawLines: [DrawLine], prizes: [Prize]) {
        (self.tombstone, self.requestReceivedAt, self.requestSource) = (tombstone, requestReceivedAt, requestSource)
        (self.answersDetached, self.entriesKept, self.suggestionsDetached) = (answersDetached, entriesKept, suggestionsDetached)
        (self.drawLines, self.prizes) = (drawLines, prizes)
    }

    /// The draws with a kept snapshot of every sweepstakes the person had
    /// entries in (an index lookup: the lines are read when a receipt is asked for).
    static func draws(_ db: StoreDatabase, userId: Int64) throws -> [Int64] {
        try Int64.fetchAll(db.cachedStatement(sql: """
            SELECT s.draw_id FROM draw_snapshots s JOIN sweepstakes_draws d ON d.id = s.draw_id
            WHERE d.sweepstakes_id IN (SELECT DISTINCT sweepstakes_id FROM sweepstakes_entries WHERE user_id = ?)
            ORDER BY s.draw_id
            """), arguments: [userId])
    }

    /// In the deletion's transaction, after the tombstone is written.
    static func keep(_ db: StoreDatabase, uuid: String, preview: DeletionPreview, draws: [Int64]) throws {
        try db.execute(sql: """
            UPDATE deleted_accounts SET answers_detached = ?, entries_kept = ?, suggestions_detached = ? WHERE uuid = ?
            """, arguments: [preview.answers, preview.entriesKept, preview.suggestions, uuid])
        for draw in draws {
            try db.execute(sql: "INSERT INTO deleted_account_draws (uuid, draw_id) VALUES (?, ?)", arguments: [uuid, draw])
        }
    }

    static func find(_ db: StoreDatabase, uuid: String) throws -> DeletionReceipt? {
        guard let tombstone = try Tombstone.find(db, uuid: uuid) else { return nil }
        let counts = try StoreRow.fetchOne(db, sql: """
            SELECT answers_detached, entries_kept, suggestions_detached FROM deleted_accounts WHERE uuid = ?
            """, arguments: [uuid])
        let request = try StoreRow.fetchOne(db, sql: """
            SELECT created_at, source FROM deletion_requests WHERE user_uuid = ? AND status = 'done' ORDER BY created_at LIMIT 1
            """, arguments: [uuid])
        // Each kept snapshot read straight from its bytes (tens of milliseconds for a million lines).
        let lines = try StoreRow.fetchAll(db, sql: """
            SELECT w.name, d.number, d.drawn_at, d.public_token IS NOT NULL AS published, s.format, s.bytes, s.upload
            FROM deleted_account_draws k JOIN sweepstakes_draws d ON d.id = k.draw_id
            JOIN sweepstakes w ON w.id = d.sweepstakes_id JOIN draw_snapshots s ON s.draw_id = d.id
            WHERE k.uuid = ? ORDER BY d.drawn_at, d.id
            """, arguments: [uuid]).compactMap { row -> DrawLine? in
                guard let bytes = try DrawSnapshotParts.keptBytes(db, inline: row["bytes"], upload: row["upload"]),
                      let weight = DrawSnapshot.keptWeight(of: uuid, format: row["format"], bytes: [UInt8](bytes)) else { return nil }
                return DrawLine(sweepstakesName: row["name"], drawNumber: row["number"], drawnAt: row.timestamp("drawn_at") ?? .distantPast,
                                weight: weight, isPublished: row["published"])
            }
        let prizes = try StoreRow.fetchAll(db, sql: """
            SELECT w.name, w.prize, d.number, (x.rank <= d.winner_count OR x.promoted_for IS NOT NULL) AS won, x.claimed_at, x.forfeited_at
            FROM draw_winners x JOIN sweepstakes_draws d ON d.id = x.draw_id JOIN sweepstakes w ON w.id = d.sweepstakes_id
            WHERE x.user_uuid = ? ORDER BY d.drawn_at, x.rank
            """, arguments: [uuid]).map { row in
                Prize(sweepstakesName: row["name"], prize: row["prize"], drawNumber: row["number"], isWinner: row["won"],
                      claimedAt: row.timestamp("claimed_at"), forfeitedAt: row.timestamp("forfeited_at"))
            }
        return DeletionReceipt(tombstone: tombstone, requestReceivedAt: request?.timestamp("created_at"), requestSource: request?["source"],
                               answersDetached: counts?["answers_detached"], entriesKept: counts?["entries_kept"],
                               suggestionsDetached: counts?["suggestions_detached"], drawLines: lines, prizes: prizes)
    }
}

extension AccountDeletion {
    public func receipt(uuid: String) async throws -> DeletionReceipt? {
        try await store.read { db in try DeletionReceipt.find(db, uuid: uuid) }
    }
}
