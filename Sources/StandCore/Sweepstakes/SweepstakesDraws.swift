import Foundation
import GRDB

/// Drawing winners (owners, once a sweepstakes is closed), redrawing with a
/// reason, and re-checking a draw against the store (`verify-draw`).
public struct SweepstakesDraws: Sendable {
    let store: StandStore

    public init(store: StandStore) {
        self.store = store
    }

    public struct Winner: Sendable, Equatable {
        public let rank: Int
        public let uuid: String
        /// Nil once the account is deleted.
        public let email: String?
        public let weight: Int

        public init(rank: Int, uuid: String, email: String?, weight: Int) {
            self.rank = rank
            self.uuid = uuid
            self.email = email
            self.weight = weight
        }
    }

    public struct Draw: Sendable {
        public let id: Int64
        public let sweepstakesId: Int64
        public let drawnBy: String?
        public let drawnAt: Date
        /// The UTC day ages were counted on.
        public let drawnOn: String
        public let seed: String
        public let snapshotHash: String
        public let totalWeight: Int
        public let eligibleUsers: Int
        public let winnerCount: Int
        public let reason: String
        public let replaces: Int64?
        public let winners: [Winner]

        public init(id: Int64, sweepstakesId: Int64, drawnBy: String?, drawnAt: Date, drawnOn: String, seed: String, snapshotHash: String,
                    totalWeight: Int, eligibleUsers: Int, winnerCount: Int, reason: String, replaces: Int64?, winners: [Winner]) {
            self.id = id
            self.sweepstakesId = sweepstakesId
            self.drawnBy = drawnBy
            self.drawnAt = drawnAt
            self.drawnOn = drawnOn
            self.seed = seed
            self.snapshotHash = snapshotHash
            self.totalWeight = totalWeight
            self.eligibleUsers = eligibleUsers
            self.winnerCount = winnerCount
            self.reason = reason
            self.replaces = replaces
            self.winners = winners
        }
    }

    public enum Outcome: Sendable {
        case drawn(Draw)
        /// Someone drew (or redrew) first: a double click or a second tab. Nothing was drawn.
        case alreadyDrawn(Draw)
        case notClosed(Sweepstakes.Phase)
        case nobodyEligible
    }

    /// Eligible on `day`: a valid entry, an existing account, 18 or older that
    /// day, not disqualified. In UUID order, weighted by valid entries.
    public static func candidates(_ db: Database, sweepstakesId: Int64, on day: String) throws -> [DrawAlgorithm.Candidate] {
        // Read in the entrants' key order (their rows, then each user by rowid:
        // both sequential), then sorted here. Walking users in UUID order and
        // probing entrants instead was a random read per user: 7 s for a million.
        let rows = try Row.fetchCursor(db.cachedStatement(sql: "SELECT u.uuid, n.valid_entries " + eligibleFrom), arguments: [sweepstakesId, cutoff(day)])
        var candidates: [DrawAlgorithm.Candidate] = []
        while let row = try rows.next() { candidates.append(.init(uuid: row[0], weight: row[1])) }
        return DrawAlgorithm.inSnapshotOrder(candidates)
    }

    /// Eligible entrants of `?` (the sweepstakes) born on or before `?` (the cutoff).
    static let eligibleFrom = """
        FROM sweepstakes_entrants n JOIN users u ON u.id = n.user_id
        WHERE n.sweepstakes_id = ? AND n.valid_entries > 0 AND u.birthdate <= ?
          AND NOT EXISTS (SELECT 1 FROM sweepstakes_disqualifications d
                          WHERE d.sweepstakes_id = n.sweepstakes_id AND d.user_id = n.user_id AND d.lifted_at IS NULL)
        """

    /// Born on or before this day of the year 18 years earlier (the same rule as `AgeRule`).
    static func cutoff(_ day: String) -> String {
        String(format: "%04d", (Int(day.prefix(4)) ?? 0) - AgeRule.minimumAge) + day.dropFirst(4)
    }

