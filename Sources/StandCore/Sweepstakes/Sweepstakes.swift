import Foundation

/// A sweepstakes: its dates, prize, rules and where it stands.
public struct Sweepstakes: Sendable, StoreRecord, Identifiable {
    /// Where a sweepstakes stands on a given UTC day. Only "closed early",
    /// "drawn" and "cancelled" are stored; the rest follow from the dates.
    public enum Phase: String, Sendable {
        case upcoming, open, closed, drawn, cancelled

        public var title: String { rawValue.capitalized }
    }

    public let id: Int64
    public let name: String
    public let prize: String
    public let startsOn: String
    public let endsOn: String
    /// As stored: `open`, `closed` (early) or `drawn`.
    public let status: String
    public let winnerCount: Int
    public let entriesPerStand: Int
    public let streakBonusEntries: Int
    public let closedAt: Date?
    public let closeReason: String?
    /// Cancelled (created by mistake): kept on record, never drawn.
    public let cancelledAt: Date?
    public let cancelReason: String?
    public let createdAt: Date
    /// Kept by triggers (migration 007).
    public let entrants: Int
    public let validEntries: Int
    public let voidedEntries: Int
    public let disqualified: Int

    public init(row: StoreRow) throws {
        id = row["id"]
        name = row["name"]
        prize = row["prize"]
        startsOn = row["starts_on"]
        endsOn = row["ends_on"]
        status = row["status"]
        winnerCount = row["winner_count"]
        entriesPerStand = row["entries_per_stand"]
        streakBonusEntries = row["streak_bonus_entries"]
        closedAt = row.timestamp("closed_at")
        closeReason = row["close_reason"]
        cancelledAt = row.timestamp("cancelled_at")
        cancelReason = row["cancel_reason"]
        createdAt = row.timestamp("created_at") ?? .distantPast
        entrants = row["entrants"] ?? 0
        validEntries = row["valid_entries"] ?? 0
        voidedEntries = row["voided_entries"] ?? 0
        disqualified = row["disqualified"] ?? 0
    }

    public func phase(today: String) -> Phase {
        if status == "drawn" { return .drawn }
        if cancelledAt != nil { return .cancelled }
        if status == "closed" || today > endsOn { return .closed }
        return today < startsOn ? .upcoming : .open
    }

    public func phase(now: Date = Date()) -> Phase { phase(today: UTCDate.day(now)) }

    static let select = """
        SELECT s.id, s.name, s.prize, s.starts_on, s.ends_on, s.status, s.winner_count, s.entries_per_stand,
               s.streak_bonus_entries, s.closed_at, s.close_reason, s.cancelled_at, s.cancel_reason, s.created_at,
               t.entrants, t.valid_entries, t.voided_entries, t.disqualified
        FROM sweepstakes s LEFT JOIN sweepstakes_totals t ON t.sweepstakes_id = s.id
        """

    /// Every sweepstakes, newest first: a read of the totals, never of the entries.
    public static func all(_ db: StoreDatabase) throws -> [Sweepstakes] {
        try Sweepstakes.fetchAll(db.cachedStatement(sql: select + " ORDER BY s.starts_on DESC, s.id DESC"))
    }

    public static func find(_ db: StoreDatabase, id: Int64) throws -> Sweepstakes? {
        try Sweepstakes.fetchOne(db.cachedStatement(sql: select + " WHERE s.id = ?"), arguments: [id])
    }

}
