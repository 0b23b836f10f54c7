import Foundation
import Mustache

/// Loads `Templates/**/*.mustache` into a library, without the indentation at
/// the start of each line: it is there for people reading the templates, and
/// every byte of it would be copied by Mustache, parsed by libxml2 and written
/// again on every page. (No template holds a multi-line `<pre>` or `<textarea>`,
/// where leading spaces would matter.)
///
/// `{{site.…}}` names a fixed path, the same on every page: it is written
/// into the template here, once, instead of being looked up through
/// Mustache's context stack (a split, a walk and half a dozen dynamic casts)
/// on every request. The template check still reads the files as written,
/// so a name `SiteLinks` does not answer is still reported.
enum TemplateLoader {
    static func library(directory: String) throws -> MustacheLibrary {
        FastHTMLEscaping.register()
        var library = MustacheLibrary()
        let root = directory.hasSuffix("/") ? directory : directory + "/"
        guard let files = FileManager.default.enumerator(atPath: root) else { return library }
        for case let path as String in files where path.hasSuffix(".mustache") {
            let text = try String(contentsOfFile: root + path, encoding: .utf8)
            let name = String(path.dropLast(".mustache".count))
            do {
                try library.register(FastHTMLEscaping.pragma + withSiteLinks(withoutIndentation(text)), named: name)
            } catch {
                throw TemplateLoadError(template: name, underlying: error)
            }
        }
        return library
    }

    /// `{{site.users}}` → `/users`, escaped as Mustache would escape it.
    /// A name `SiteLinks` does not answer is left for Mustache (and the check).
    static func withSiteLinks(_ text: String) -> String {
        guard text.contains("{{site.") else { return text }
        var result = text
        for (name, value) in SiteLinks.fields {
            guard let path = value(SiteLinks.shared) as? String else { continue }
            result = result.replacingOccurrences(of: "{{site.\(name)}}", with: FastHTMLEscaping.escape(path))
        }
        return result
    }

    static func withoutIndentation(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.drop { $0 == " " || $0 == "\t" } }
            .joined(separator: "\n")
    }
}

public struct TemplateLoadError: Error, CustomStringConvertible {
    public let template: String
    public let underlying: any Error

    public var description: String { "\(template).mustache does not parse: \(underlying)" }
}