    /// Draw (or, with `replacing`, redraw) in one write transaction. `replacing`
    /// is the draw in force when the confirmation page was shown (nil for a
    /// first draw): if that is no longer so, nothing is drawn.
    public func draw(sweepstakesId: Int64, replacing: Int64?, reason: String,
                            by actor: AuditActor, now: Date = Date(), seed givenSeed: String? = nil) async throws -> Outcome {
        let reason = replacing == nil && reason.trimmingCharacters(in: .whitespaces).isEmpty
            ? "Draw" : try SweepstakesAdmin.checkedReason(reason)
        return try await store.write { db in
            guard let sweepstakes = try Sweepstakes.find(db, id: sweepstakesId) else { return .notClosed(.open) }
            let current = try Self.latest(db, sweepstakesId: sweepstakesId)
            if let current, current.id != replacing { return .alreadyDrawn(current) }
            if current == nil, replacing != nil { return .notClosed(sweepstakes.phase(now: now)) }
            if current == nil, sweepstakes.phase(now: now) != .closed { return .notClosed(sweepstakes.phase(now: now)) }
            let day = UTCDate.day(now)
            let candidates = try Self.candidates(db, sweepstakesId: sweepstakesId, on: day)
            guard !candidates.isEmpty else { return .nobodyEligible }
            // The snapshot is fixed, and its hash taken, before the seed exists.
            let snapshot = DrawAlgorithm.snapshot(candidates)
            let snapshotHash = DrawAlgorithm.hash(snapshot)
            let seed = givenSeed ?? DrawAlgorithm.newSeed()
            guard let picks = DrawAlgorithm.winners(candidates, count: sweepstakes.winnerCount, seedHex: seed) else { return .nobodyEligible }
            let total = candidates.reduce(0) { $0 + $1.weight }
            try db.execute(sql: """
                INSERT INTO sweepstakes_draws (sweepstakes_id, drawn_by, drawn_at, drawn_on, seed, snapshot_hash, entry_count, eligible_users, winner_count, reason, replaces)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """, arguments: [sweepstakesId, actor.staffId, now, day, seed, snapshotHash, total, candidates.count, picks.count, reason, current?.id])
            let drawId = db.lastInsertedRowID
            let packed = KeptSnapshot.packed(candidates)
            try db.execute(sql: "INSERT INTO draw_snapshots (draw_id, format, entrants, bytes) VALUES (?, ?, ?, ?)",
                           arguments: [drawId, packed == nil ? 0 : 1, candidates.count, Data(packed ?? snapshot)])
            for (rank, index) in picks.enumerated() {
                let winner = candidates[index]
                try db.execute(sql: """
                    INSERT INTO draw_winners (draw_id, rank, entry_id, user_uuid, weight)
                    VALUES (?, ?, (SELECT MIN(e.id) FROM sweepstakes_entries e JOIN users u ON u.id = e.user_id
                                   WHERE e.sweepstakes_id = ? AND u.uuid = ? AND e.voided = 0), ?, ?)
                    """, arguments: [drawId, rank + 1, sweepstakesId, winner.uuid, winner.uuid, winner.weight])
            }
            try db.execute(sql: "UPDATE sweepstakes SET status = 'drawn' WHERE id = ?", arguments: [sweepstakesId])
            try AuditLog.record(db, current == nil ? .sweepstakesDrawn : .sweepstakesRedrawn, by: actor,
                                target: (AuditTarget.sweepstakes, String(sweepstakesId)),
                                detail: "draw #\(drawId): \(picks.count) of \(candidates.count) eligible" + (current == nil ? "" : ", replacing draw #\(current!.id): \(reason)"),
                                at: now)
            return .drawn(try Self.find(db, id: drawId)!)
        }
    }

    /// The draw in force: the newest.
    public static func latest(_ db: Database, sweepstakesId: Int64) throws -> Draw? {
        guard let id = try Int64.fetchOne(db.cachedStatement(sql: "SELECT MAX(id) FROM sweepstakes_draws WHERE sweepstakes_id = ?"), arguments: [sweepstakesId])
        else { return nil }
        return try find(db, id: id)
    }

