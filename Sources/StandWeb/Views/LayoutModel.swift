import StandCore

/// What the layout around every page shows: navigation, the signed-in staff member, the CSRF token.
struct LayoutModel: MustacheFields {
    struct NavItem: MustacheFields {
        let label: String
        let href: String
        let current: Bool

        static let fields: [String: @Sendable (Self) -> Any?] = ["label": { $0.label }, "href": { $0.href }, "current": { $0.current }]
    }

    let title: String
    let csrf: String
    /// The single-use id every form on the page carries (`FormSubmission`).
    let submission: String
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
    /// The store is damaged or its disk full: said at the top of every page until it is not.
    var storeAlert: String?
    /// A form was sent again: when the first was, and that nothing changed twice.
    var repeatNotice: String?
    /// Set on a page that answers a POST (a refused form, a question asked
    /// first): app.js makes its history entry this page's address instead.
    var formPage: String?

    /// The sections of the console, each shown only to roles that can use it.
    static let sections: [(label: String, href: String, permission: Permission)] = [
        ("Dashboard", Site.dashboard.href(), .lookUpUsers),
        ("Users", Site.users.href(), .lookUpUsers),
        ("Questions", Site.questions.href(), .lookUpUsers),
        ("Suggestions", Site.suggestions.href(), .lookUpUsers),
        ("Sweepstakes", Site.sweepstakes.href(), .lookUpUsers),
        ("Deletion requests", Site.deletionRequests.href(), .deleteAccounts),
        ("Staff", Site.staff.href(), .manageStaff),
        ("Audit log", Site.audit.href(), .readAuditLog),
    ]

    static let fields: [String: @Sendable (Self) -> Any?] = [
        "title": { $0.title }, "csrf": { $0.csrf }, "submission": { $0.submission }, "staffEmail": { $0.staffEmail }, "signedIn": { $0.signedIn },
        "staffRole": { $0.staffRole }, "nav": { $0.nav }, "navHTML": { $0.navHTML }, "canSearchUsers": { $0.canSearchUsers },
        "notice": { $0.notice }, "storeAlert": { $0.storeAlert }, "repeatNotice": { $0.repeatNotice }, "formPage": { $0.formPage },
    ]

    init(title: String, path: String, context: AppRequestContext, notice: String? = nil) {
        self.init(title: title, path: path, staff: context.staff, csrf: context.csrfToken, submission: context.formToken, notice: notice,
                  showsSections: !context.mustSetUpSecondFactor)
    }

    /// `showsSections` false: signed in, but no section opens yet (the second factor owners require comes first).
    init(title: String, path: String, staff: StaffMember?, csrf: String, submission: String, notice: String?, showsSections: Bool = true) {
        self.title = title
        self.csrf = csrf
        self.submission = submission
        self.staffEmail = staff?.email
        self.signedIn = staff != nil
        self.staffRole = staff?.role.title
        self.canSearchUsers = showsSections && staff?.can(.lookUpUsers) ?? false
        self.notice = notice
        if let staff, showsSections {
            self.nav = Self.sections.filter { staff.can($0.permission) }.map { section in
                let current = section.href == Site.dashboard.pattern ? path == "/" : (path == section.href || path.hasPrefix(section.href + "/"))
                return NavItem(label: section.label, href: section.href, current: current)
            }
        } else {
            self.nav = []
        }
    }
}

extension LayoutModel {
    /// The layout a page fixture is checked in: hostile text where a person typed it.
    static func fixture(role: StaffRole?) -> LayoutModel {
        let staff = role.map {
            StaffMember(id: 1, email: Fixture.hostile, passwordHash: "", role: $0, disabled: false,
                        createdAt: .now, lastLoginAt: nil, passwordChangedAt: .now)
        }
        var layout = LayoutModel(title: Fixture.hostile, path: Site.dashboard.pattern, staff: staff, csrf: "0123abcd", submission: "4567cdef", notice: Fixture.hostile)
        layout.storeAlert = Fixture.hostile
        layout.repeatNotice = Fixture.hostile
        layout.formPage = "/sweepstakes/1"
        return layout
    }
}
