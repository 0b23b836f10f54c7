import Foundation

/// Drawing winners and alternates (owners, once a sweepstakes is closed),
/// redrawing with a reason, the snapshot a draw was made from and the
/// numbers the draw page shows first. Verification, claims and the public
/// record are in their own files.
public struct SweepstakesDraws: Sendable {
    let store: StandStore

    public init(store: StandStore) {
        self.store = store
    }

    public enum Outcome: Sendable {
        case drawn(Draw)
        /// Someone drew (or redrew) first: a double click or a second tab. Nothing was drawn.
        case alreadyDrawn(Draw)
        case notClosed(Sweepstakes.Phase)
        case nobodyEligible
    }

    /// Eligible at `moment` (ages counted on its UTC day): a valid entry, an
    /// existing account, 18 or older that day, not disqualified, not
    /// suspended at that moment, and no forfeited prize in a draw of this
    /// sweepstakes made before `drawId` (nil: before a new draw). In UUID
    /// order, weighted by valid entries.
    public static func candidates(_ db: StoreDatabase, sweepstakesId: Int64, at moment: Date, before drawId: Int64? = nil) throws -> [DrawAlgorithm.Candidate] {
        try eligible(db, sweepstakesId: sweepstakesId, at: moment, before: drawId).candidates
    }

    /// The same list as a draw holds it: a million entrants without a String each.
    static func eligible(_ db: StoreDatabase, sweepstakesId: Int64, at moment: Date, before drawId: Int64?) throws -> DrawSnapshot {
        // Read in the entrants' key order (their rows, then each user by rowid:
        // both sequential), then sorted. Walking users in UUID order and
        // probing entrants instead was a random read per user: 7 s for a million.
        let (sql, arguments) = try eligibleQuery(db, "SELECT u.uuid, n.valid_entries", sweepstakesId, at: moment, before: drawId)
        return try DrawSnapshot.read(db.cachedStatement(sql: sql), arguments: arguments)
    }

    /// `select` over the entrants eligible at `moment`. Those who forfeited a
    /// prize in an earlier draw, and those suspended at that moment, are left
    /// out by clauses added only when there are any: checking a million
    /// entrants against an empty list still cost a quarter of a second.
    static func eligibleQuery(_ db: StoreDatabase, _ select: String, _ sweepstakesId: Int64, at moment: Date,
                              before drawId: Int64?) throws -> (sql: String, arguments: StoreArguments) {
        let before = drawId ?? Int64.max
        if let setting = db.engine.roomForEntrantJoins { try db.execute(sql: setting) }
        var sql = select + eligibleFrom
        var arguments: StoreArguments = [sweepstakesId, cutoff(UTCDate.day(moment))]
        let forfeits = try Bool.fetchOne(db.cachedStatement(sql: "SELECT EXISTS (SELECT 1" + forfeited(before: "?2") + ")"),
                                         arguments: [sweepstakesId, before]) ?? false
        if forfeits {
            sql += " AND u.uuid NOT IN (SELECT w.user_uuid" + forfeited(before: "?3") + ")"
            arguments += [before]
        }
        let suspensions = try Bool.fetchOne(db.cachedStatement(sql: "SELECT EXISTS (SELECT 1" + suspended(at: "?1") + ")"),
                                            arguments: [moment]) ?? false
        if suspensions {
            let parameter = "?\(forfeits ? 4 : 3)"
            sql += " AND n.user_id NOT IN (SELECT s.user_id" + suspended(at: parameter) + ")"
            arguments += [moment]
        }
        return (sql, arguments)
    }

    /// Suspensions in force at the moment `parameter` names (docs/store.md).
    static func suspended(at parameter: String) -> String {
        """
         FROM account_suspensions s
        WHERE s.starts_at <= \(parameter) AND (s.ends_at IS NULL OR s.ends_at > \(parameter)) AND (s.lifted_at IS NULL OR s.lifted_at > \(parameter))
        """
    }

    /// Eligible entrants of `?1` (the sweepstakes) born on or before `?2` (the cutoff).
    static let eligibleFrom = """
         FROM sweepstakes_entrants n JOIN users u ON u.id = n.user_id
        WHERE n.sweepstakes_id = ?1 AND n.valid_entries > 0 AND u.birthdate <= ?2
          AND NOT EXISTS (SELECT 1 FROM sweepstakes_disqualifications d
                          WHERE d.sweepstakes_id = n.sweepstakes_id AND d.user_id = n.user_id AND d.lifted_at IS NULL)
        """

