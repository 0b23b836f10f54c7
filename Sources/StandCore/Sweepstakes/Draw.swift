import Foundation

extension SweepstakesDraws {
    /// One pick of a draw, in draw order: a winner (rank ≤ the draw's winner
    /// count) or an alternate, and what staff recorded about the prize.
    public struct Pick: Sendable, Equatable {
        public let rank: Int
        public let uuid: String
        /// Nil once the account is deleted.
        public let email: String?
        public let weight: Int
        /// An alternate who took the place of the pick with this rank.
        public var promotedFor: Int?
        public var notified: Mark?
        public var notifiedHow: String?
        public var claimed: Mark?
        public var forfeited: Mark?
        public var forfeitReason: String?

        public init(rank: Int, uuid: String, email: String?, weight: Int) {
            self.rank = rank
            self.uuid = uuid
            self.email = email
            self.weight = weight
        }

        /// When, and by whom (nil once the staff account is gone).
        public struct Mark: Sendable, Equatable {
            public let at: Date
            public let by: String?

            public init(at: Date, by: String?) {
                self.at = at
                self.by = by
            }
        }

        /// Where a pick stands. `waiting`: an alternate not (yet) needed.
        public enum Standing: String, Sendable {
            case waiting, toNotify, notified, claimed, forfeited
        }

        public func standing(winnerCount: Int) -> Standing {
            if forfeited != nil { return .forfeited }
            if claimed != nil { return .claimed }
            if notified != nil { return .notified }
            return rank <= winnerCount || promotedFor != nil ? .toNotify : .waiting
        }
    }

    public struct Draw: Sendable {
        public let id: Int64
        /// 1, 2, … within its sweepstakes.
        public let number: Int
        public let sweepstakesId: Int64
        public let drawnBy: String?
        public let drawnAt: Date
        /// The UTC day ages were counted on.
        public let drawnOn: String
        public let seed: String
        public let snapshotHash: String
        public let totalWeight: Int
        public let eligibleUsers: Int
        /// Winners actually drawn (fewer than asked when fewer were eligible).
        public let winnerCount: Int
        /// Alternates actually drawn after them.
        public let alternateCount: Int
        public let reason: String
        /// The id of the draw this one replaced, and its number.
        public let replaces: Int64?
        public let replacesNumber: Int?
        /// Set while the public record is published.
        public let publicToken: String?
        public let published: Pick.Mark?
        /// Every pick in draw order: the winners, then the alternates.
        public let picks: [Pick]

        public init(id: Int64, number: Int, sweepstakesId: Int64, drawnBy: String?, drawnAt: Date, drawnOn: String, seed: String,
                    snapshotHash: String, totalWeight: Int, eligibleUsers: Int, winnerCount: Int, alternateCount: Int, reason: String,
                    replaces: Int64?, replacesNumber: Int?, publicToken: String?, published: Pick.Mark?, picks: [Pick]) {
            self.id = id
            self.number = number
            self.sweepstakesId = sweepstakesId
            self.drawnBy = drawnBy
            self.drawnAt = drawnAt
            self.drawnOn = drawnOn
            self.seed = seed
            self.snapshotHash = snapshotHash
            self.totalWeight = totalWeight
            self.eligibleUsers = eligibleUsers
            self.winnerCount = winnerCount
            self.alternateCount = alternateCount
            self.reason = reason
            self.replaces = replaces
            self.replacesNumber = replacesNumber
            self.publicToken = publicToken
            self.published = published
            self.picks = picks
        }

        public var winners: ArraySlice<Pick> { picks.prefix(winnerCount) }
        public var alternates: ArraySlice<Pick> { picks.dropFirst(winnerCount) }

        /// Each prize's chain: the winner drawn for it, then every alternate
        /// who took the place of the one before (a forfeit promotes the next).
        public var chains: [[Pick]] {
            winners.map { winner in
                var chain = [winner]
                while let next = picks.first(where: { $0.promotedFor == chain.last!.rank }) { chain.append(next) }
                return chain
            }
        }

