import Foundation

/// Accounts being deleted (migration 026): the deletion has begun and is
/// finished by its last transaction, which deletes the account and, with it,
/// the row here. In between, the account's answers are detached a batch at a
/// time, so no step holds the store's write lock for long; the app refuses
/// the account meanwhile, as it refuses a suspended one (docs/store.md).
enum DeletionsUnderway {
    /// How many answers one step detaches. On SQLite at 10,000,000 accounts
    /// an answer detached costs about 9 µs under the write lock (its row and
    /// both user indexes), so a step holds it about 2 ms; the deletion
    /// pauses between steps (`StandStore.pauseForOtherWriters`).
    static let answersPerStep = 250

    struct Underway: Sendable {
        let uuid: String
        let startedBy: Int64
        let reason: String
    }

    /// Once per account: a second start (the form sent twice, or two staff
    /// at once) keeps the first one's reason.
    static func begin(_ db: StoreDatabase, userId: Int64, staffId: Int64, reason: String, now: Date) throws {
        try db.execute(sql: """
            INSERT INTO deletions_underway (user_id, started_at, started_by, reason) VALUES (?, ?, ?, ?)
            ON CONFLICT (user_id) DO NOTHING
            """, arguments: [userId, now, staffId, reason])
    }

    private static let select = "SELECT u.uuid, d.started_by, d.reason FROM deletions_underway d JOIN users u ON u.id = d.user_id"

    static func find(_ db: StoreDatabase, userId: Int64) throws -> Underway? {
        try StoreRow.fetchOne(db.cachedStatement(sql: select + " WHERE d.user_id = ?"), arguments: [userId]).map(Underway.init)
    }

    /// Every deletion begun and not finished, oldest first (a console stopped between steps).
    static func all(_ db: StoreDatabase) throws -> [Underway] {
        try StoreRow.fetchAll(db, sql: select + " ORDER BY d.started_at, d.user_id").map(Underway.init)
    }

    static func hasAnswers(_ db: StoreDatabase, userId: Int64) throws -> Bool {
        try Int.fetchOne(db, sql: "SELECT 1 FROM answers WHERE user_id = ? LIMIT 1", arguments: [userId]) != nil
    }

    /// One step: at most `answersPerStep` of the person's answers detached,
    /// counted in the row (the deletion's record says how many in all).
    /// Returns how many it detached and whether any of the person's answers
    /// is left, so that no step runs to detach nothing (2,000 answers are 8
    /// steps, not 9). Answers the app writes after the last step, against the
    /// contract, are detached with the account.
    ///
    /// `user_id = ?` is asked again outside the subquery: on PostgreSQL a
    /// second console taking the same step waits for the first one's row
    /// locks, then rechecks that condition on the rows as committed and
    /// skips those already detached, so none is counted twice.
    static func detachAnswers(_ db: StoreDatabase, userId: Int64) throws -> (detached: Int, anyLeft: Bool) {
        try db.execute(sql: """
            UPDATE answers SET user_id = NULL
            WHERE user_id = ? AND id IN (SELECT id FROM answers WHERE user_id = ?\(StoreSQL.limit(answersPerStep)))
            """, arguments: [userId, userId])
        let detached = db.changesCount
        if detached > 0 {
            try db.execute(sql: "UPDATE deletions_underway SET answers_detached = answers_detached + ? WHERE user_id = ?",
                           arguments: [detached, userId])
        }
        // A step short of full took the last of them; only a full one needs to look.
        return (detached, detached == answersPerStep ? try hasAnswers(db, userId: userId) : false)
    }
}

extension DeletionsUnderway.Underway {
    init(row: StoreRow) {
        uuid = row["uuid"]
        startedBy = row["started_by"]
        reason = row["reason"]
    }
}
