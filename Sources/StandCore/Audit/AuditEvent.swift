import Foundation

/// One line of the append-only audit trail: who, what, which record, when, from where.
public struct AuditEvent: Codable, Sendable, Identifiable, StoreRecord {
    public var id: Int64?
    public var occurredAt: Date
    /// Kept as plain values, not a foreign key: the trail outlives any staff change.
    public var staffId: Int64?
    public var staffEmail: String?
    public var action: String
    public var targetType: String?
    public var targetId: String?
    /// Field names and short facts; never a password, token or an app user's personal data.
    public var detail: String?
    public var ip: String?

    enum CodingKeys: String, CodingKey {
        case id, action, detail, ip
        case occurredAt = "occurred_at"
        case staffId = "staff_id"
        case staffEmail = "staff_email"
        case targetType = "target_type"
        case targetId = "target_id"
    }

    /// Insert the row and take the id the store gave it. A cached statement:
    /// account views are inserted a thousand or more per flush under load.
    mutating func insert(_ db: StoreDatabase) throws {
        id = try Int64.fetchOne(db.cachedStatement(sql: Self.insertInto + Self.valuesRow + " RETURNING id"), arguments: insertValues)
    }

    /// The INSERT's columns, and one row's placeholders and values in their order (also for many rows at once).
    static let insertInto = "INSERT INTO audit_events (occurred_at, staff_id, staff_email, action, target_type, target_id, detail, ip) VALUES "
    static let valuesRow = "(?, ?, ?, ?, ?, ?, ?, ?)"
    var insertValues: StoreArguments { [occurredAt, staffId, staffEmail, action, targetType, targetId, detail, ip] }
    /// Where `targetId` is in `insertValues`.
    static let targetIdPosition = 5
}

extension AuditEvent {
    /// Read by hand rather than through `Decodable`: the audit log reads fifty a page.
    public init(row: StoreRow) throws {
        id = row["id"]
        occurredAt = row.timestamp("occurred_at") ?? .distantPast
        staffId = row["staff_id"]
        staffEmail = row["staff_email"]
        action = row["action"]
        targetType = row["target_type"]
        targetId = row["target_id"]
        detail = row["detail"]
        ip = row["ip"]
    }
}

/// Who is acting, for the audit trail.
public struct AuditActor: Sendable, Equatable {
    public let staffId: Int64?
    public let email: String?
    public let ip: String?

    public init(staffId: Int64?, email: String?, ip: String?) {
        self.staffId = staffId
        self.email = email
        self.ip = ip
    }

    /// Someone not signed in (a failed sign-in, the setup link).
    public static func anonymous(ip: String?) -> AuditActor {
        AuditActor(staffId: nil, email: nil, ip: ip)
    }

    /// The console itself, in the background (finishing an erasure).
    public static let system = AuditActor(staffId: nil, email: "stand-admin", ip: nil)

    /// The command line on this machine.
    public static let commandLine = AuditActor(staffId: nil, email: "command line", ip: nil)
}

/// The audit actions the console writes.
public enum AuditAction: String, Sendable, CaseIterable {
    case ownerCreatedAtSetup = "setup.owner_created"
    case signIn = "staff.sign_in"
    case signInFailed = "staff.sign_in_failed"
    case signInRefusedLocked = "staff.sign_in_locked"
    case lockedOut = "staff.locked_out"
    case signOut = "staff.sign_out"
    case staffCreated = "staff.created"
    case roleChanged = "staff.role_changed"
    case staffDisabled = "staff.disabled"
    case staffEnabled = "staff.enabled"
    case passwordReset = "staff.password_reset"
    case passwordChanged = "staff.password_changed"
    /// A staff member confirmed a second factor (TOTP); the detail never holds the secret or a code.
    case secondFactorEnabled = "staff.second_factor_enabled"
    case secondFactorDisabled = "staff.second_factor_disabled"
    /// Cleared from the command line for someone who lost their phone.
    case secondFactorReset = "staff.second_factor_reset"
    case recoveryCodeUsed = "staff.recovery_code_used"
    /// The password (and code) asked again before one of the riskiest actions.
    case signInConfirmed = "staff.sign_in_confirmed"
    /// One signed-in browser signed out by its owner from another, or by an owner.
    case sessionEnded = "staff.session_ended"
    /// Owners require (or stop requiring) a second factor of every staff member.
    case secondFactorRequired = "console.second_factor_required"
    case secondFactorNotRequired = "console.second_factor_not_required"
    case userViewed = "user.viewed"
    case userUpdated = "user.updated"
    case userDeleted = "user.deleted"
    /// The deleted person's bytes left the file and its WAL (a checkpoint succeeded).
    case userErased = "user.erased"
    /// A downstream system (Firebase, AWS…) answered 2xx to the deletion's delivery.
    case erasureConfirmed = "user.erasure_confirmed"
    /// A delivery kept failing past its give-up time; an owner can retry it.
    case erasureFailed = "user.erasure_failed"
    /// An owner asked for a delivery to be tried again now.
    case erasureRetried = "user.erasure_retried"
    case userSuspended = "user.suspended"
    case suspensionLifted = "user.suspension_lifted"
    case userSignedOutEverywhere = "user.signed_out_everywhere"
    case pointsCorrected = "user.points_corrected"
    case streakCorrected = "user.streak_corrected"
    /// The note's text is not in the event: it is personal data, and goes with the account.
    case noteAdded = "user.note_added"
    /// The person's data was exported for them; the detail counts rows, it holds none.
    case dataExported = "user.data_exported"
    case deletionRequestOpened = "deletion_request.opened"
    case deletionRequestCancelled = "deletion_request.cancelled"
    /// An owner downloaded the (filtered) audit log as CSV.
    case auditExported = "audit.exported"
    /// Personal data removed from written audit details (migration 009): the
    /// one sanctioned change to append-only rows, recorded.
    case auditRedacted = "audit.redacted"
    case questionScheduled = "question.scheduled"
    case questionUpdated = "question.updated"
    case questionUnscheduled = "question.unscheduled"
    case suggestionApproved = "suggestion.approved"
    case suggestionRejected = "suggestion.rejected"
    case sweepstakesCreated = "sweepstakes.created"
    case sweepstakesClosed = "sweepstakes.closed"
    case sweepstakesEdited = "sweepstakes.edited"
    case sweepstakesCancelled = "sweepstakes.cancelled"
    case entriesGranted = "sweepstakes.entries_granted"
    case entryVoided = "sweepstakes.entry_voided"
    case entriesVoided = "sweepstakes.entries_voided"
    case entrantDisqualified = "sweepstakes.entrant_disqualified"
    case disqualificationLifted = "sweepstakes.disqualification_lifted"
    case sweepstakesDrawn = "sweepstakes.drawn"
    case sweepstakesRedrawn = "sweepstakes.redrawn"
    case entrantsExported = "sweepstakes.entrants_exported"
    case winnerNotified = "draw.winner_notified"
    case prizeClaimed = "draw.prize_claimed"
    case prizeForfeited = "draw.prize_forfeited"
    case drawPublished = "draw.published"
    case drawWithdrawn = "draw.withdrawn"
}