        /// The next alternate a forfeit would promote, if any is left.
        public var nextAlternate: Pick? {
            alternates.first { $0.promotedFor == nil }
        }
    }

    public func find(id: Int64) async throws -> Draw? {
        try await store.read { db in try Self.find(db, id: id) }
    }

    public static func find(_ db: StoreDatabase, id: Int64) throws -> Draw? {
        try find(db, where: "d.id = ?", id)
    }

    /// The draw whose row `condition` picks (on `d`), with its picks.
    private static func find(_ db: StoreDatabase, where condition: String, _ argument: Int64) throws -> Draw? {
        guard let row = try StoreRow.fetchOne(db.cachedStatement(sql: """
            SELECT d.*, s.email AS drawn_by_email, p.email AS published_by_email, r.number AS replaces_number
            FROM sweepstakes_draws d LEFT JOIN staff s ON s.id = d.drawn_by LEFT JOIN staff p ON p.id = d.published_by
                 LEFT JOIN sweepstakes_draws r ON r.id = d.replaces
            WHERE \(condition)
            """), arguments: [argument]) else { return nil }
        let id: Int64 = row["id"]
        let picks = try StoreRow.fetchAll(db.cachedStatement(sql: """
            SELECT w.*, u.email, n.email AS notified_by_email, c.email AS claimed_by_email, f.email AS forfeited_by_email
            FROM draw_winners w LEFT JOIN users u ON u.uuid = w.user_uuid
                 LEFT JOIN staff n ON n.id = w.notified_by LEFT JOIN staff c ON c.id = w.claimed_by LEFT JOIN staff f ON f.id = w.forfeited_by
            WHERE w.draw_id = ? ORDER BY w.rank
            """), arguments: [id]).map { row in
            var pick = Pick(rank: row["rank"], uuid: row["user_uuid"] ?? "", email: row["email"], weight: row["weight"] ?? 0)
            pick.promotedFor = row["promoted_for"]
            pick.notified = row.timestamp("notified_at").map { Pick.Mark(at: $0, by: row["notified_by_email"]) }
            pick.notifiedHow = row["notified_how"]
            pick.claimed = row.timestamp("claimed_at").map { Pick.Mark(at: $0, by: row["claimed_by_email"]) }
            pick.forfeited = row.timestamp("forfeited_at").map { Pick.Mark(at: $0, by: row["forfeited_by_email"]) }
            pick.forfeitReason = row["forfeit_reason"]
            return pick
        }
        return Draw(id: row["id"], number: row["number"], sweepstakesId: row["sweepstakes_id"], drawnBy: row["drawn_by_email"],
                    drawnAt: row.timestamp("drawn_at") ?? .distantPast, drawnOn: row["drawn_on"], seed: row["seed"],
                    snapshotHash: row["snapshot_hash"], totalWeight: row["entry_count"], eligibleUsers: row["eligible_users"],
                    winnerCount: row["winner_count"], alternateCount: row["alternate_count"], reason: row["reason"],
                    replaces: row["replaces"], replacesNumber: row["replaces_number"], publicToken: row["public_token"],
                    published: row.timestamp("published_at").map { Pick.Mark(at: $0, by: row["published_by_email"]) }, picks: picks)
    }

    /// The draw in force: the newest.
    public func latest(sweepstakesId: Int64) async throws -> Draw? {
        try await store.read { db in try Self.latest(db, sweepstakesId: sweepstakesId) }
    }

    /// Found by its id in the statement that reads it: on PostgreSQL each
    /// statement is a round trip, and the sweepstakes page reads this on every view.
    public static func latest(_ db: StoreDatabase, sweepstakesId: Int64) throws -> Draw? {
        try find(db, where: "d.id = (SELECT MAX(id) FROM sweepstakes_draws WHERE sweepstakes_id = ?)", sweepstakesId)
    }
}
