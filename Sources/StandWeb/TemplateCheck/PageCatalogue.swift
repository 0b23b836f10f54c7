/// Every page the console renders. `check-templates` renders each one's
/// fixtures, and finds templates on disk that no page renders.
enum PageCatalogue {
    static let all: [any PageModel.Type] = [
        ErrorPage.self, LoginPage.self, LoginCodePage.self, ReconfirmPage.self, SetupPage.self, ConfirmPage.self,
        DashboardPage.self, AccountPage.self, SecondFactorSetUpPage.self, RecoveryCodesPage.self, StaffSessionsPage.self,
        UsersPage.self, UserPage.self, UserEditPage.self,
        DeletionConfirmPage.self, DeletedPage.self, DeletionReceiptPage.self, DeletionRequestsPage.self, DeletionCancelPage.self,
        QuestionCalendarPage.self, QuestionPage.self, QuestionFormPage.self, QuestionUnschedulePage.self, QuestionUploadPage.self, SuggestionsPage.self, SweepstakesPage.self, SweepstakesFormPage.self, SweepstakesDetailPage.self, SweepstakesClosePage.self, SweepstakesDrawPage.self, PrizePage.self, PublicDrawPage.self, SuspendPage.self, StatsPage.self, TimelinePage.self, EntrantPage.self,
        StaffPage.self, NewPasswordPage.self, StaffDisablePage.self,
        AuditPage.self,
    ]
}
