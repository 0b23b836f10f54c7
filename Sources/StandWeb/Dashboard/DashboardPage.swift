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
    let unscheduledDays: [String]
    let canSchedule: Bool
    let canHandleDeletions: Bool

    static let fields: [String: @Sendable (Self) -> Any?] = [
        "today": { $0.today },
        "question": { $0.question },
        "userCount": { $0.userCount },
        "pendingSuggestions": { $0.pendingSuggestions },
        "pendingDeletionRequests": { $0.pendingDeletionRequests },
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
              pendingDeletionRequests: 2, unscheduledDays: ["2026-11-25"], canSchedule: true, canHandleDeletions: true),
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
        unscheduledDays = summary.unscheduledDays
        self.canSchedule = canSchedule
        self.canHandleDeletions = canHandleDeletions
    }
}
