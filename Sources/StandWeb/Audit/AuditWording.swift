import StandCore

/// What an audit event says happened, in words, from its action and detail.
enum AuditWording {
    static func describe(_ event: AuditEvent) -> String {
        let detail = event.detail ?? ""
        switch AuditAction(rawValue: event.action) {
        case .ownerCreatedAtSetup: return "Created the first owner at setup" + (detail.isEmpty ? "" : " (\(detail))")
        case .signIn: return "Signed in"
        case .signInFailed: return detail.isEmpty ? "Failed to sign in" : "Failed to sign in: \(detail)"
        case .signInRefusedLocked: return "Sign-in refused: the address is locked"
        case .lockedOut: return "Locked out after five wrong passwords"
        case .signOut: return "Signed out"
        case .staffCreated: return "Created a staff account" + (detail.isEmpty ? "" : " (\(detail))")
        case .roleChanged: return "Changed the role: \(detail)"
        case .staffDisabled: return "Disabled the account"
        case .staffEnabled: return "Enabled the account"
        case .passwordReset: return "Reset the password"
        case .passwordChanged: return "Changed their own password"
        case .secondFactorEnabled: return "Turned on a second factor (authenticator app)"
        case .secondFactorDisabled: return "Turned off their second factor"
        case .secondFactorReset: return "Cleared the second factor" + (detail.isEmpty ? "" : ": " + detail)
        case .recoveryCodeUsed: return "Used a recovery code" + (detail.isEmpty ? "" : " (\(detail))")
        case .signInConfirmed: return "Confirmed their password again" + (detail.isEmpty ? "" : " (\(detail))")
        case .sessionEnded: return "Ended a session" + (detail.isEmpty ? "" : ": " + detail)
        case .secondFactorRequired: return "Required a second factor of every staff member"
        case .secondFactorNotRequired: return "Stopped requiring a second factor"
        case .userViewed: return "Opened the account's page"
        case .userUpdated: return detail.hasPrefix("changed ") ? "Changed " + detail.dropFirst(8) : "Changed the account"
        case .userDeleted: return "Deleted the account"
        case .userErased: return "Erasure finished: the account's bytes left the store"
        case .erasureConfirmed: return "Erasure confirmed downstream: " + detail
        case .erasureFailed: return "Erasure delivery failed: " + detail
        case .erasureRetried: return "Asked to retry an erasure delivery: " + detail
        case .userSuspended: return "Suspended the account " + detail
        case .suspensionLifted: return "Lifted the " + detail
        case .userSignedOutEverywhere: return "Signed the account out everywhere"
        case .pointsCorrected: return "Corrected the points: " + detail
        case .streakCorrected: return "Corrected the streak: " + detail
        case .noteAdded: return "Wrote a note on the account"
        case .dataExported: return "Exported the person's data: " + detail
        case .deletionRequestOpened: return "Opened deletion " + detail
        case .deletionRequestCancelled: return "Cancelled deletion " + detail
        case .auditExported: return detail.isEmpty || detail == "everything" ? "Exported the audit log as CSV" : "Exported the audit log as CSV, " + detail
        case .auditRedacted: return "Removed personal data from the audit log: " + detail
        case .questionScheduled: return "Scheduled the question for " + detail
        case .questionUpdated: return "Changed the question for " + detail
        case .questionUnscheduled: return "Unscheduled the question for " + detail
        case .suggestionApproved: return "Approved the suggestion as " + detail
        case .suggestionRejected: return detail.isEmpty ? "Rejected the suggestion" : "Rejected the suggestion: " + detail
        case .sweepstakesCreated: return "Created the sweepstakes " + detail
        case .sweepstakesClosed: return "Closed the sweepstakes early: " + detail
        case .sweepstakesEdited: return "Changed the sweepstakes before it opened: " + detail
        case .sweepstakesCancelled: return "Cancelled the sweepstakes: " + detail
        case .entriesGranted: return "Granted " + detail
        case .entryVoided: return "Voided " + detail
        case .entriesVoided: return "Voided " + detail
        case .entrantDisqualified: return "Disqualified the account " + detail
        case .disqualificationLifted: return "Lifted the disqualification " + detail
        case .sweepstakesDrawn: return "Drew the winners: " + detail
        case .sweepstakesRedrawn: return "Redrew the winners: " + detail
        case .entrantsExported: return "Exported the entrants as CSV"
        case .winnerNotified: return "Notified " + detail
        case .prizeClaimed: return "Recorded the prize claimed: " + detail
        case .prizeForfeited: return "Recorded the prize forfeited: " + detail
        case .drawPublished: return "Published the public record of " + detail
        case .drawWithdrawn: return "Withdrew the public record of " + detail
        case nil: return event.action
        }
    }

