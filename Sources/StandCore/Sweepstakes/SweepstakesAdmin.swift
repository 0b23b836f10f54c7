import Foundation

/// Creating, editing (until it opens), closing early and cancelling a
/// sweepstakes; each with its audit event, in the change's transaction.
public struct SweepstakesAdmin: Sendable {
    let store: StandStore

    public init(store: StandStore) {
        self.store = store
    }

    public static let reasonLength = 500

    public func create(_ draft: SweepstakesDraft, by actor: AuditActor, now: Date = Date()) async throws -> Int64 {
        let valid = try draft.validated()
        return try await store.write { db in
            let id = try db.insertReturningId(sql: """
                INSERT INTO sweepstakes (name, prize, starts_on, ends_on, status, winner_count, entries_per_stand, streak_bonus_entries, created_by, created_at)
                VALUES (?, ?, ?, ?, 'open', ?, ?, ?, ?, ?)
                """, arguments: [valid.name, valid.prize, valid.startsOn, valid.endsOn, valid.winnerCount, valid.entriesPerStand,
                                 valid.streakBonusEntries, actor.staffId, now])
            try AuditLog.record(db, .sweepstakesCreated, by: actor, target: (AuditTarget.sweepstakes, String(id)),
                                detail: "\(valid.name), \(valid.startsOn) to \(valid.endsOn)", at: now)
            return id
        }
    }

    /// Close an open sweepstakes before its last day (owners). Nil when it was
    /// not open any more; nothing is written then.
    public func close(id: Int64, reason: String, by actor: AuditActor, now: Date = Date()) async throws -> Sweepstakes? {
        let reason = try Self.checkedReason(reason)
        return try await store.write { db in
            guard let sweepstakes = try Sweepstakes.find(db, id: id), sweepstakes.phase(now: now) == .open || sweepstakes.phase(now: now) == .upcoming else {
                return nil
            }
            try db.execute(sql: "UPDATE sweepstakes SET status = 'closed', closed_at = ?, closed_by = ?, close_reason = ? WHERE id = ?",
                           arguments: [now, actor.staffId, reason, id])
            try AuditLog.record(db, .sweepstakesClosed, by: actor, target: (AuditTarget.sweepstakes, String(id)), detail: reason, at: now)
            return try Sweepstakes.find(db, id: id)
        }
    }

    public enum EditOutcome: Sendable, Equatable {
        /// Saved; the names of the fields that changed (none: nothing was written).
        case saved(changes: [String])
        /// It has opened (or closed, or was cancelled) since the form was shown: nothing was written.
        case notUpcoming(Sweepstakes.Phase)
        case notFound
    }

    /// Change a sweepstakes that has not opened yet: once entries can be
    /// earned, its rules are what app users were shown and stay as they are.
    /// Its new first day cannot be before today.
    public func edit(id: Int64, _ draft: SweepstakesDraft, by actor: AuditActor, now: Date = Date()) async throws -> EditOutcome {
        let valid = try draft.validated()
        let today = UTCDate.day(now)
        if valid.startsOn < today {
            throw ValidationErrors("startsOn", "The first day (\(valid.startsOn)) has passed; an upcoming sweepstakes starts today (\(today)) or later.")
        }
        return try await store.write { db in
            guard let current = try Sweepstakes.find(db, id: id) else { return .notFound }
            let phase = current.phase(now: now)
            guard phase == .upcoming else { return .notUpcoming(phase) }
            let before: [(String, String)] = [("name", current.name), ("prize", current.prize), ("first day", current.startsOn), ("last day", current.endsOn),
                                              ("winners", String(current.winnerCount)), ("entries per stand", String(current.entriesPerStand)),
                                              ("streak bonus", String(current.streakBonusEntries))]
            let after = [valid.name, valid.prize, valid.startsOn, valid.endsOn, String(valid.winnerCount), String(valid.entriesPerStand),
                         String(valid.streakBonusEntries)]
            let changes = zip(before, after).filter { $0.0.1 != $0.1 }.map(\.0.0)
            guard !changes.isEmpty else { return .saved(changes: []) }
            try db.execute(sql: """
                UPDATE sweepstakes SET name = ?, prize = ?, starts_on = ?, ends_on = ?, winner_count = ?, entries_per_stand = ?, streak_bonus_entries = ?
                WHERE id = ?
                """, arguments: [valid.name, valid.prize, valid.startsOn, valid.endsOn, valid.winnerCount, valid.entriesPerStand,
                                 valid.streakBonusEntries, id])
            try AuditLog.record(db, .sweepstakesEdited, by: actor, target: (AuditTarget.sweepstakes, String(id)),
                                detail: "changed " + changes.joined(separator: ", "), at: now)
            return .saved(changes: changes)
        }
    }

