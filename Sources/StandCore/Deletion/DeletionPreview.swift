import Foundation

/// Exactly what deleting an account will do, for the confirmation page.
public struct DeletionPreview: Sendable, Equatable {
    public let account: UserAccount
    /// Kept, detached from the person, so every question's results stay the same
    /// (those a deletion underway has detached already included).
    public let answers: Int
    /// Entry rows in sweepstakes not drawn yet: removed.
    public let entriesRemoved: Int
    /// Entry rows in drawn sweepstakes: kept, detached, so past draws stay verifiable.
    public let entriesKept: Int
    /// Suggestions the person sent: kept, detached.
    public let suggestions: Int
    /// Pending deletion requests: marked done.
    public let openRequests: Int

    public static func make(_ db: StoreDatabase, account: UserAccount) throws -> DeletionPreview {
        let row = try StoreRow.fetchOne(db.cachedStatement(sql: countsSQL),
                                        arguments: [account.id, account.id, account.id, account.id, account.id, account.id, account.uuid])!
        return DeletionPreview(account: account, answers: row["answers"], entriesRemoved: row["removed"],
                               entriesKept: row["kept"], suggestions: row["suggestions"], openRequests: row["requests"])
    }

    /// Read again inside the deletion's write, where every other writer waits.
    static let countsSQL = """
        SELECT
          (SELECT COUNT(*) FROM answers WHERE user_id = ?)
            + COALESCE((SELECT answers_detached FROM deletions_underway WHERE user_id = ?), 0) AS answers,
          (SELECT COUNT(*) FROM sweepstakes_entries WHERE user_id = ?
             AND sweepstakes_id NOT IN (SELECT sweepstakes_id FROM sweepstakes_draws)) AS removed,
          (SELECT COUNT(*) FROM sweepstakes_entries WHERE user_id = ?
             AND sweepstakes_id IN (SELECT sweepstakes_id FROM sweepstakes_draws)) AS kept,
          (SELECT COUNT(*) FROM suggestions WHERE user_id = ?) AS suggestions,
          (SELECT COUNT(*) FROM (\(DeletionRequest.pendingForAccount)) AS pending) AS requests
        """

    public static func make(_ db: StoreDatabase, uuid: String) throws -> DeletionPreview? {
        guard let account = try UserAccount.find(db, uuid: uuid) else { return nil }
        return try make(db, account: account)
    }

}
