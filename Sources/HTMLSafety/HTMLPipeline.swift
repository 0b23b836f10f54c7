import CLibXML2

/// The one path every HTML page and snippet takes: libxml2 parse → validation →
/// sanitising → serialisation.
public struct HTMLPipeline: Sendable {
    public let policy: SanitisePolicy

    public init(policy: SanitisePolicy = .page) {
        self.policy = policy
    }

    public struct Result: Sendable {
        /// The sanitised page as UTF-8, starting with `<!DOCTYPE html>`.
        public let bytes: [UInt8]
        /// The sanitised page as text.
        public var html: String { String(decoding: bytes, as: UTF8.self) }
        /// Everything libxml2 found wrong in the input; empty for a well-formed page.
        public let issues: [HTMLIssue]
    }

    /// Validate, sanitise and serialise a whole rendered page.
    public func process(page html: String) -> Result {
        guard let parsed = ParsedHTML(html) else {
            return Result(bytes: Array("<!DOCTYPE html>\n".utf8), issues: [HTMLIssue(line: 0, column: 0, code: 0, message: "libxml2 could not parse the document")])
        }
        let issues = Self.issues(in: parsed)
        var serialiser = Serialiser(reservingCapacity: html.utf8.count)
        serialiser.writeDoctype()
        Sanitiser(policy: policy, dictionary: parsed.document.pointee.dict).sanitiseChildren(of: parsed.documentNode)
        if let root = parsed.root { serialiser.write(root) }
        return Result(bytes: serialiser.output, issues: issues)
    }

    /// Only the validation step: every real error libxml2 reports for a page.
    public func validate(page html: String) -> [HTMLIssue] {
        guard let parsed = ParsedHTML(html) else {
            return [HTMLIssue(line: 0, column: 0, code: 0, message: "libxml2 could not parse the document")]
        }
        return Self.issues(in: parsed)
    }

    /// Sanitise markup that came from outside and return what is kept, as a fragment.
    public func sanitise(fragment: String) -> String {
        // A NUL ends libxml2's input early; a browser reads it as U+FFFD.
        let cleaned = fragment.replacingNUL()
        // Wrapped in a full document so that sibling fragments stay siblings
        // (DESIGN.md libxml2 note 3).
        let wrapped = "<!DOCTYPE html><html><head></head><body>" + cleaned + "</body></html>"
        guard let parsed = ParsedHTML(wrapped), let root = parsed.root else { return "" }
        let sanitiser = Sanitiser(policy: policy, dictionary: parsed.document.pointee.dict)
        // The parser moves some of the fragment into <head> or after <body>;
        // all of it came from outside and all of it is sanitised and kept.
        func isHeadOrBody(_ node: xmlNodePtr) -> Bool {
            node.pointee.type == XML_ELEMENT_NODE && ["head", "body"].contains(XMLName.of(node))
        }
        var child = root.pointee.children
        while let node = child {
            child = node.pointee.next
            if isHeadOrBody(node) { sanitiser.sanitiseChildren(of: node) } else { sanitiser.sanitise(node) }
        }
        var serialiser = Serialiser(reservingCapacity: fragment.utf8.count)
        child = root.pointee.children
        while let node = child {
            if isHeadOrBody(node) { serialiser.writeChildren(of: node) } else { serialiser.write(node) }
            child = node.pointee.next
        }
        return String(decoding: serialiser.output, as: UTF8.self)
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

    static func issues(in parsed: ParsedHTML) -> [HTMLIssue] {
        parsed.rawIssues.compactMap { raw in
            if raw.code == unknownTagCode, let tag = raw.subject?.lowercased(), html5Elements.contains(tag) {
                return nil
            }
            return HTMLIssue(line: raw.line, column: raw.column, code: raw.code, message: raw.message)
        }
    }
}

extension String {
    func replacingNUL() -> String {
        guard utf8.contains(0) else { return self }
        return String(String.UnicodeScalarView(unicodeScalars.map { $0 == "\0" ? "\u{FFFD}" : $0 }))
    }
}
