import StandCore
import Foundation

/// Page models for `check-templates`, with hostile text wherever a person or
/// an app user could have typed it.
enum TemplateFixtures {
    static let hostile = "<script>alert(1)</script>\" onmouseover=\"alert(2)"
    static let ownerLayout = LayoutModel.fixture(role: .owner)
    static let signedOutLayout = LayoutModel.fixture(role: nil)

    static func objects(for template: String) -> [Any] {
        switch template {
        case "error":
            [PageContext(layout: ownerLayout, page: ErrorPageMiddleware.ErrorPage(status: 404, heading: "Page not found", message: hostile, signedIn: true)),
             PageContext(layout: signedOutLayout, page: ErrorPageMiddleware.ErrorPage(status: 403, heading: "Not allowed", message: hostile, signedIn: false))]
        case "auth/login":
            [PageContext(layout: signedOutLayout, page: LoginController.LoginPage(email: hostile, next: "/staff", error: "Wrong password", notice: "You have signed out."))]
        case "auth/setup":
            [PageContext(layout: signedOutLayout, page: SetupController.SetupPage(token: "abc", email: hostile, errors: FieldErrors(ValidationErrors("email", "Enter an email."))))]
        case "dashboard/index":
            [PageContext(layout: ownerLayout, page: dashboard(withQuestion: true)), PageContext(layout: ownerLayout, page: dashboard(withQuestion: false))]
        case "staff/index":
            [PageContext(layout: ownerLayout, page: staffPage)]
        case "staff/password":
            [PageContext(layout: ownerLayout, page: StaffController.NewPasswordPage(email: hostile, password: "abcde-fghij-kmnop-qrstu", created: true))]
        case "account/index":
            [PageContext(layout: ownerLayout, page: AccountController.AccountPage(email: hostile, role: "Owner", errors: FieldErrors(ValidationErrors("current", "Wrong."))))]
        case "audit/index":
            [PageContext(layout: ownerLayout, page: auditPage(empty: false)), PageContext(layout: ownerLayout, page: auditPage(empty: true))]
        case "users/index", "users/show", "users/edit", "users/delete", "users/deleted":
            userPages(template)
        case "questions/index":
            [PageContext(layout: ownerLayout, page: QuestionsController.QuestionsPage(
                upcoming: [.init(day: "2026-11-23", question: QuestionView.fixture(text: hostile), isToday: true), .init(day: "2026-11-24", question: nil, isToday: false)],
                past: [.init(day: "2026-11-22", question: QuestionView.fixture(text: hostile), isToday: false), .init(day: "2026-11-21", question: nil, isToday: false)],
                emptyDays: 1, hasEmptyDays: true))]
        case "suggestions/index":
            [PageContext(layout: ownerLayout, page: SuggestionsController.SuggestionsPage(rows: [.init(id: 1, text: hostile, received: "2026-11-23 10:00 UTC")], isEmpty: false)),
             PageContext(layout: ownerLayout, page: SuggestionsController.SuggestionsPage(rows: [], isEmpty: true))]
        case "sweepstakes/index":
            [PageContext(layout: ownerLayout, page: SweepstakesController.SweepstakesPage(
                rows: [.init(name: hostile, prize: hostile, dates: "2026-11-01 – 2026-11-30", status: "Open", entries: "5,000", entrants: "4,000")], isEmpty: false)),
             PageContext(layout: ownerLayout, page: SweepstakesController.SweepstakesPage(rows: [], isEmpty: true))]
        case "deletion/index":
            deletionRequestPages
        default:
            []
        }
    }

    static func dashboard(withQuestion: Bool) -> DashboardController.DashboardPage {
        let question = QuestionView.fixture(text: hostile)
        return .init(today: "2026-11-23", question: withQuestion ? question : nil, userCount: "1,000,000", pendingSuggestions: 3,
                     pendingDeletionRequests: 2, unscheduledDays: withQuestion ? ["2026-11-25"] : [], hasUnscheduledDays: withQuestion,
                     canSchedule: true, canHandleDeletions: true)
    }

    static var staffPage: StaffController.StaffPage {
        let options = StaffController.roleOptions(selected: "owner")
        let rows = [
            StaffController.StaffPage.Row(id: 1, email: "owner@example.com", role: "Owner", roleOptions: options, disabled: false, locked: false, lastLogin: "never", isYou: true),
            StaffController.StaffPage.Row(id: 2, email: hostile, role: "Support", roleOptions: options, disabled: true, locked: false, lastLogin: "never", isYou: false),
            StaffController.StaffPage.Row(id: 3, email: "e@example.com", role: "Editor", roleOptions: options, disabled: false, locked: true, lastLogin: "never", isYou: false),
        ]
        return .init(rows: rows, newEmail: hostile, newRoleOptions: options, errors: FieldErrors(ValidationErrors("email", "Taken.")))
    }

    static func auditPage(empty: Bool) -> AuditController.AuditPage {
        let row = AuditController.AuditPage.Row(id: 1, at: "2026-11-23 10:00 UTC", atISO: "2026-11-23T10:00:00Z", staff: hostile, action: "staff.sign_in", target: "staff 1", detail: hostile, ip: "127.0.0.1")
        let option = AuditController.AuditPage.Option(value: "1", title: hostile, selected: true)
        return .init(rows: empty ? [] : [row], isEmpty: empty, staffOptions: [option], actionOptions: [option], nextPageQuery: empty ? nil : "before=1&staff=1", isFiltered: true)
    }
}

extension LayoutModel {
    static func fixture(role: StaffRole?) -> LayoutModel {
        let staff = role.map {
            StaffMember(id: 1, email: TemplateFixtures.hostile, passwordHash: "", role: $0, disabled: false,
                        createdAt: .now, lastLoginAt: nil, passwordChangedAt: .now)
        }
        return LayoutModel(title: TemplateFixtures.hostile, path: "/", staff: staff, csrf: "0123abcd", notice: TemplateFixtures.hostile)
    }
}

extension QuestionView {
    static func fixture(text: String) -> QuestionView {
        let question = DailyQuestion(id: 1, text: text, runsOn: "2026-11-23", scheduledBy: nil, suggestionId: nil, createdAt: .now, updatedAt: .now, version: 1)
        let choices = [QuestionChoice(questionId: 1, position: 0, text: text, answerCount: 3), QuestionChoice(questionId: 1, position: 1, text: "No", answerCount: 1)]
        return QuestionView(QuestionResults(question: question, choices: choices))
    }
}