    /// The event's detail, unless its words already say it ("changed email" → "Changed email").
    static func detail(_ event: AuditEvent, besides words: String) -> String {
        let detail = event.detail ?? ""
        return words.lowercased().contains(detail.lowercased()) ? "" : detail
    }

    /// The choices of the action filter, in words.
    static let actionTitles: [(action: AuditAction, title: String)] = [
        (.userViewed, "Opened an account's page"), (.userUpdated, "Changed an account"), (.userDeleted, "Deleted an account"),
        (.userErased, "Erasure finished"), (.erasureConfirmed, "Erasure confirmed downstream"), (.erasureFailed, "Erasure delivery failed"),
        (.erasureRetried, "Retried an erasure delivery"), (.userSuspended, "Suspended an account"), (.suspensionLifted, "Lifted a suspension"),
        (.userSignedOutEverywhere, "Signed an account out everywhere"), (.pointsCorrected, "Corrected points"), (.streakCorrected, "Corrected a streak"), (.noteAdded, "Wrote a note"), (.dataExported, "Exported a person's data"), (.deletionRequestOpened, "Opened a deletion request"),
        (.deletionRequestCancelled, "Cancelled a deletion request"), (.signIn, "Signed in"), (.signInFailed, "Failed to sign in"),
        (.signInRefusedLocked, "Sign-in refused (locked)"), (.lockedOut, "Locked out"), (.signOut, "Signed out"),
        (.staffCreated, "Created a staff account"), (.roleChanged, "Changed a role"), (.staffDisabled, "Disabled staff"),
        (.staffEnabled, "Enabled staff"), (.passwordReset, "Reset a password"), (.passwordChanged, "Changed own password"),
        (.secondFactorEnabled, "Turned on a second factor"), (.secondFactorDisabled, "Turned off a second factor"),
        (.secondFactorReset, "Cleared a second factor"), (.recoveryCodeUsed, "Used a recovery code"),
        (.signInConfirmed, "Confirmed a password again"), (.sessionEnded, "Ended a session"),
        (.secondFactorRequired, "Required a second factor"), (.secondFactorNotRequired, "Stopped requiring a second factor"),
        (.ownerCreatedAtSetup, "Set up the console"), (.auditExported, "Exported the audit log"),
        (.auditRedacted, "Removed personal data from the log"),
        (.questionScheduled, "Scheduled a question"), (.questionUpdated, "Changed a question"), (.questionUnscheduled, "Unscheduled a question"),
        (.suggestionApproved, "Approved a suggestion"), (.suggestionRejected, "Rejected a suggestion"),
        (.sweepstakesCreated, "Created a sweepstakes"), (.sweepstakesClosed, "Closed a sweepstakes early"), (.sweepstakesEdited, "Changed a sweepstakes"), (.sweepstakesCancelled, "Cancelled a sweepstakes"),
        (.entriesGranted, "Granted entries"), (.entryVoided, "Voided an entry"), (.entriesVoided, "Voided all of an account's entries"),
        (.entrantDisqualified, "Disqualified an entrant"), (.disqualificationLifted, "Lifted a disqualification"),
        (.sweepstakesDrawn, "Drew winners"), (.sweepstakesRedrawn, "Redrew winners"), (.entrantsExported, "Exported entrants"),
        (.winnerNotified, "Notified a winner"), (.prizeClaimed, "Recorded a prize claimed"), (.prizeForfeited, "Recorded a prize forfeited"),
        (.drawPublished, "Published a draw's record"), (.drawWithdrawn, "Withdrew a draw's record"),
    ]
}
