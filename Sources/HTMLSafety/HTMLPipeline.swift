import CLibXML2

/// The one path every HTML page and snippet takes: libxml2 parse → validation →
/// sanitising → serialisation, in one pass over the parser's events.
public struct HTMLPipeline: Sendable {
    public let policy: SanitisePolicy
    private let htmlParsers: EventParsers
    private let xmlParsers: EventParsers

    public init(policy: SanitisePolicy = .page) {
        self.policy = policy
        self.htmlParsers = EventParsers(syntax: .html, policy: policy)
        self.xmlParsers = EventParsers(syntax: .xml, policy: policy)
    }

    public struct Result: Sendable {
        /// The sanitised page as UTF-8, starting with `<!DOCTYPE html>`.
        public let bytes: [UInt8]
        /// The sanitised page as text.
        public var html: String { String(decoding: bytes, as: UTF8.self) }
        /// Everything found wrong in the input; empty for a well-formed page.
        public let issues: [HTMLIssue]
    }

    /// Validate, sanitise and serialise a whole page of any HTML, read by
    /// libxml2's HTML parser as a browser would read it.
    public func process(page html: String) -> Result {
        run(html, syntax: .html)
    }

    /// Validate, sanitise and serialise one of the console's own pages, which
    /// its templates write as polyglot HTML: HTML that is also well-formed XML
    /// (`<br />`, `selected="selected"`, no entities but the five of XML).
    ///
    /// libxml2's XML parser reads such a page two to three times faster than
    /// its HTML parser and validates it more strictly: an unclosed element, a
    /// stray end tag or an element the page policy does not know is an issue.
    /// A page with issues is still sent, read by the HTML parser instead, so a
    /// template bug costs speed and a logged error, never a broken page.
    public func process(polyglotPage html: String) -> Result {
        let strict = run(html, syntax: .xml)
        guard strict.issues.isEmpty else {
            return Result(bytes: run(html, syntax: .html).bytes, issues: strict.issues)
        }
        return strict
    }

    /// Only the validation step: every real error libxml2's HTML parser reports.
    public func validate(page html: String) -> [HTMLIssue] {
        run(html, syntax: .html).issues
    }

    /// Only the validation step of `process(polyglotPage:)`.
    public func validate(polyglotPage html: String) -> [HTMLIssue] {
        run(html, syntax: .xml).issues
    }

    /// Sanitise markup that came from outside and return what is kept, as a fragment.
    public func sanitise(fragment: String) -> String {
        // A NUL ends libxml2's input early; a browser reads it as U+FFFD.
        let cleaned = fragment.replacingNUL()
        // Wrapped in a full document so that sibling fragments stay siblings
        // (DESIGN.md libxml2 note 3). The parser moves some of the fragment
        // into <head> or after <body>; all of it came from outside and all of
        // it is sanitised and kept.
        let wrapped = "<!DOCTYPE html><html><head></head><body>" + cleaned + "</body></html>"
        let output = htmlParsers.withParser { parser -> [UInt8] in
            var writer = parser.makeWriter(isFragment: true, reservingCapacity: fragment.utf8.count)
            _ = parser.parse(wrapped, into: &writer)
            return writer.output
        }
        return String(decoding: output ?? [], as: UTF8.self)
    }

    private func run(_ html: String, syntax: EventParser.Syntax) -> Result {
        let parsers = syntax == .html ? htmlParsers : xmlParsers
        let result = parsers.withParser { parser -> Result in
            var writer = parser.makeWriter(isFragment: false, reservingCapacity: html.utf8.count + 64)
            writer.writeDoctype()
            let raw = parser.parse(html, into: &writer)
            var issues = raw.map { HTMLIssue(line: $0.line, column: $0.column, code: $0.code, message: $0.message) }
            if syntax == .xml {
                // The HTML parser reports names it does not know (error 801);
                // here an element the page policy would drop is the same bug.
                issues += writer.unwrappedElements.map {
                    HTMLIssue(line: $0.line, column: 0, code: Self.unknownTagCode, message: "Tag \($0.name) is not allowed by the sanitising policy")
                }
            }
            return Result(bytes: writer.output, issues: issues)
        }
        return result ?? Result(bytes: Array("<!DOCTYPE html>\n".utf8), issues: [HTMLIssue(line: 0, column: 0, code: 0, message: "libxml2 could not create a parser")])
    }

    /// libxml2 2.9 knows only HTML 4 elements and reports every HTML5 one as
    /// "Tag nav invalid" (error 801, `XML_HTML_UNKNOWN_TAG`) while keeping it
    /// in the tree. That error is dropped for the HTML5 elements below and kept
    /// for any other name, so a typo such as `<nvа>` still fails validation.
    static let html5Elements: Set<String> = [
        "article", "aside", "audio", "bdi", "canvas", "data", "datalist", "details", "dialog",
        "figcaption", "figure", "footer", "header", "hgroup", "main", "mark", "meter", "nav",
        "output", "picture", "progress", "search", "section", "source", "summary", "template",
        "time", "track", "video", "wbr", "svg", "math",
        // The SVG the console draws its charts with (SanitisePolicy.svgChartElements).
        "g", "rect", "line", "text",
    ]
    static let unknownTagCode = 801
}

extension String {
    func replacingNUL() -> String {
        guard utf8.contains(0) else { return self }
        return String(String.UnicodeScalarView(unicodeScalars.map { $0 == "\0" ? "\u{FFFD}" : $0 }))
    }
}
