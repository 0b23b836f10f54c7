import Foundation

/// Approving and rejecting suggestions. An approval is the scheduling of a
/// question (`QuestionScheduling.schedule(fromSuggestion:)`) and is written in
/// that transaction; a rejection may cover several suggestions at once.
public struct SuggestionReview: Sendable {
    let store: StandStore

    public init(store: StandStore) {
        self.store = store
    }

    public static let noteLength = 500
    /// One page of checkboxes at most.
    public static let maximumBatch = 100

    public struct Rejected: Sendable, Equatable {
        /// Suggestions this call rejected.
        public let rejected: [Int64]
        /// Suggestions someone had already reviewed: left as they were.
        public let alreadyReviewed: [Int64]
    }

    /// The suggestions to reject, each once, and the reason as it will be kept;
    /// every problem at once (checked before asking, and again before writing).
    public static func checkedRejection(ids: [Int64], reason: String) throws -> (ids: [Int64], note: String) {
        let note = reason.trimmingCharacters(in: .whitespacesAndNewlines)
        var errors = ValidationErrors()
        let unique = Array(Set(ids)).sorted()
        if unique.isEmpty { errors.add("ids", "Tick at least one suggestion to reject.") }
        if unique.count > maximumBatch { errors.add("ids", "Reject at most \(maximumBatch) suggestions at once.") }
        TextInput.check(note, field: "reason", into: &errors)
        KeptText.check(note, field: "reason", into: &errors)
        if note.unicodeScalars.count > noteLength { errors.add("reason", "Keep the reason under \(noteLength) characters.") }
        try errors.throwIfAny()
        return (unique, note)
    }

    /// Reject pending suggestions, with an optional reason, one audit event each.
    public func reject(ids: [Int64], reason: String, by actor: AuditActor, now: Date = Date()) async throws -> Rejected {
        let (unique, note) = try Self.checkedRejection(ids: ids, reason: reason)
        return try await store.write { db in
            var rejected: [Int64] = []
            var skipped: [Int64] = []
            for id in unique {
                try db.execute(sql: """
                    UPDATE suggestions SET status = 'rejected', reviewed_by = ?, reviewed_at = ?, review_note = ?
                    WHERE id = ? AND status = 'pending'
                    """, arguments: [actor.staffId, now, note.isEmpty ? nil : note, id])
                guard db.changesCount == 1 else {
                    skipped.append(id)
                    continue
                }
                rejected.append(id)
                try AuditLog.record(db, .suggestionRejected, by: actor, target: (AuditTarget.suggestion, String(id)),
                                    detail: note.isEmpty ? nil : note, at: now)
            }
            return Rejected(rejected: rejected, alreadyReviewed: skipped)
        }
    }

    /// Inside the scheduling transaction: the suggestion becomes the question.
    /// A suggestion someone reviewed meanwhile refuses the whole save.
    static func markApproved(_ db: StoreDatabase, _ id: Int64, question: DailyQuestion, by actor: AuditActor, at now: Date) throws {
        try db.execute(sql: """
            UPDATE suggestions SET status = 'approved', reviewed_by = ?, reviewed_at = ?, question_id = ?
            WHERE id = ? AND status = 'pending'
            """, arguments: [actor.staffId, now, question.id, id])
        guard db.changesCount == 1 else {
            throw QuestionScheduling.Rejection(
                errors: ValidationErrors("suggestion", "Suggestion #\(id) was reviewed by someone else meanwhile; nothing was scheduled."), taken: nil)
        }
        try AuditLog.record(db, .suggestionApproved, by: actor, target: (AuditTarget.suggestion, String(id)),
                            detail: "question #\(question.id!) on \(question.runsOn)", at: now)
    }
}

extension SuggestionReview {
    public func find(id: Int64) async throws -> Suggestion? {
        try await store.read { db in try Suggestion.find(db, id: id) }
    }

    public func page(status: Suggestion.Status, after cursor: SuggestionQueue.Cursor?, limit: Int = SuggestionQueue.pageSize) async throws -> SuggestionQueue.Listing {
        try await store.read { db in
            let column = status == .pending ? "s.created_at" : "s.reviewed_at"
            // The status is spelt out, not bound: a bound value compared with the column of a
            // partial index's WHERE has SQLite recompile the statement at every run (StatementReuseTests).
            var sql = Suggestion.select + " WHERE s.status = '\(status.rawValue)'"
            var arguments: StoreArguments = []
            if let cursor {
                sql += " AND (\(column), s.id) < (?, ?)"
                arguments += [cursor.time, cursor.id]
            }
            sql += " ORDER BY \(column) DESC, s.id DESC" + StoreSQL.limit(limit + 1)
            let rows = try Suggestion.fetchAll(db.cachedStatement(sql: sql), arguments: arguments)
            let items = Array(rows.prefix(limit))
            let next = rows.count > limit ? items.last.map { row in
                SuggestionQueue.Cursor(time: StoreTimestamp.string(status == .pending ? row.createdAt : (row.reviewedAt ?? row.createdAt)), id: row.id)
            } : nil
            // Kept by triggers (migration 023): counted here, they read every pending row at each view.
            let counts = try StatusCounters<Suggestion.Status>.read(db, table: "suggestions")
            return SuggestionQueue.Listing(items: items, next: next, counts: counts)
        }
    }
}
