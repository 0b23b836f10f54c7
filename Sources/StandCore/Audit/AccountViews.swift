import Foundation
import Logging

/// A staff member opened an account's page.
public struct AccountView: Sendable, Codable, Equatable {
    let uuid: String
    let staffId: Int64?
    let staffEmail: String?
    let ip: String?
    /// Seconds since 1970, exactly as the audit event stores it: a replay
    /// recognises an event already written by this value.
    let at: Double

    init(uuid: String, actor: AuditActor, at: Date) {
        self.uuid = uuid
        self.staffId = actor.staffId
        self.staffEmail = actor.email
        self.ip = actor.ip
        self.at = at.timeIntervalSince1970
    }

    var actor: AuditActor { AuditActor(staffId: staffId, email: staffEmail, ip: ip) }
    var date: Date { Date(timeIntervalSince1970: at) }
}

/// An account's page was not shown because the view could not be journaled:
/// who opened whose data is never left unrecorded.
public struct AccountViewNotRecorded: Error, Sendable {
    public let fault: StoreFault

    public var message: String {
        let cause = fault.kind == .diskFull ? "the disk is full" : "the disk failed (\(fault.code))"
        return "This account is not shown: opening it must be recorded in the audit log, and \(cause). Tell an owner; nothing about the account was changed."
    }
}

/// Records `user.viewed` audit events. Reads are not changes, so they need not
/// share a transaction with anything; they are written in batches, and
/// journaled first so that a killed process loses none (issue 19, finding 6).
public typealias AccountViewRecorder = WriteBehindBuffer<AccountView>

extension WriteBehindBuffer where Item == AccountView {
    public convenience init(store: StandStore, logger: Logger) {
        let journaling = Journaling(directory: Self.journalDirectory(store)) { view in
            Array(try JSONEncoder().encode(view))
        }
        self.init(store: store, logger: logger, label: "account views", journaling: journaling) { db, views in
            for view in views { try Self.insert(db, view) }
        }
    }

    /// Beside the store, as SQLite's own `-wal` and `-shm` files are.
    public static func journalDirectory(_ store: StandStore) -> String {
        store.localFilesPrefix + "-views"
    }

    /// Record that `actor` opened `uuid`'s page. When this returns the view is
    /// in the journal; if the journal cannot take it (a full disk) this throws
    /// and the page must not be shown.
    public func record(uuid: String, by actor: AuditActor, at now: Date = Date()) throws {
        do {
            try add(AccountView(uuid: uuid, actor: actor, at: now))
        } catch let fault as StoreFault {
            throw AccountViewNotRecorded(fault: fault)
        }
    }

    private static func insert(_ db: StoreDatabase, _ view: AccountView) throws {
        try AuditLog.record(db, .userViewed, by: view.actor, target: (AuditTarget.user, view.uuid), at: view.date)
    }

    /// Write the views that processes which stopped without flushing (kill -9)
    /// left in their journals, then remove those journals. A view already in
    /// the store (the process died between its batch's commit and removing
    /// the segment) is not written twice. Segments of running processes are
    /// left alone. Returns how many views were written.
    @discardableResult
    public static func replayJournals(_ store: StandStore, logger: Logger) async throws -> Int {
        var written = 0
        for path in WriteAheadJournal.segments(in: journalDirectory(store)) {
            guard let orphan = WriteAheadJournal.claim(path) else { continue }
            // A line cut short by the kill is the only undecodable one expected.
            let views = orphan.lines.compactMap { try? JSONDecoder().decode(AccountView.self, from: Data($0.utf8)) }
            do {
                written += try await store.write { db in
                    var inserted = 0
                    for view in views where try !exists(db, view) {
                        try insert(db, view)
                        inserted += 1
                    }
                    return inserted
                }
                orphan.finish()
            } catch {
                orphan.release()
                throw error
            }
            if views.count < orphan.lines.count {
                logger.warning("skipped unreadable lines in an account-view journal", metadata: [
                    "lines": "\(orphan.lines.count - views.count)",
                ])
            }
        }
        if written > 0 {
            logger.notice("wrote account views a stopped process had journaled", metadata: ["count": "\(written)"])
        }
        return written
    }

    private static func exists(_ db: StoreDatabase, _ view: AccountView) throws -> Bool {
        try Bool.fetchOne(db, sql: """
            SELECT EXISTS (SELECT 1 FROM audit_events
                WHERE action = 'user.viewed' AND target_type = ? AND target_id = ?
                  AND occurred_at = ? AND staff_id IS NOT DISTINCT FROM ?)
            """, arguments: [AuditTarget.user, view.uuid, view.date, view.staffId]) ?? false
    }
}
