import Foundation
import Mustache

/// Loads `Templates/**/*.mustache` into a library, without the indentation at
/// the start of each line: it is there for people reading the templates, and
/// every byte of it would be copied by Mustache, parsed by libxml2 and written
/// again on every page. (No template holds a multi-line `<pre>` or `<textarea>`,
/// where leading spaces would matter.)
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
                try library.register(FastHTMLEscaping.pragma + withoutIndentation(text), named: name)
            } catch {
                throw TemplateLoadError(template: name, underlying: error)
            }
        }
        return library
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
