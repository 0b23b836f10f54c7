import Foundation

/// Everything the user page shows about one account, read in one snapshot;
/// or, once the account is deleted, its tombstone.
public enum UserOverview: Sendable {
    public struct Live: Sendable {
        public let account: UserAccount
        public let answerCount: Int
        public let answers: KeysetPage<UserActivity.Answer, Int64>
        public let entries: [UserActivity.SweepstakesEntries]
        public let requests: [DeletionRequest]
        public let events: [AuditEvent]
        public let views: UserActivity.Views
        /// The suspension in force now, if any.
        public let suspension: AccountSuspensions.Suspension?
        /// The newest notes.
        public let notes: [AccountNotes.Note]
        /// The last data exports made for the person.
        public let exports: [DataExport.Record]
    }

    case live(Live)
    case deleted(Tombstone)

    public static let notesShown = 20

    public static func load(_ db: StoreDatabase, uuid: String, answersBefore: Int64?, answersLimit: Int, eventsLimit: Int, now: Date = Date()) throws -> UserOverview? {
        guard let heading = try UserActivity.heading(db, uuid: uuid) else {
            return try Tombstone.find(db, uuid: uuid).map { .deleted($0) }
        }
        let account = heading.account
        return .live(Live(
            account: account,
            answerCount: heading.answerCount,
            answers: try UserActivity.answers(db, userId: account.id, before: answersBefore, limit: answersLimit),
            entries: try UserActivity.entries(db, userId: account.id),
            requests: try DeletionRequest.forAccount(db, uuid: uuid),
            events: try UserActivity.auditEvents(db, uuid: uuid, limit: eventsLimit),
            views: heading.views,
            suspension: try AccountSuspensions.inForce(db, userId: account.id, at: now),
            notes: try AccountNotes.newest(db, userId: account.id, limit: notesShown),
            exports: try DataExport.recent(db, uuid: uuid, limit: 3)
        ))
    }
}
