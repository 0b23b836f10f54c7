import Foundation
import Logging

/// A staff member opened an account's page.
public struct AccountView: Sendable {
    let uuid: String
    let actor: AuditActor
    let at: Date
}

/// Records `user.viewed` audit events. Reads are not changes, so they need not
/// share a transaction with anything; they are written in batches.
public typealias AccountViewRecorder = WriteBehindBuffer<AccountView>

extension WriteBehindBuffer where Item == AccountView {
    public convenience init(store: StandStore, logger: Logger) {
        self.init(store: store, logger: logger, label: "account views") { db, views in
            for view in views {
                try AuditLog.record(db, .userViewed, by: view.actor, target: (AuditTarget.user, view.uuid), at: view.at)
            }
        }
    }

    public func record(uuid: String, by actor: AuditActor, at now: Date = Date()) {
        add(AccountView(uuid: uuid, actor: actor, at: now))
    }
}
