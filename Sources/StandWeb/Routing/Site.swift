/// Every path the console answers, in one place. Controllers register these,
/// and every link, form action, redirect and the navigation is built from
/// them; templates get them from their page model or as `{{site.…}}`.
enum Site {
    static let dashboard = SitePath<Void>("/")
    static let health = SitePath<Void>("/healthz")
    static let staticFiles = SitePath<Void>("/static")
    static let stylesheet = SitePath<Void>("/static/app.css")
    static let favicon = SitePath<Void>("/static/favicon.svg")
    static let script = SitePath<Void>("/static/app.js")

    static let login = SitePath<Void>("/login")
    /// Sign-in's second step: the code from an authenticator app.
    static let loginCode = SitePath<Void>("/login/code")
    static let logout = SitePath<Void>("/logout")
    static let setup = SitePath<Void>("/setup")
    static let account = SitePath<Void>("/account")
    static let accountPassword = SitePath<Void>("/account/password")
    /// Setting up a second factor (GET shows the secret waiting for its first code; POST starts again).
    static let accountSecondFactor = SitePath<Void>("/account/second-factor")
    static let accountSecondFactorConfirm = SitePath<Void>("/account/second-factor/confirm")
    static let accountSecondFactorOff = SitePath<Void>("/account/second-factor/off")
    static let accountSessionEnd = SitePath<Void>("/account/sessions/end")

    static let users = SitePath<Void>("/users")
    static let user = SitePath<String>("/users/{uuid}")
    static let userEdit = SitePath<String>("/users/{uuid}/edit")
    static let userDelete = SitePath<String>("/users/{uuid}/delete")
    /// A deleted account's receipt for the person, and an owner's "retry this system's delivery now".
    static let userReceipt = SitePath<String>("/users/{uuid}/receipt")
    static let userErasureRetry = SitePath<String>("/users/{uuid}/erasure-retry")
    static let userDeletionRequests = SitePath<String>("/users/{uuid}/deletion-requests")
    /// Support's account tools: suspend or lift, sign out everywhere, correct points and streak.
    static let userSuspend = SitePath<String>("/users/{uuid}/suspend")
    static let userLift = SitePath<String>("/users/{uuid}/lift")
    static let userSignOut = SitePath<String>("/users/{uuid}/sign-out")
    static let userStats = SitePath<String>("/users/{uuid}/stats")
    static let userPoints = SitePath<String>("/users/{uuid}/points")
    static let userStreak = SitePath<String>("/users/{uuid}/streak")
    static let userNotes = SitePath<String>("/users/{uuid}/notes")
    /// The person's data as a ZIP (GDPR articles 15 and 20).
    static let userExport = SitePath<String>("/users/{uuid}/export.zip")
    /// Everything that happened to the account, newest first (`?kind=…&after=…`).
    static let userTimeline = SitePath<String>("/users/{uuid}/timeline")

    static let questions = SitePath<Void>("/questions")
    static let questionNew = SitePath<Void>("/questions/new")
    static let questionsUpload = SitePath<Void>("/questions/upload")
    static let questionsUploadApply = SitePath<Void>("/questions/upload/apply")
    static let question = SitePath<Int64>("/questions/{id}")
    static let questionEdit = SitePath<Int64>("/questions/{id}/edit")
    static let questionUnschedule = SitePath<Int64>("/questions/{id}/unschedule")

    static let suggestions = SitePath<Void>("/suggestions")
    static let suggestionApprove = SitePath<Int64>("/suggestions/{id}/approve")
    static let suggestionsReject = SitePath<Void>("/suggestions/reject")
    static let sweepstakes = SitePath<Void>("/sweepstakes")
    static let sweepstakesNew = SitePath<Void>("/sweepstakes/new")
    /// One sweepstakes (`sweepstakes` is the list; the language has one word for both).
    static let sweepstake = SitePath<Int64>("/sweepstakes/{id}")
    static let sweepstakesClose = SitePath<Int64>("/sweepstakes/{id}/close")
    static let sweepstakesEdit = SitePath<Int64>("/sweepstakes/{id}/edit")
    static let sweepstakesCancel = SitePath<Int64>("/sweepstakes/{id}/cancel")
    /// One entrant's entries and the correction forms: `?user=UUID`.
    static let sweepstakesEntrant = SitePath<Int64>("/sweepstakes/{id}/entrant")
    static let sweepstakesGrant = SitePath<Int64>("/sweepstakes/{id}/grant")
    static let sweepstakesVoid = SitePath<Int64>("/sweepstakes/{id}/void")
    static let sweepstakesVoidAll = SitePath<Int64>("/sweepstakes/{id}/void-all")
    static let sweepstakesDisqualify = SitePath<Int64>("/sweepstakes/{id}/disqualify")
    static let sweepstakesLift = SitePath<Int64>("/sweepstakes/{id}/lift")
    static let sweepstakesDraw = SitePath<Int64>("/sweepstakes/{id}/draw")
    /// A draw's eligible snapshot (`uuid,weight` lines), `?draw=ID`: what scripts/verify-draw.py reads.
    static let sweepstakesSnapshot = SitePath<Int64>("/sweepstakes/{id}/snapshot.csv")
    /// One pick of a draw (`?draw=ID&rank=R`): notified, claimed or forfeited.
    static let sweepstakesPrize = SitePath<Int64>("/sweepstakes/{id}/prize")
    static let sweepstakesPublish = SitePath<Int64>("/sweepstakes/{id}/publish")
    static let sweepstakesWithdraw = SitePath<Int64>("/sweepstakes/{id}/withdraw")
    /// Where public records live: no sign-in; an unknown one is a plain 404.
    static let publicRecords = "/draws/"
    /// A draw's public record: no sign-in, an unguessable token.
    static let publicDraw = SitePath<String>("/draws/{token}")
    static let publicDrawSnapshot = SitePath<String>("/draws/{token}/snapshot.csv")
    /// What a public record links to: the stand-alone verifier and the draw's specification.
    static let publicVerifier = SitePath<Void>("/draws/verify-draw.py")
    static let publicDrawMethod = SitePath<Void>("/draws/draws.md")
    static let sweepstakesEntrantsCSV = SitePath<Int64>("/sweepstakes/{id}/entrants.csv")

    static let deletionRequests = SitePath<Void>("/deletion-requests")
    static let deletionRequestCancel = SitePath<Int64>("/deletion-requests/{id}/cancel")

    static let staff = SitePath<Void>("/staff")
    static let staffRole = SitePath<Int64>("/staff/{id}/role")
    static let staffDisable = SitePath<Int64>("/staff/{id}/disable")
    static let staffEnable = SitePath<Int64>("/staff/{id}/enable")
    static let staffResetPassword = SitePath<Int64>("/staff/{id}/reset-password")
    static let staffSessions = SitePath<Int64>("/staff/{id}/sessions")
    static let staffSessionEnd = SitePath<Int64>("/staff/{id}/sessions/end")
    static let staffSecondFactorRequirement = SitePath<Void>("/staff/second-factor-requirement")

    static let audit = SitePath<Void>("/audit")
    static let auditCSV = SitePath<Void>("/audit.csv")
}
