import Foundation
import GRDB

/// A question an app user suggested. Its text is hostile until escaped.
public struct Suggestion: Decodable, Sendable, StoreRecord {
    public let id: Int64
    public let text: String
    public let status: String
    public let createdAt: Date

    enum CodingKeys: String, CodingKey {
        case id, text, status
        case createdAt = "created_at"
    }

    /// Pending suggestions, oldest first (the partial index `suggestions_pending`).
    public static func pending(_ db: Database, limit: Int) throws -> [Suggestion] {
        try Suggestion.fetchAll(db, sql: """
            SELECT id, text, status, created_at FROM suggestions
            WHERE status = 'pending' ORDER BY created_at, id LIMIT ?
            """, arguments: [limit])
    }

    public static func pending(_ store: StandStore, limit: Int) async throws -> [Suggestion] {
        try await store.read { db in try pending(db, limit: limit) }
    }
}
