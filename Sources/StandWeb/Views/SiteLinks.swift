/// The site's fixed paths for templates: `{{site.users}}`, `{{site.logout}}`.
/// Paths with a parameter come from the page's model instead.
struct SiteLinks: MustacheFields {
    static let shared = SiteLinks()

    static let fields: [String: @Sendable (SiteLinks) -> Any?] = [
        "dashboard": { _ in Site.dashboard.pattern },
        "stylesheet": { _ in Site.stylesheet.pattern },
        "favicon": { _ in Site.favicon.pattern },
        "script": { _ in Site.script.pattern },
        "login": { _ in Site.login.pattern },
        "logout": { _ in Site.logout.pattern },
        "setup": { _ in Site.setup.pattern },
        "account": { _ in Site.account.pattern },
        "accountPassword": { _ in Site.accountPassword.pattern },
        "loginCode": { _ in Site.loginCode.pattern },
        "accountSecondFactor": { _ in Site.accountSecondFactor.pattern },
        "accountSecondFactorConfirm": { _ in Site.accountSecondFactorConfirm.pattern },
        "accountSecondFactorOff": { _ in Site.accountSecondFactorOff.pattern },
        "accountSessionEnd": { _ in Site.accountSessionEnd.pattern },
        "staffSecondFactorRequirement": { _ in Site.staffSecondFactorRequirement.pattern },
        "users": { _ in Site.users.pattern },
        "questions": { _ in Site.questions.pattern },
        "suggestions": { _ in Site.suggestions.pattern },
        "sweepstakes": { _ in Site.sweepstakes.pattern },
        "deletionRequests": { _ in Site.deletionRequests.pattern },
        "staff": { _ in Site.staff.pattern },
        "audit": { _ in Site.audit.pattern },
    ]
}