    /// Picks that forfeited in draws of `?1` (the sweepstakes) made before the draw `parameter` names.
    static func forfeited(before parameter: String) -> String {
        """
         FROM draw_winners w JOIN sweepstakes_draws f ON f.id = w.draw_id
        WHERE f.sweepstakes_id = ?1 AND f.id < \(parameter) AND w.forfeited_at IS NOT NULL AND w.user_uuid IS NOT NULL
        """
    }

    /// Born on or before this day of the year 18 years earlier (the same rule as `AgeRule`).
    static func cutoff(_ day: String) -> String {
        String(format: "%04d", (Int(day.prefix(4)) ?? 0) - AgeRule.minimumAge) + day.dropFirst(4)
    }

    /// How many alternates an owner may ask for.
    public static let alternateLimit = 1_000

    /// The alternates asked for on the draw form: blank means as many as winners.
    public static func checkedAlternates(_ text: String, winners: Int) throws -> Int {
        let text = text.trimmingCharacters(in: .whitespaces)
        if text.isEmpty { return winners }
        guard text.utf8.count <= 5, let count = Int(text), (0...alternateLimit).contains(count) else {
            throw ValidationErrors("alternates", "Give a whole number of alternates from 0 to \(alternateLimit.grouped).")
        }
        return count
    }

    /// Draw (or, with `replacing`, redraw): the winners, then `alternates`
    /// more picks from the same stream over the same snapshot. `replacing` is
    /// the draw in force when the confirmation page was shown (nil for a
    /// first draw): if that is no longer so, nothing is drawn. A redraw
    /// leaves out everyone who forfeited a prize in this sweepstakes' earlier
    /// draws. The list is read and drawn from in a read transaction, its
    /// snapshot written in parts; the write only checks that nothing it
    /// depends on changed, and records it.
    public func draw(sweepstakesId: Int64, replacing: Int64?, reason: String, alternates: Int? = nil,
                     by actor: AuditActor, now: Date = Date(), seed givenSeed: String? = nil) async throws -> Outcome {
        let reason = replacing == nil && reason.trimmingCharacters(in: .whitespaces).isEmpty
            ? "Draw" : try SweepstakesAdmin.checkedReason(reason)
        if let alternates, !(0...Self.alternateLimit).contains(alternates) {
            throw ValidationErrors("alternates", "Give a whole number of alternates from 0 to \(Self.alternateLimit.grouped).")
        }
        for _ in 0..<Self.drawAttempts {
            let prepared: PreparedDraw
            switch try await store.read({ db in
                try Self.prepare(db, sweepstakesId: sweepstakesId, replacing: replacing, alternates: alternates, now: now, seed: givenSeed)
            }) {
            case .refused(let outcome): return outcome
            case .ready(let ready): prepared = ready
            }
            // The snapshot goes first, in parts outside the draw's transaction (DrawSnapshotParts).
            let upload = try await DrawSnapshotParts.write(store, bytes: prepared.keptBytes, now: Date())
            let outcome: Outcome?
            do {
                outcome = try await store.write { db in
                    try Self.record(db, prepared, upload: upload, replacing: replacing, reason: reason, by: actor, now: now)
                }
            } catch {
                await DrawSnapshotParts.discard(store, token: upload.token)
                throw error
            }
            if let outcome, case .drawn = outcome { return outcome }
            // Not a draw (someone drew first, or the list moved): its parts go.
            await DrawSnapshotParts.discard(store, token: upload.token)
            if let outcome { return outcome }
        }
        throw Conflict(message: "The entrants changed while the draw was being made, \(Self.drawAttempts) times in a row; nothing was drawn. Try again in a moment.")
    }

    /// A draw replaced by a later one: what the page lists of it.
    public struct EarlierDraw: Sendable, Equatable {
        public let id: Int64
        public let number: Int
        public let drawnAt: Date
        public let drawnBy: String?
        public let seed: String
        public let snapshotHash: String
        /// The winners' UUIDs in order, space-separated.
        public let winners: String
        public let publicToken: String?

