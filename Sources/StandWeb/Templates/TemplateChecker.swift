import Foundation
import HTMLSafety
import Logging
import Mustache
import StandCore

/// `check-templates`: render every page template with fixture data (hostile
/// strings included) and validate the output with libxml2.
public struct TemplateChecker: Sendable {
    public struct Problem: Sendable, CustomStringConvertible {
        public let template: String
        public let line: Int
        public let message: String
        public let excerpt: String

        public var description: String {
            "\(template).mustache: rendered line \(line): \(message)" + (excerpt.isEmpty ? "" : "\n    \(excerpt)")
        }
    }

    let directory: String
    let library: MustacheLibrary

    public init(templatesDirectory: String) async throws {
        self.directory = templatesDirectory
        self.library = try TemplateLoader.library(directory: templatesDirectory)
    }

    /// Names of page templates found on disk (the layout and `_partials` excluded).
    public func pageTemplates() -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: directory) else { return [] }
        return enumerator.compactMap { $0 as? String }
            .filter { $0.hasSuffix(".mustache") }
            .map { String($0.dropLast(".mustache".count)) }
            .filter { $0 != "layout" && !($0.split(separator: "/").last?.hasPrefix("_") ?? false) }
            .sorted()
    }

    /// Every problem in every page template; empty when all are valid.
    public func check() -> (checked: [String], problems: [Problem]) {
        let pipeline = HTMLPipeline(policy: .page)
        var problems: [Problem] = []
        let names = pageTemplates()
        for name in names {
            let fixtures = TemplateFixtures.objects(for: name)
            if fixtures.isEmpty {
                problems.append(Problem(template: name, line: 0, message: "no fixture data; add one to TemplateFixtures", excerpt: ""))
            }
            let navigation = NavigationCache(library: library)
            for fixture in fixtures {
                var object = fixture
                if var page = fixture as? any NavigablePage {
                    page.fillNavigation(navigation)
                    object = page
                }
                guard let html = library.render(object, withTemplate: name) else {
                    problems.append(Problem(template: name, line: 0, message: "did not render", excerpt: ""))
                    continue
                }
                let lines = html.split(separator: "\n", omittingEmptySubsequences: false)
                for issue in pipeline.validate(page: html) {
                    let excerpt = issue.line > 0 && issue.line <= lines.count ? lines[issue.line - 1].trimmingCharacters(in: .whitespaces) : ""
                    problems.append(Problem(template: name, line: issue.line, message: issue.message, excerpt: String(excerpt.prefix(160))))
                }
            }
        }
        return (names, problems)
    }
}

/// A page context whose layout navigation can be filled in, for fixtures.
protocol NavigablePage {
    mutating func fillNavigation(_ navigation: NavigationCache)
}

extension PageContext: NavigablePage {
    mutating func fillNavigation(_ navigation: NavigationCache) {
        layout.navHTML = navigation.html(for: layout.nav)
    }
}
