import Foundation

extension SweepstakesDraws {
    /// A draw made in a read transaction, ready to be written: reading a
    /// million entrants takes half a second, and inside the write transaction
    /// it held every other writer of the store (the app's included) that long.
    /// `inputs` is the sweepstakes' `draw_inputs` counter in the same snapshot
    /// (migration 020): the write goes ahead only while it is unchanged.
    struct PreparedDraw: Sendable {
        let sweepstakesId: Int64
        /// The draw in force when the list was read (nil: none yet).
        let current: Int64?
        let winnersAsked: Int
        let inputs: Int64
        let snapshotHash: String
        let seed: String
        let totalWeight: Int
        let eligibleUsers: Int
        let winnerCount: Int
        let alternateCount: Int
        let keptFormat: Int
        let keptBytes: Data
        /// In draw order: the winners, then the alternates.
        let picks: [(uuid: String, weight: Int)]
    }

    enum Preparation: Sendable {
        case ready(PreparedDraw)
        /// Nothing to draw: the answer the form gets.
        case refused(Outcome)
    }

    /// How many times a draw reads the list again when it changed before the write.
    static let drawAttempts = 3

    /// Whether a draw (or, with `replacing`, a redraw) may be made now.
    /// Asked when the list is read, and again in the write.
    enum Gate {
        case open(Sweepstakes, current: Draw?)
        case refused(Outcome)
    }

    static func gate(_ db: StoreDatabase, sweepstakesId: Int64, replacing: Int64?, now: Date) throws -> Gate {
        guard let sweepstakes = try Sweepstakes.find(db, id: sweepstakesId) else { return .refused(.notClosed(.open)) }
        let current = try latest(db, sweepstakesId: sweepstakesId)
        if let current, current.id != replacing { return .refused(.alreadyDrawn(current)) }
        if current == nil, replacing != nil || sweepstakes.phase(now: now) != .closed {
            return .refused(.notClosed(sweepstakes.phase(now: now)))
        }
        return .open(sweepstakes, current: current)
    }

    /// The sweepstakes' change counter; in a write, locked until commit.
    static func drawInputs(_ db: StoreDatabase, sweepstakesId: Int64, locking: Bool) throws -> Int64 {
        try Int64.fetchOne(db.cachedStatement(sql: locking ? lockedDrawInputs[db.engine] : drawInputsSQL), arguments: [sweepstakesId]) ?? 0
    }

    private static let drawInputsSQL = "SELECT draw_inputs FROM sweepstakes_totals WHERE sweepstakes_id = ?"

    /// SQLite's write transaction already keeps every other writer out. On
    /// PostgreSQL the counter is the sum of sixteen rows (migration 025), and
    /// the draw locks every one: no change to the list commits before it does.
    private static let lockedDrawInputs = EngineSQL { engine in
        switch engine {
        case .sqlite: drawInputsSQL
        case .postgres: """
            SELECT SUM(draw_inputs)::BIGINT FROM (SELECT draw_inputs FROM sweepstakes_total_shards WHERE sweepstakes_id = ? FOR UPDATE) shards
            """
        }
    }

    /// Reads the eligible list, fixes its hash, then draws from it with the
    /// seed (made only now): everything but the write.
    static func prepare(_ db: StoreDatabase, sweepstakesId: Int64, replacing: Int64?, alternates: Int?,
                        now: Date, seed givenSeed: String?) throws -> Preparation {
        let sweepstakes: Sweepstakes, current: Draw?
        switch try gate(db, sweepstakesId: sweepstakesId, replacing: replacing, now: now) {
        case .refused(let outcome): return .refused(outcome)
        case .open(let found, let inForce): (sweepstakes, current) = (found, inForce)
        }
        let inputs = try drawInputs(db, sweepstakesId: sweepstakesId, locking: false)
        let eligible = try Self.eligible(db, sweepstakesId: sweepstakesId, at: now, before: nil)
        guard eligible.count > 0 else { return .refused(.nobodyEligible) }
        guard let total = DrawAlgorithm.totalWeight(weights: eligible.weights) else {
            throw Conflict(message: "The entries add up to more than a draw can hold (2⁶³); nothing was drawn. Void the entries written in error first.")
        }
        // The snapshot is fixed, and its hash taken, before the seed exists.
        let snapshotHash = eligible.hash
        let seed = givenSeed ?? DrawAlgorithm.newSeed()
        let winnerCount = min(sweepstakes.winnerCount, eligible.count)
        let alternateCount = min(alternates ?? sweepstakes.winnerCount, eligible.count - winnerCount)
        guard let picks = DrawAlgorithm.winners(weights: eligible.weights, count: winnerCount + alternateCount, seedHex: seed) else {
            throw ValidationErrors("seed", "A seed is 64 lowercase hex digits; nothing was drawn.")
        }
        let kept = eligible.kept
        return .ready(PreparedDraw(sweepstakesId: sweepstakesId, current: current?.id, winnersAsked: sweepstakes.winnerCount,
                                   inputs: inputs, snapshotHash: snapshotHash, seed: seed, totalWeight: total,
                                   eligibleUsers: eligible.count, winnerCount: winnerCount, alternateCount: alternateCount,
                                   keptFormat: kept.format, keptBytes: Data(kept.bytes),
                                   picks: picks.map { (eligible.uuid(at: $0), eligible.weights[$0]) }))
    }