    /// Cancel a sweepstakes created by mistake (owners), at any time before it
    /// is drawn: it stays on record, shown as cancelled, and is never drawn.
    /// Nil when it was drawn or cancelled already; nothing is written then.
    public func cancel(id: Int64, reason: String, by actor: AuditActor, now: Date = Date()) async throws -> Sweepstakes? {
        let reason = try Self.checkedReason(reason)
        return try await store.write { db in
            guard let sweepstakes = try Sweepstakes.find(db, id: id), sweepstakes.status != "drawn", sweepstakes.cancelledAt == nil else {
                return nil
            }
            try db.execute(sql: """
                UPDATE sweepstakes SET status = 'closed', closed_at = COALESCE(closed_at, ?), cancelled_at = ?, cancelled_by = ?, cancel_reason = ?
                WHERE id = ?
                """, arguments: [now, now, actor.staffId, reason, id])
            try AuditLog.record(db, .sweepstakesCancelled, by: actor, target: (AuditTarget.sweepstakes, String(id)), detail: reason, at: now)
            return try Sweepstakes.find(db, id: id)
        }
    }

    /// A reason staff must give: trimmed, visible, not too long.
    public static func checkedReason(_ text: String, field: String = "reason") throws -> String {
        let reason = text.trimmingCharacters(in: .whitespacesAndNewlines)
        var errors = ValidationErrors()
        TextInput.check(reason, field: field, into: &errors)
        KeptText.check(reason, field: field, into: &errors)
        if reason.isEmpty { errors.add(field, "Give a reason: it is kept with the change and in the audit log.") }
        if reason.unicodeScalars.count > reasonLength { errors.add(field, "Keep the reason under \(reasonLength) characters.") }
        try errors.throwIfAny()
        return reason
    }
}

extension SweepstakesAdmin {
    public func all() async throws -> [Sweepstakes] {
        try await store.read { db in try Sweepstakes.all(db) }
    }

    public func find(id: Int64) async throws -> Sweepstakes? {
        try await store.read { db in try Sweepstakes.find(db, id: id) }
    }

    /// `allEarlierDraws`: every draw a redraw replaced, not the latest `SweepstakesDraws.earlierShown`.
    public func overview(id: Int64, search: UserQuery?, after: SweepstakesEntrants.Cursor?, allEarlierDraws: Bool = false) async throws -> SweepstakesOverview? {
        try await store.read { db in
            guard let sweepstakes = try Sweepstakes.find(db, id: id) else { return nil }
            let draws = try SweepstakesDraws.history(db, sweepstakesId: id, earlierLimit: allEarlierDraws ? nil : SweepstakesDraws.earlierShown)
            return SweepstakesOverview(
                sweepstakes: sweepstakes, days: try SweepstakesEntrants.daily(db, sweepstakes: sweepstakes),
                ranked: search == nil ? try SweepstakesEntrants.ranked(db, sweepstakesId: id, after: after) : nil,
                found: try search.map { try SweepstakesEntrants.search(db, sweepstakesId: id, $0) },
                currentDraw: draws.current, earlierDraws: draws.earlier, moreEarlierDraws: draws.moreEarlier)
        }
    }

