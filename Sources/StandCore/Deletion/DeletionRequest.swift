import Foundation
import GRDB

/// A request to erase an account, from the app or opened by staff.
public struct DeletionRequest: Decodable, Sendable, StoreRecord {
    public enum Status: String, Sendable, CaseIterable {
        case pending, done, cancelled
    }

    public let id: Int64
    public let userUUID: String
    public let source: String
    public let status: String
    public let createdAt: Date
    public let resolvedAt: Date?

    enum CodingKeys: String, CodingKey {
        case id, source, status
        case userUUID = "user_uuid"
        case createdAt = "created_at"
        case resolvedAt = "resolved_at"
    }

    public func ageInDays(at now: Date = Date()) -> Int {
        max(0, Int(now.timeIntervalSince(createdAt) / 86_400))
    }

    /// Requests with one status, oldest first.
    public static func list(_ db: Database, status: Status, limit: Int) throws -> [DeletionRequest] {
        try DeletionRequest.fetchAll(db, sql: """
            SELECT id, user_uuid, source, status, created_at, resolved_at FROM deletion_requests
            WHERE status = ? ORDER BY created_at, id LIMIT ?
            """, arguments: [status.rawValue, limit])
    }
}