    public static func find(_ db: Database, id: Int64) throws -> Draw? {
        guard let row = try Row.fetchOne(db.cachedStatement(sql: """
            SELECT d.*, s.email AS drawn_by_email FROM sweepstakes_draws d LEFT JOIN staff s ON s.id = d.drawn_by WHERE d.id = ?
            """), arguments: [id]) else { return nil }
        let winners = try Row.fetchAll(db.cachedStatement(sql: """
            SELECT w.rank, w.user_uuid, w.weight, u.email FROM draw_winners w LEFT JOIN users u ON u.uuid = w.user_uuid
            WHERE w.draw_id = ? ORDER BY w.rank
            """), arguments: [id]).map { Winner(rank: $0["rank"], uuid: $0["user_uuid"] ?? "", email: $0["email"], weight: $0["weight"] ?? 0) }
        return Draw(id: row["id"], sweepstakesId: row["sweepstakes_id"], drawnBy: row["drawn_by_email"], drawnAt: row.timestamp("drawn_at") ?? .distantPast,
                    drawnOn: row["drawn_on"], seed: row["seed"], snapshotHash: row["snapshot_hash"], totalWeight: row["entry_count"],
                    eligibleUsers: row["eligible_users"], winnerCount: row["winner_count"], reason: row["reason"], replaces: row["replaces"],
                    winners: winners)
    }

    /// A draw replaced by a later one: what the page lists of it.
    public struct EarlierDraw: Sendable, Equatable {
        public let id: Int64
        public let drawnAt: Date
        public let drawnBy: String?
        public let seed: String
        public let snapshotHash: String
        public let winners: String

        public init(id: Int64, drawnAt: Date, drawnBy: String?, seed: String, snapshotHash: String, winners: String) {
            self.id = id
            self.drawnAt = drawnAt
            self.drawnBy = drawnBy
            self.seed = seed
            self.snapshotHash = snapshotHash
            self.winners = winners
        }
    }

    /// The draw in force in full, and the ones it replaced in a line each; one read.
    public func history(sweepstakesId: Int64) async throws -> (current: Draw?, earlier: [EarlierDraw]) {
        try await store.read { db in try Self.history(db, sweepstakesId: sweepstakesId) }
    }

    public static func history(_ db: Database, sweepstakesId: Int64) throws -> (current: Draw?, earlier: [EarlierDraw]) {
        guard let current = try latest(db, sweepstakesId: sweepstakesId) else { return (nil, []) }
        let earlier = try Row.fetchAll(db.cachedStatement(sql: """
            SELECT d.id, d.drawn_at, d.seed, d.snapshot_hash, s.email,
                   (SELECT group_concat(w.user_uuid, ' ') FROM (SELECT user_uuid FROM draw_winners WHERE draw_id = d.id ORDER BY rank) w) AS winners
            FROM sweepstakes_draws d LEFT JOIN staff s ON s.id = d.drawn_by
            WHERE d.sweepstakes_id = ? AND d.id <> ? ORDER BY d.id DESC
            """), arguments: [sweepstakesId, current.id]).map {
            EarlierDraw(id: $0["id"], drawnAt: $0.timestamp("drawn_at") ?? .distantPast, drawnBy: $0["email"], seed: $0["seed"],
                        snapshotHash: $0["snapshot_hash"], winners: $0["winners"] ?? "")
        }
        return (current, earlier)
    }

    /// A draw re-run from its seed over the snapshot it was drawn from, and
    /// that snapshot compared with what the store says today.
    public struct Verification: Sendable {
        public let draw: Draw
        /// False for a draw made before snapshots were kept (migration 012):
        /// its list is rebuilt from the store as it is now.
        public let keptSnapshot: Bool
        public let snapshotHash: String
        public let eligibleUsers: Int
        public let winners: [String]
        /// Entrants whose line in the drawn snapshot differs from the store today.
        public let differences: [Difference]

        public var hashMatches: Bool { snapshotHash == draw.snapshotHash }
        public var winnersMatch: Bool { winners == draw.winners.map(\.uuid) }
        /// The draw reproduces, and every change since is on the record.
        public var isSound: Bool { hashMatches && winnersMatch && differences.allSatisfy { $0.explanation != nil } }
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
    }

    public func verify(drawId: Int64) async throws -> Verification? {
        try await store.read { db in
            guard let draw = try Self.find(db, id: drawId) else { return nil }
            let today = try Self.candidates(db, sweepstakesId: draw.sweepstakesId, on: draw.drawnOn)
            let kept = try Self.keptCandidates(db, drawId: drawId)
            let drawn = kept ?? today
            let picks = DrawAlgorithm.winners(drawn, count: draw.winnerCount, seedHex: draw.seed) ?? []
            return Verification(draw: draw, keptSnapshot: kept != nil, snapshotHash: DrawAlgorithm.hash(DrawAlgorithm.snapshot(drawn)),
                                eligibleUsers: drawn.count, winners: picks.map { drawn[$0].uuid },
                                differences: try kept.map { try Self.differences(db, draw: draw, drawn: $0, today: today) } ?? [])
        }
    }

