import Foundation

/// Notes on an account (support and owners write, everyone reads): free
/// text with its author and time, newest first. A note is personal data:
/// deleted with the account and included in its data export; its audit
/// event names the note, never its text.
public struct AccountNotes: Sendable {
    let store: StandStore

    public init(store: StandStore) {
        self.store = store
    }

    public static let longest = 4_000

    public struct Note: Sendable, Equatable {
        public let id: Int64
        public let body: String
        public let author: String?
        public let createdAt: Date
    }

    public static func checkedBody(_ text: String) throws -> String {
        let body = text.trimmingCharacters(in: .whitespacesAndNewlines)
        var errors = ValidationErrors()
        // (A note may name a phone number: unlike the audit log, it goes with the account.)
        TextInput.check(body, field: "body", multiline: true, into: &errors)
        if body.isEmpty { errors.add("body", "Write the note first.") }
        if body.unicodeScalars.count > longest { errors.add("body", "Keep a note under \(longest.grouped) characters; write a second one for the rest.") }
        try errors.throwIfAny()
        return body
    }

    @discardableResult
    public func add(uuid: String, body: String, by actor: AuditActor, now: Date = Date()) async throws -> Int64 {
        let body = try Self.checkedBody(body)
        return try await store.write { db in
            let user = try AccountSuspensions.liveAccount(db, uuid: uuid)
            let id = try db.insertReturningId(sql: "INSERT INTO account_notes (user_id, author_id, body, created_at) VALUES (?, ?, ?, ?)",
                           arguments: [user.id, actor.staffId, body, now])
            try AuditLog.record(db, .noteAdded, by: actor, target: (AuditTarget.user, uuid), detail: "note #\(id)", at: now)
            return id
        }
    }

    /// The newest `limit` notes of the account.
    static func newest(_ db: StoreDatabase, userId: Int64, limit: Int) throws -> [Note] {
        try StoreRow.fetchAll(db.cachedStatement(sql: """
            SELECT n.id, n.body, n.created_at, s.email FROM account_notes n LEFT JOIN staff s ON s.id = n.author_id
            WHERE n.user_id = ? ORDER BY n.created_at DESC, n.id DESC
            """ + StoreSQL.limit(limit)), arguments: [userId]).map {
            Note(id: $0["id"], body: $0["body"], author: $0["email"], createdAt: $0.timestamp("created_at") ?? .distantPast)
        }
    }
}
