import Foundation
import GRDB

/// A sweepstakes with its live entry totals (voided entries excluded).
public struct SweepstakesSummary: Decodable, Sendable, FetchableRecord {
    public let id: Int64
    public let name: String
    public let prize: String
    public let startsOn: String
    public let endsOn: String
    public let status: String
    public let entries: Int
    public let entrants: Int

    enum CodingKeys: String, CodingKey {
        case id, name, prize, status, entries, entrants
        case startsOn = "starts_on"
        case endsOn = "ends_on"
    }

    public static func all(_ db: Database) throws -> [SweepstakesSummary] {
        try SweepstakesSummary.fetchAll(db, sql: """
            SELECT s.id, s.name, s.prize, s.starts_on, s.ends_on, s.status,
                   IFNULL(SUM(e.quantity), 0) AS entries, COUNT(DISTINCT e.user_id) AS entrants
            FROM sweepstakes s
            LEFT JOIN sweepstakes_entries e ON e.sweepstakes_id = s.id AND e.voided = 0
            GROUP BY s.id ORDER BY s.starts_on DESC, s.id DESC
            """)
    }

    public static func all(_ store: StandStore) async throws -> [SweepstakesSummary] {
        try await store.read { db in try all(db) }
    }
}
