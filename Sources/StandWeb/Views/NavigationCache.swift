import Mustache
import Synchronization

/// The navigation is the same for every page of a role and section, so it is
/// rendered once per combination (a few dozen at most) and reused: it was a
/// third of the layout's Mustache work on every page.
final class NavigationCache: Sendable {
    private let library: MustacheLibrary
    private let rendered = Mutex<[String: String]>([:])

    init(library: MustacheLibrary) {
        self.library = library
    }

    private struct NavModel: MustacheFields {
        let nav: [LayoutModel.NavItem]

        static let fields: [String: @Sendable (Self) -> Any?] = ["nav": { $0.nav }]
    }

    func html(for items: [LayoutModel.NavItem]) -> String {
        let key = items.map { $0.current ? "[\($0.href)]" : $0.href }.joined(separator: " ")
        if let known = rendered.withLock({ $0[key] }) { return known }
        let html = library.render(NavModel(nav: items), withTemplate: "_nav") ?? ""
        rendered.withLock { $0[key] = html }
        return html
    }
}
