import Foundation
import StandCore

/// `users/deleted`: the tombstone of a deleted account, and whether its bytes have left the store.
struct DeletedPage: PageModel {
    static let template = "users/deleted"
    let title = "Deleted account"

    let uuid: String
    let deletedAt: String
    let deletedAtInstant: String
    let deletedBy: String
    let reason: String
    /// "Erased at …" once the bytes left the store, else "Erasure pending since …".
    let erasure: String
    let isErased: Bool
    /// Deleting is queue work: the next request is one click away.
    var canHandleDeletions = false

    init(_ tombstone: Tombstone, canHandleDeletions: Bool = false) {
        self.canHandleDeletions = canHandleDeletions
        uuid = tombstone.uuid
        deletedAt = UTCDate.minute(tombstone.deletedAt)
        deletedAtInstant = UTCDate.iso8601(tombstone.deletedAt)
        deletedBy = tombstone.deletedByEmail ?? "staff #\(tombstone.deletedBy)"
        reason = tombstone.reason
        isErased = tombstone.isErased
        erasure = Self.erasureState(deletedAt: tombstone.deletedAt, erasedAt: tombstone.erasedAt)
    }

    static func erasureState(deletedAt: Date, erasedAt: Date?) -> String {
        if let erasedAt { return "Erased at \(UTCDate.minute(erasedAt))" }
        return "Erasure pending since \(UTCDate.minute(deletedAt)): another program still reads an older snapshot of the store"
    }

    static let fields: [String: @Sendable (Self) -> Any?] = [
        "uuid": { $0.uuid }, "deletedAt": { $0.deletedAt }, "deletedAtInstant": { $0.deletedAtInstant }, "deletedBy": { $0.deletedBy },
        "reason": { $0.reason }, "erasure": { $0.erasure }, "isErased": { $0.isErased },
        "usersHref": { _ in Site.users.href() }, "canHandleDeletions": { $0.canHandleDeletions },
        "deletionRequestsHref": { _ in Site.deletionRequests.href() },
    ]

    static var fixtures: [Self] {
        [nil, "2026-11-23 10:00:01.000"].map { erasedAt in
            DeletedPage(Tombstone(row: ["uuid": Fixture.uuid, "deleted_at": "2026-11-23 10:00:00.000", "deleted_by": 1,
                                        "staff_email": Fixture.hostile, "reason": Fixture.hostile, "erased_at": erasedAt]),
                        canHandleDeletions: erasedAt != nil)
        }
    }
}
