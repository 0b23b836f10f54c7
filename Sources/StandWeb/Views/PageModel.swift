import StandCore

/// A page's model: the template it fills and the fields that template names.
/// Each page keeps its model, its fields, any Swift-built rows and its
/// fixtures together, in the feature's `…Page.swift` file.
protocol PageModel: MustacheFields {
    /// The template's name under `Templates/`, without `.mustache`.
    static var template: String { get }
    /// The page's title, in the browser's tab and history.
    var title: String { get }
    /// Models for `check-templates` and the template tests: hostile text
    /// wherever a person or an app user could have typed it, and between them
    /// every section of the template shown at least once.
    static var fixtures: [Self] { get }
    /// The roles whose layout each fixture is checked in (nil: signed out).
    static var fixtureRoles: [StaffRole?] { get }
}

extension PageModel {
    static var fixtureRoles: [StaffRole?] { [.owner] }

    /// Every fixture inside every fixture role's layout, as templates see them.
    static var fixtureContexts: [any MustacheNames] {
        fixtureRoles.flatMap { role in
            fixtures.map { PageContext(layout: LayoutModel.fixture(role: role), page: $0) }
        }
    }
}

/// The object every template renders: the layout's data, the page's own, and
/// the site's fixed paths as `{{site.users}}`.
struct PageContext<Page: PageModel>: MustacheNames, Sendable {
    var layout: LayoutModel
    let page: Page

    // A switch, not a `fields` table: a generic type cannot store one.
    func child(named name: String) -> Any? {
        switch name {
        case "layout": layout
        case "page": page
        case "site": SiteLinks.shared
        default: nil
        }
    }

    var fieldNames: Set<String> { ["layout", "page", "site"] }
}