    /// Writes a prepared draw with its audit event, unless something moved
    /// since it was read: another draw first (the answer says so), or a change
    /// to the list or the number of winners (nil: read it again).
    static func record(_ db: StoreDatabase, _ prepared: PreparedDraw, upload: DrawSnapshotParts.Upload, replacing: Int64?,
                       reason: String, by actor: AuditActor, now: Date) throws -> Outcome? {
        let sweepstakesId = prepared.sweepstakesId
        let sweepstakes: Sweepstakes, current: Draw?
        switch try gate(db, sweepstakesId: sweepstakesId, replacing: replacing, now: now) {
        case .refused(let outcome): return outcome
        case .open(let found, let inForce): (sweepstakes, current) = (found, inForce)
        }
        guard current?.id == prepared.current, sweepstakes.winnerCount == prepared.winnersAsked,
              try drawInputs(db, sweepstakesId: sweepstakesId, locking: true) == prepared.inputs,
              try DrawSnapshotParts.isComplete(db, upload) else { return nil }
        let number = try Int.fetchOne(db, sql: "SELECT COALESCE(MAX(number), 0) + 1 FROM sweepstakes_draws WHERE sweepstakes_id = ?",
                                      arguments: [sweepstakesId]) ?? 1
        let drawId = try db.insertReturningId(sql: """
            INSERT INTO sweepstakes_draws (sweepstakes_id, number, drawn_by, drawn_at, drawn_on, seed, snapshot_hash, entry_count,
                                           eligible_users, winner_count, alternate_count, reason, replaces)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, arguments: [sweepstakesId, number, actor.staffId, now, UTCDate.day(now), prepared.seed, prepared.snapshotHash,
                             prepared.totalWeight, prepared.eligibleUsers, prepared.winnerCount, prepared.alternateCount,
                             reason, current?.id])
        // The bytes are the upload's parts (migration 022); `bytes` stays empty.
        try db.execute(sql: "INSERT INTO draw_snapshots (draw_id, format, entrants, bytes, upload) VALUES (?, ?, ?, ?, ?)",
                       arguments: [drawId, prepared.keptFormat, prepared.eligibleUsers, Data(), upload.token])
        let insertPick = try db.cachedStatement(sql: """
            INSERT INTO draw_winners (draw_id, rank, entry_id, user_uuid, weight)
            VALUES (?, ?, (SELECT MIN(e.id) FROM sweepstakes_entries e JOIN users u ON u.id = e.user_id
                           WHERE e.sweepstakes_id = ? AND u.uuid = ? AND e.voided = 0), ?, ?)
            """)
        for (rank, pick) in prepared.picks.enumerated() {
            try insertPick.execute(arguments: [drawId, rank + 1, sweepstakesId, pick.uuid, pick.uuid, pick.weight])
        }
        try db.execute(sql: "UPDATE sweepstakes SET status = 'drawn' WHERE id = ?", arguments: [sweepstakesId])
        let summary = "draw \(number): \(prepared.winnerCount.counted("winner")) and \(prepared.alternateCount.counted("alternate"))"
            + " of \(prepared.eligibleUsers.counted("eligible user"))"
        try AuditLog.record(db, current == nil ? .sweepstakesDrawn : .sweepstakesRedrawn, by: actor,
                            target: (AuditTarget.sweepstakes, String(sweepstakesId)),
                            detail: summary + (current.map { ", replacing draw \($0.number): \(reason)" } ?? ""), at: now)
        return .drawn(try find(db, id: drawId)!)
    }
}
