/// One problem libxml2 reported while parsing a rendered page.
public struct HTMLIssue: Sendable, Equatable, CustomStringConvertible {
    public let line: Int
    public let column: Int
    /// libxml2's `xmlParserErrors` code (for example 801, `XML_HTML_UNKNOWN_TAG`).
    public let code: Int
    public let message: String

    public init(line: Int, column: Int, code: Int, message: String) {
        self.line = line
        self.column = column
        self.code = code
        self.message = message
    }

    public var description: String { "line \(line), column \(column): \(message) (libxml2 error \(code))" }
}
