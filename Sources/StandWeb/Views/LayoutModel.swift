import StandCore

/// What the layout around every page shows: navigation, the signed-in staff member, the CSRF token.
struct LayoutModel: Sendable {
    struct NavItem: Sendable {
        let label: String
        let href: String
        let current: Bool
    }

    let title: String
    let csrf: String
    let staffEmail: String?
    /// A Bool for `{{#layout.signedIn}}`: a String section would sit on
    /// Mustache's context stack and be reflected for every lookup inside it.
    let signedIn: Bool
    let staffRole: String?
    let nav: [NavItem]
    /// `nav` rendered through `_nav.mustache`, filled in by `NavigationCache`.
    var navHTML = ""
    let canSearchUsers: Bool
    let notice: String?

    /// The sections of the console, each shown only to roles that can use it.
    static let sections: [(label: String, href: String, permission: Permission)] = [
        ("Dashboard", "/", .lookUpUsers),
        ("Users", "/users", .lookUpUsers),
        ("Questions", "/questions", .lookUpUsers),
        ("Suggestions", "/suggestions", .scheduleQuestions),
        ("Sweepstakes", "/sweepstakes", .lookUpUsers),
        ("Deletion requests", "/deletion-requests", .deleteAccounts),
        ("Staff", "/staff", .manageStaff),
        ("Audit log", "/audit", .readAuditLog),
    ]

    init(title: String, path: String, context: AppRequestContext, notice: String? = nil) {
        self.init(title: title, path: path, staff: context.staff, csrf: context.csrfToken, notice: notice)
    }

    init(title: String, path: String, staff: StaffMember?, csrf: String, notice: String?) {
        self.title = title
        self.csrf = csrf
        self.staffEmail = staff?.email
        self.signedIn = staff != nil
        self.staffRole = staff?.role.title
        self.canSearchUsers = staff?.can(.lookUpUsers) ?? false
        self.notice = notice
        if let staff {
            self.nav = Self.sections.filter { staff.can($0.permission) }.map { section in
                let current = section.href == "/" ? path == "/" : (path == section.href || path.hasPrefix(section.href + "/"))
                return NavItem(label: section.label, href: section.href, current: current)
            }
        } else {
            self.nav = []
        }
    }
}

/// The object every template renders: the layout's data and the page's own.
struct PageContext<Page: Sendable>: Sendable {
    var layout: LayoutModel
    let page: Page
}
