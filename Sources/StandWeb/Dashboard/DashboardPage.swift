import StandCore

/// `dashboard/index`: today's question, the counts that need attention, the days with no question.
struct DashboardPage: PageModel {
    static let template = "dashboard/index"
    let title = "Dashboard"

    let today: String
    let question: QuestionView?
    let userCount: String
    let pendingSuggestions: Int
    let pendingDeletionRequests: Int
    /// Deleted, but not yet erased from the store or confirmed by every system.
    var incompleteDeletions = 0
    var failedErasureDeliveries = 0
    let unscheduledDays: [String]
    let canSchedule: Bool
    let canHandleDeletions: Bool

    static let fields: [String: @Sendable (Self) -> Any?] = [
        "today": { $0.today },
        "question": { $0.question },
        "userCount": { $0.userCount },
        "pendingSuggestions": { $0.pendingSuggestions },
        "pendingDeletionRequests": { $0.pendingDeletionRequests },
        "incompleteDeletions": { $0.incompleteDeletions == 0 ? nil : $0.incompleteDeletions.grouped },
        "failedErasures": { $0.failedErasureDeliveries == 0 ? nil : $0.failedErasureDeliveries.counted("failed delivery", plural: "failed deliveries") },
        "incompleteHref": { _ in Site.deletionRequests.href() + "#incomplete" },
        "unscheduledDays": { $0.unscheduledDays },
        "hasUnscheduledDays": { !$0.unscheduledDays.isEmpty },
        "canSchedule": { $0.canSchedule },
        "canHandleDeletions": { $0.canHandleDeletions },
        "firstEmptyDay": { $0.unscheduledDays.first },
        "firstEmptyHref": { $0.unscheduledDays.first.map { Site.questionNew.href(["date": $0]) } },
        "scheduleTodayHref": { Site.questionNew.href(["date": $0.today]) },
    ]

    static var fixtures: [Self] {
        [Self(today: "2026-11-23", question: .fixture(text: Fixture.hostile, counts: [0, 0]), userCount: "1", pendingSuggestions: 0,
              pendingDeletionRequests: 0, unscheduledDays: [], canSchedule: false, canHandleDeletions: false),
         Self(today: "2026-11-23", question: .fixture(text: Fixture.hostile), userCount: "1,000,000", pendingSuggestions: 3,
              pendingDeletionRequests: 2, incompleteDeletions: 3, failedErasureDeliveries: 1, unscheduledDays: ["2026-11-25"],
              canSchedule: true, canHandleDeletions: true),
         Self(today: "2026-11-23", question: nil, userCount: "0", pendingSuggestions: 0,
              pendingDeletionRequests: 0, unscheduledDays: [], canSchedule: true, canHandleDeletions: false)]
    }
}

extension DashboardPage {
    init(_ summary: DashboardSummary, canSchedule: Bool, canHandleDeletions: Bool) {
        today = summary.today
        question = summary.todaysQuestion.map(QuestionView.init)
        userCount = summary.userCount.grouped
        pendingSuggestions = summary.pendingSuggestions
        pendingDeletionRequests = summary.pendingDeletionRequests
        incompleteDeletions = summary.incompleteDeletions
        failedErasureDeliveries = summary.failedErasureDeliveries
        unscheduledDays = summary.unscheduledDays
        self.canSchedule = canSchedule
        self.canHandleDeletions = canHandleDeletions
    }
}