        public init(id: Int64, number: Int, drawnAt: Date, drawnBy: String?, seed: String, snapshotHash: String, winners: String, publicToken: String?) {
            self.id = id
            self.number = number
            self.drawnAt = drawnAt
            self.drawnBy = drawnBy
            self.seed = seed
            self.snapshotHash = snapshotHash
            self.winners = winners
            self.publicToken = publicToken
        }
    }

    /// Earlier draws the sweepstakes page lists before it offers them all: each
    /// redraw adds one, and the page must not grow with them.
    public static let earlierShown = 10

    /// The draw in force in full, and the ones it replaced in a line each, newest
    /// first: `earlierLimit` of them (nil: all), and whether more were left out. One read.
    public func history(sweepstakesId: Int64, earlierLimit: Int? = nil) async throws -> (current: Draw?, earlier: [EarlierDraw], moreEarlier: Bool) {
        try await store.read { db in try Self.history(db, sweepstakesId: sweepstakesId, earlierLimit: earlierLimit) }
    }

    public static func history(_ db: StoreDatabase, sweepstakesId: Int64, earlierLimit: Int? = nil) throws
        -> (current: Draw?, earlier: [EarlierDraw], moreEarlier: Bool) {
        guard let current = try latest(db, sweepstakesId: sweepstakesId) else { return (nil, [], false) }
        let earlier = try StoreRow.fetchAll(db.cachedStatement(sql: """
            SELECT d.id, d.number, d.drawn_at, d.seed, d.snapshot_hash, d.public_token, s.email,
                   (SELECT \(db.engine.joined("w.user_uuid", separator: " ", orderedBy: "w.rank")) FROM (SELECT user_uuid, rank FROM draw_winners
                                                               WHERE draw_id = d.id AND rank <= d.winner_count ORDER BY rank) w) AS winners
            FROM sweepstakes_draws d LEFT JOIN staff s ON s.id = d.drawn_by
            WHERE d.sweepstakes_id = ? AND d.id <> ? ORDER BY d.id DESC
            """ + (earlierLimit.map { StoreSQL.limit($0 + 1) } ?? "")), arguments: [sweepstakesId, current.id]).map {
            EarlierDraw(id: $0["id"], number: $0["number"], drawnAt: $0.timestamp("drawn_at") ?? .distantPast, drawnBy: $0["email"],
                        seed: $0["seed"], snapshotHash: $0["snapshot_hash"], winners: $0["winners"] ?? "", publicToken: $0["public_token"])
        }
        guard let earlierLimit, earlier.count > earlierLimit else { return (current, earlier, false) }
        return (current, Array(earlier.prefix(earlierLimit)), true)
    }

    /// The eligible snapshot a draw was made from, byte for byte, whatever
    /// happened to the accounts since (for a draw made before snapshots were
    /// kept: as the store gives it now). What scripts/verify-draw.py reads.
    public func snapshot(drawId: Int64) async throws -> (draw: Draw, snapshot: DrawSnapshot)? {
        try await store.read { db in
            guard let draw = try Self.find(db, id: drawId) else { return nil }
            let snapshot = try Self.keptSnapshot(db, drawId: drawId)
                ?? Self.eligible(db, sweepstakesId: draw.sweepstakesId, at: draw.drawnAt, before: draw.id)
            return (draw, snapshot)
        }
    }

    /// What a draw today would be drawn from: eligible users and their entries
    /// (the confirmation page names them before anyone draws). Counted, not listed.
    public func preview(sweepstakesId: Int64, now: Date = Date()) async throws -> (eligibleUsers: Int, entries: Int) {
        try await store.read { db in
            let (sql, arguments) = try Self.eligibleQuery(db, "SELECT COUNT(*), COALESCE(SUM(n.valid_entries), 0)", sweepstakesId,
                                                          at: now, before: nil)
            let row = try StoreRow.fetchOne(db.cachedStatement(sql: sql), arguments: arguments)
            return (row?[0] ?? 0, row?[1] ?? 0)
        }
    }

    /// Record an export of the entrants (an audit event).
    public func recordExport(sweepstakesId: Int64, by actor: AuditActor, now: Date = Date()) async throws {
        try await store.write { db in
            try AuditLog.record(db, .entrantsExported, by: actor, target: (AuditTarget.sweepstakes, String(sweepstakesId)), at: now)
            try ConsoleExports.record(db, .entrants, by: actor, sweepstakesId: sweepstakesId, at: now)
        }
    }
}
