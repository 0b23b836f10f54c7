import Foundation
import HTMLSafety
import Logging
import Mustache
import StandCore

/// `check-templates`: render every page with its fixtures (hostile strings
/// included), validate the output with libxml2, and hold every name a
/// template uses to the models it is rendered with.
public struct TemplateChecker: Sendable {
    public struct Problem: Sendable, CustomStringConvertible {
        public let template: String
        public let line: Int
        public let message: String
        public let excerpt: String

        public var description: String {
            // Invalid HTML points into the rendered page (with an excerpt), a field problem into the template.
            excerpt.isEmpty ? "\(template).mustache:\(line): \(message)" : "\(template).mustache: rendered line \(line): \(message)\n    \(excerpt)"
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

    /// Every problem in every page template; empty when all are valid:
    /// HTML libxml2 refuses, names no model answers, parts no fixture shows,
    /// templates no page renders.
    public func check() -> (checked: [String], problems: [Problem]) {
        let pipeline = HTMLPipeline(policy: .page)
        let navigation = NavigationCache(library: library)
        var fields = TemplateFieldCheck(directory: directory)
        var problems: [Problem] = []
        let names = pageTemplates()
        let rendered = Set(PageCatalogue.all.map { $0.template })
        for name in names where !rendered.contains(name) {
            problems.append(Problem(template: name, line: 0, message: "no page model renders it; add one to PageCatalogue", excerpt: ""))
        }
        for page in PageCatalogue.all {
            let name = page.template
            guard names.contains(name) else {
                problems.append(Problem(template: name, line: 0, message: "\(page) renders it, but the file is missing", excerpt: ""))
                continue
            }
            for fixture in page.fixtureContexts {
                var object: any MustacheNames = fixture
                if var context = fixture as? any NavigablePage {
                    context.fillNavigation(navigation)
                    object = context as! any MustacheNames
                }
                fields.check(name, with: object)
                guard let html = library.render(object, withTemplate: name) else {
                    problems.append(Problem(template: name, line: 0, message: "did not render", excerpt: ""))
                    continue
                }
                let lines = html.split(separator: "\n", omittingEmptySubsequences: false)
                for issue in pipeline.validate(polyglotPage: html) {
                    let excerpt = issue.line > 0 && issue.line <= lines.count ? lines[issue.line - 1].trimmingCharacters(in: .whitespaces) : ""
                    problems.append(Problem(template: name, line: issue.line, message: issue.message, excerpt: String(excerpt.prefix(160))))
                }
            }
        }
        for problem in fields.problems + fields.unreached() {
            problems.append(Problem(template: problem.template, line: problem.line, message: problem.message, excerpt: ""))
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
