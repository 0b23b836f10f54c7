import Foundation
import Synchronization

/// One POST of a rendered form, named by the single-use id the form carried
/// and the path it was sent to.
///
/// While a request's handler runs, its submission is the task-local
/// `FormSubmission.current`, and the first write transaction of that request
/// (`StandStore.write`) claims it before its change: inserts the row, or finds
/// it and throws `AlreadySubmitted`, so the change is not made twice. The
/// claim commits or rolls back with the change: a refused form (a mistake to
/// fix, a busy store) can be sent again with the same id.
public final class FormSubmission: Sendable {
    public let token: String
    public let path: String
    public let staffId: Int64
    private let claimed = Atomic<Bool>(false)

    @TaskLocal public static var current: FormSubmission?

    /// 16 to 32 hex characters, as a Hummingbird request id is written; anything else is no submission id.
    public init?(token: String, path: String, staffId: Int64) {
        guard SecureToken.looksLike(token, lengths: 16...32) else { return nil }
        self.token = token.lowercased()
        self.path = path
        self.staffId = staffId
    }

    /// Whether this request's change has committed with the claim.
    public var isClaimed: Bool { claimed.load(ordering: .acquiring) }

    /// How long a used id is remembered.
    public static let remembered: TimeInterval = 24 * 3600

    /// Inside the write transaction, before the change.
    func claim(_ db: StoreDatabase, now: Date) throws {
        if let earlier = try earlier(db) { throw earlier }
        try db.execute(sql: "DELETE FROM form_submissions WHERE submitted_at < ?", arguments: [now.addingTimeInterval(-Self.remembered)])
        try db.execute(sql: "INSERT INTO form_submissions (token, path, staff_id, submitted_at) VALUES (?, ?, ?, ?)",
                       arguments: [token, path, staffId, now])
    }

    func markClaimed() { claimed.store(true, ordering: .releasing) }

    /// The earlier submission with the same id and path, if there was one.
    func earlier(_ db: StoreDatabase) throws -> AlreadySubmitted? {
        try StoreRow.fetchOne(db, sql: "SELECT submitted_at, outcome FROM form_submissions WHERE token = ? AND path = ?", arguments: [token, path])
            .map { AlreadySubmitted(at: $0["submitted_at"], outcome: $0["outcome"]) }
    }
}

/// The form was sent before with the same id: nothing was changed again.
public struct AlreadySubmitted: Error, Sendable {
    /// When the first one was sent.
    public let at: Date
    /// Where it led, once recorded.
    public let outcome: String?
}

/// Where submissions led, for the repeats that follow them.
public struct FormSubmissions: Sendable {
    let store: StandStore

    public init(store: StandStore) {
        self.store = store
    }

    /// The earlier submission with the same id and path, if there was one.
    public func earlier(_ submission: FormSubmission) async throws -> AlreadySubmitted? {
        try await store.read { db in try submission.earlier(db) }
    }

    /// Record where the first submission led (a console path), just after its change.
    public func recordOutcome(_ submission: FormSubmission, location: String) async throws {
        try await store.write { db in
            try db.execute(sql: "UPDATE form_submissions SET outcome = ? WHERE token = ? AND path = ?",
                           arguments: [location, submission.token, submission.path])
        }
    }

    /// Where the first submission led, waiting up to `patience` for it to be
    /// recorded (a repeat sent at the same instant can arrive between the
    /// first one's change and its outcome). Nil if it led nowhere recorded (it
    /// was not a redirect).
    public func outcome(of submission: FormSubmission, patience: Duration = .seconds(2)) async throws -> String? {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: patience)
        while true {
            let outcome = try await earlier(submission)?.outcome
            if outcome != nil || clock.now >= deadline { return outcome }
            try await Task.sleep(for: .milliseconds(20))
        }
    }
}
