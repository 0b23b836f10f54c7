import Testing
@testable import StandWeb

@Suite struct SitePathTests {
    @Test(arguments: [
        ("plain", "plain"),
        ("a b&c=d", "a%20b%26c%3Dd"),
        ("/audit", "%2Faudit"),
        ("josé", "jos%C3%A9"),          // a non-ASCII letter is encoded, not left as is
        ("用户", "%E7%94%A8%E6%88%B7"),
        ("~-._", "~-._"),
        ("+1 (555)", "%2B1%20%28555%29"),
        ("#?", "%23%3F"),
    ])
    func componentsKeepOnlyUnreservedCharacters(value: String, expected: String) {
        #expect(URLEncoding.component(value) == expected)
    }

    @Test func linksFillTheParameterAndTheQueryInOrder() {
        #expect(Site.users.href() == "/users")
        #expect(Site.users.href(["q": "jane doe", "after": nil, "page": "2"]) == "/users?q=jane%20doe&page=2")
        #expect(Site.user.href("0f8b1c9e-5f2a-4c1d-9a7b-3e2d1c0b9a8f", ["done": "edit"], fragment: "answers")
            == "/users/0f8b1c9e-5f2a-4c1d-9a7b-3e2d1c0b9a8f?done=edit#answers")
        #expect(Site.staffRole.href(7) == "/staff/7/role")
        #expect(Site.user.href("a/b") == "/users/a%2Fb")
    }

    /// Every route the console registers is spelt in `Site` (registration takes a `SitePath`),
    /// and every section of the navigation is a registered route.
    @Test func theNavigationLeadsToRegisteredRoutes() async throws {
        try await TestConsole().runWithServices { _, services in
            let registered = Set(services.routes.all.map { $0.pattern })
            for section in LayoutModel.sections {
                #expect(registered.contains(section.href), "\(section.label) links to \(section.href), which no route answers")
            }
        }
    }
}