    /// The candidates of a kept snapshot, or nil for a draw made before they were kept.
    static func keptCandidates(_ db: Database, drawId: Int64) throws -> [DrawAlgorithm.Candidate]? {
        // `verify-draw` reads a store as it is, perhaps not yet migrated.
        guard try db.tableExists("draw_snapshots") else { return nil }
        guard let row = try Row.fetchOne(db, sql: "SELECT format, bytes FROM draw_snapshots WHERE draw_id = ?", arguments: [drawId]) else { return nil }
        let bytes = [UInt8](row["bytes"] as Data)
        if row["format"] as Int == 1 { return KeptSnapshot.unpacked(bytes) }
        return String(decoding: bytes, as: UTF8.self).split(separator: "\n").compactMap { line in
            guard let comma = line.lastIndex(of: ","), let weight = Int(line[line.index(after: comma)...]) else { return nil }
            return .init(uuid: String(line[..<comma]), weight: weight)
        }
    }

    /// Every entrant whose line differs, each with the first audit event about
    /// their account after the draw (a deletion, an edit): the record that
    /// explains it. None found means the row changed behind the console's back.
    static func differences(_ db: Database, draw: Draw, drawn: [DrawAlgorithm.Candidate],
                            today: [DrawAlgorithm.Candidate]) throws -> [Difference] {
        let now = Dictionary(today.map { ($0.uuid, $0.weight) }, uniquingKeysWith: { first, _ in first })
        let then = Dictionary(drawn.map { ($0.uuid, $0.weight) }, uniquingKeysWith: { first, _ in first })
        let changed = Set(then.keys).union(now.keys).filter { then[$0] != now[$0] }.sorted()
        return try changed.map { uuid in
            let event = try Row.fetchOne(db, sql: """
                SELECT action, occurred_at, staff_email, detail FROM audit_events
                WHERE target_type = 'user' AND target_id = ? AND occurred_at > ? AND action <> 'user.viewed'
                ORDER BY id LIMIT 1
                """, arguments: [uuid, draw.drawnAt])
            let explanation = event.map { row -> String in
                let at = row.timestamp("occurred_at").map(UTCDate.minute) ?? ""
                let by: String? = row["staff_email"]
                let detail: String? = row["detail"]
                return "\(row["action"] as String) on \(at)" + (by.map { " by \($0)" } ?? "") + (detail.map { ": \($0)" } ?? "")
            }
            return Difference(uuid: uuid, drawn: then[uuid], today: now[uuid], explanation: explanation)
        }
    }

    /// The eligible snapshot a draw was made from, byte for byte, whatever
    /// happened to the accounts since (for a draw made before snapshots were
    /// kept: as the store gives it now). What scripts/verify-draw.py reads.
    public func snapshot(drawId: Int64) async throws -> (draw: Draw, text: String)? {
        try await store.read { db in
            guard let draw = try Self.find(db, id: drawId) else { return nil }
            let candidates = try Self.keptCandidates(db, drawId: drawId)
                ?? Self.candidates(db, sweepstakesId: draw.sweepstakesId, on: draw.drawnOn)
            return (draw, String(decoding: DrawAlgorithm.snapshot(candidates), as: UTF8.self))
        }
    }

    /// What a draw today would be drawn from: eligible users and their entries
    /// (the confirmation page names them before anyone draws). Counted, not listed.
    public func preview(sweepstakesId: Int64, now: Date = Date()) async throws -> (eligibleUsers: Int, entries: Int) {
        try await store.read { db in
            let row = try Row.fetchOne(db.cachedStatement(sql: "SELECT COUNT(*), IFNULL(SUM(n.valid_entries), 0) " + Self.eligibleFrom),
                                       arguments: [sweepstakesId, Self.cutoff(UTCDate.day(now))])
            return (row?[0] ?? 0, row?[1] ?? 0)
        }
    }

    /// Record an export of the entrants (an audit event).
    public func recordExport(sweepstakesId: Int64, by actor: AuditActor, now: Date = Date()) async throws {
        try await store.write { db in
            try AuditLog.record(db, .entrantsExported, by: actor, target: (AuditTarget.sweepstakes, String(sweepstakesId)), at: now)
        }
    }
}