    /// A user's entry rows in one sweepstakes, newest first (at most `limit`).
    public func entrant(sweepstakesId: Int64, uuid: String, limit: Int = 200) async throws -> SweepstakesEntrants.EntrantDetail? {
        try await store.read { db in
            guard let user = try StoreRow.fetchOne(db.cachedStatement(sql: "SELECT id, email FROM users WHERE uuid = ?"), arguments: [uuid]) else { return nil }
            let userId: Int64 = user["id"]
            let entrant = try SweepstakesEntrants.Entrant.fetchOne(db.cachedStatement(sql: SweepstakesEntrants.select[db.engine] + " WHERE n.sweepstakes_id = ? AND n.user_id = ?"), arguments: [sweepstakesId, userId])
            let entries = try SweepstakesEntrants.Entry.fetchAll(db.cachedStatement(sql: """
                SELECT e.id, e.quantity, e.reason, e.note, e.voided, e.void_reason, e.created_at,
                       g.email AS granted_by_email, v.email AS voided_by_email
                FROM sweepstakes_entries e
                LEFT JOIN staff g ON g.id = e.granted_by LEFT JOIN staff v ON v.id = e.voided_by
                WHERE e.user_id = ? AND e.sweepstakes_id = ? ORDER BY e.id DESC
                """ + StoreSQL.limit(limit + 1)), arguments: [userId, sweepstakesId])
            let disqualification = try StoreRow.fetchOne(db.cachedStatement(sql: """
                SELECT d.reason, d.disqualified_at, s.email FROM sweepstakes_disqualifications d LEFT JOIN staff s ON s.id = d.disqualified_by
                WHERE d.sweepstakes_id = ? AND d.user_id = ? AND d.lifted_at IS NULL
                """), arguments: [sweepstakesId, userId]).map { row -> String in
                let at = row.timestamp("disqualified_at").map(UTCDate.minute) ?? ""
                let by: String? = row["email"]
                return "Disqualified \(at)" + (by.map { " by \($0)" } ?? "") + ": " + (row["reason"] as String)
            }
            return SweepstakesEntrants.EntrantDetail(entrant: entrant, email: user["email"], uuid: uuid, entries: Array(entries.prefix(limit)),
                                 hasMore: entries.count > limit, disqualification: disqualification)
        }
    }

    /// Every entrant by user id, handed over `batchSize` at a time: each batch
    /// is its own short read on the primary key, so the export of a million
    /// entrants neither holds a read open nor holds them all in memory.
    ///
    /// 500 a batch: on PostgreSQL a batch is a burst of work on the server and
    /// here, and the app's writes share the machine with it. The app's write
    /// p99 while a 1,000,000-entrant export ran (scripts/bench BENCH_ONLY=app-load,
    /// 10,000,000 accounts, 500 writes/s; 4–5 ms idle): 19.7–107.6 ms at 2,000
    /// a batch, 10.9–16.1 at 500, 17.5–25.0 at 250 (no better); the export took
    /// as long at each (26–33 s, most of it the CSV writer's then: 8–9 s since
    /// `CSVRows`). SQLite's app writes did not move at 2,000.
    public func exportEntrants(sweepstakesId: Int64, batchSize: Int = 500,
                              _ handle: ([SweepstakesEntrants.Entrant]) async throws -> Void) async throws {
        var after: Int64 = 0
        while true {
            let start = after
            // `u.id > ?` says again what the join implies: PostgreSQL merge-joined the batch with
            // users read from the first account on, every batch (1.6 s a batch at 500,000 accounts
            // in, 83 s for a million entrants; 6–12 ms a batch with it). SQLite ignores it.
            let batch = try await store.read { db in
                try SweepstakesEntrants.Entrant.fetchAll(db.cachedStatement(sql: SweepstakesEntrants.select[db.engine]
                                                             + " WHERE n.sweepstakes_id = ? AND n.user_id > ? AND u.id > ? ORDER BY n.user_id LIMIT ?"),
                                     arguments: [sweepstakesId, start, start, batchSize])
            }
            guard let last = batch.last else { return }
            try await handle(batch)
            after = last.userId
            if batch.count < batchSize { return }
        }
    }
}
