import StandCore

/// `accounts/stats`: correct an account's points (added or removed, never
/// overwritten) or set its current streak, each with a reason.
struct StatsPage: PageModel {
    static let template = "accounts/stats"
    var title: String { "Correct the points or streak of \(email)" }

    let uuid: String
    let email: String
    let points: Int
    let currentStreak: Int
    let longestStreak: Int
    var pointsTyped = ""
    var pointsReason = ""
    var streakTyped = ""
    var streakReason = ""
    /// The form the errors belong to: `points` or `streak`.
    var refusedForm = ""
    var errors = FieldErrors()

    static let fields: [String: @Sendable (Self) -> Any?] = [
        "uuid": { $0.uuid }, "email": { $0.email }, "points": { $0.points.grouped }, "currentStreak": { $0.currentStreak.counted("day") },
        "seenStreak": { $0.currentStreak }, "longestStreak": { $0.longestStreak.counted("day") },
        "pointsTyped": { $0.pointsTyped }, "pointsReason": { $0.pointsReason },
        "streakTyped": { $0.streakTyped.isEmpty ? String($0.currentStreak) : $0.streakTyped }, "streakReason": { $0.streakReason },
        "pointsErrors": { $0.refusedForm == "points" ? $0.errors.leading("The points were not changed. Please fix:") : nil },
        "streakErrors": { $0.refusedForm == "streak" ? $0.errors.leading("The streak was not changed. Please fix:") : nil },
        "pointsAction": { Site.userPoints.href($0.uuid) }, "streakAction": { Site.userStreak.href($0.uuid) }, "userHref": { Site.user.href($0.uuid) },
    ]

    init(account: UserAccount) {
        uuid = account.uuid
        email = account.email
        points = account.points
        currentStreak = account.currentStreak
        longestStreak = account.longestStreak
    }

    private init(points: Int) {
        uuid = Fixture.uuid
        email = Fixture.hostile
        self.points = points
        currentStreak = 3
        longestStreak = 40
    }

    static var fixtures: [Self] {
        var points = Self(points: 1_200)
        points.pointsTyped = Fixture.hostile
        points.pointsReason = Fixture.hostile
        points.refusedForm = "points"
        var errors = ValidationErrors("points", Fixture.hostile)
        errors.add("reason", Fixture.hostile)
        points.errors = FieldErrors(errors)
        var streak = Self(points: 0)
        streak.streakTyped = Fixture.hostile
        streak.streakReason = Fixture.hostile
        streak.refusedForm = "streak"
        var streakErrors = ValidationErrors("streak", Fixture.hostile)
        streakErrors.add("reason", Fixture.hostile)
        streak.errors = FieldErrors(streakErrors)
        return [points, streak]
    }
}
