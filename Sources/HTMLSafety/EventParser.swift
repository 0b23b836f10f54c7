import CLibXML2
import Synchronization

/// libxml2's parsers in event (SAX) mode, feeding a `SanitisingWriter`.
///
/// `.html` is libxml2's HTML parser: it reads any markup the way it reads
/// HTML and recovers from errors (outside markup, and any page that is not
/// well-formed XML). `.xml` is its XML parser, two to three times faster and
/// strict: the console's own pages are written as polyglot HTML (well-formed
/// XML that means the same as HTML), so any error it reports is a template bug.
///
/// Parsing happens synchronously on the calling thread: libxml2 keeps its
/// structured-error handler in thread-local state, so the handler installed
/// here only ever sees this parse.
final class EventParser {
    enum Syntax {
        case html
        case xml
    }

    let syntax: Syntax
    private let context: xmlParserCtxtPtr
    private let policy: SanitisePolicy
    /// Kept between parses, lent to each parse's writer.
    private var decisions: NameDecisions?

    /// `NONET` refuses network access; `NODEFDTD` stops the HTML parser from
    /// inventing an HTML 4 doctype. No `NOIMPLIED`: it nests later top-level
    /// siblings inside the first one (DESIGN.md libxml2 note 3).
    ///
    /// `NOENT` makes the XML parser hand over attribute values decoded (without
    /// it, `&amp;` arrives as `&#38;` for a tree builder to decode). It expands
    /// nothing else: the handlers below register no entity declarations and
    /// build no document, so only the five predefined entities and character
    /// references exist, and no DTD or external entity is ever loaded
    /// (`PolyglotPageTests` check both).
    private static let htmlOptions = Int32(HTML_PARSE_NONET.rawValue | HTML_PARSE_NODEFDTD.rawValue)
    private static let xmlOptions = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOENT.rawValue)

    init?(syntax: Syntax, policy: SanitisePolicy) {
        LibXML2.initialiseOnce()
        guard let context = syntax == .html ? htmlNewParserCtxt() : xmlNewParserCtxt() else { return nil }
        self.syntax = syntax
        self.context = context
        self.policy = policy
        context.pointee.sax.pointee = syntax == .html ? Self.htmlEvents() : Self.xmlEvents()
    }

    deinit {
        if syntax == .html { htmlFreeParserCtxt(context) } else { xmlFreeParserCtxt(context) }
    }

    /// A writer for one parse, with this parser's remembered decisions.
    /// The XML parser reads only the console's own pages, where an element the
    /// policy would unwrap is reported; elsewhere it is simply unwrapped.
    func makeWriter(isFragment: Bool, reservingCapacity capacity: Int) -> SanitisingWriter {
        let decisions = self.decisions.take() ?? NameDecisions(policy: policy)
        return SanitisingWriter(policy: policy, decisions: decisions, isFragment: isFragment,
                                reportsUnwrappedElements: syntax == .xml, reservingCapacity: capacity)
    }

    /// Parse `html`, handing every event to `writer`; returns what libxml2
    /// reported. The writer's decisions are kept for the next parse.
    func parse(_ html: String, into writer: inout SanitisingWriter) -> [RawIssue] {
        defer { decisions = writer.decisions }
        let collector = IssueCollector(ignoresHTML5Tags: syntax == .html)
        xmlSetStructuredErrorFunc(Unmanaged.passUnretained(collector).toOpaque()) { userData, error in
            guard let userData, let error else { return }
            Unmanaged<IssueCollector>.fromOpaque(userData).takeUnretainedValue().add(error.pointee)
        }
        defer { xmlSetStructuredErrorFunc(nil, nil) }
        var html = html
        let document: xmlDocPtr? = withUnsafeMutablePointer(to: &writer) { writer in
            context.pointee._private = UnsafeMutableRawPointer(writer)
            defer { context.pointee._private = nil }
            return html.withUTF8 { utf8 in
                utf8.withMemoryRebound(to: CChar.self) { chars in
                    let size = Int32(clamping: chars.count)
                    return syntax == .html
                        ? htmlCtxtReadMemory(context, chars.baseAddress, size, nil, "UTF-8", Self.htmlOptions)
                        : xmlCtxtReadMemory(context, chars.baseAddress, size, nil, "UTF-8", Self.xmlOptions)
                }
            }
        }
        // Only events were asked for; no tree is built, but free one if it were.
        if let document { xmlFreeDoc(document) }
        return collector.issues
    }

    /// A reused context keeps every name it has seen in its dictionary; hostile
    /// fragments full of made-up names would grow it without end, so a parser
    /// whose dictionary got large is not kept.
    var isWorthKeeping: Bool {
        guard let dictionary = context.pointee.dict else { return true }
        return xmlDictSize(dictionary) <= 4_096
    }

    // MARK: Event handlers

    /// The writer of the parse in progress.
    private static func writer(_ userData: UnsafeMutableRawPointer?) -> UnsafeMutablePointer<SanitisingWriter>? {
        // Both parsers pass their own context as the handlers' user data.
        guard let context = userData?.assumingMemoryBound(to: xmlParserCtxt.self), let state = context.pointee._private else { return nil }
        return state.assumingMemoryBound(to: SanitisingWriter.self)
    }

    private static let onStartDocument: startDocumentSAXFunc = { userData in
        guard let context = userData?.assumingMemoryBound(to: xmlParserCtxt.self) else { return }
        EventParser.writer(userData)?.pointee.decisions.use(dictionary: context.pointee.dict)
    }

    private static let onText: charactersSAXFunc = { userData, text, length in
        guard let text, length > 0 else { return }
        EventParser.writer(userData)?.pointee.text(UnsafeBufferPointer(start: text, count: Int(length)))
    }

    private static let onComment: commentSAXFunc = { userData, _ in
        EventParser.writer(userData)?.pointee.comment()
    }

    private static func htmlEvents() -> xmlSAXHandler {
        var events = xmlSAXHandler()
        events.startDocument = onStartDocument
        events.startElement = { userData, name, attributes in
            guard let name else { return }
            EventParser.writer(userData)?.pointee.startElement(name, attributes: .html(attributes), line: { 0 })
        }
        events.endElement = { userData, _ in EventParser.writer(userData)?.pointee.endElement() }
        events.characters = onText
        // Script and style content.
        events.cdataBlock = onText
        events.comment = onComment
        // Whitespace the HTML parser calls ignorable (directly inside <html> and
        // <head>) is left out, as libxml2's tree builder leaves it out.
        return events
    }

    private static func xmlEvents() -> xmlSAXHandler {
        var events = xmlSAXHandler()
        events.initialized = UInt32(XML_SAX2_MAGIC)
        events.startDocument = onStartDocument
        events.startElementNs = { userData, name, prefix, _, _, _, attributeCount, _, attributes in
            guard let name else { return }
            EventParser.writer(userData)?.pointee.startElement(name, prefix: prefix, attributes: .xml(attributes, count: Int(attributeCount))) {
                Int(xmlSAX2GetLineNumber(userData))
            }
        }
        events.endElementNs = { userData, _, _, _ in EventParser.writer(userData)?.pointee.endElement() }
        events.characters = onText
        events.ignorableWhitespace = onText
        events.cdataBlock = onText
        events.comment = onComment
        return events
    }
}

/// Idle parsers of one syntax and policy, reused: a new context (input
/// buffers, name dictionary, node stacks) for every page showed up in the
/// page's profile, and a kept one keeps its sanitiser decisions too.
final class EventParsers: Sendable {
    /// A parser is used by one parse at a time; whoever takes it from the
    /// pool owns it until giving it back, so handing it across threads is safe.
    private struct Idle: @unchecked Sendable {
        let parser: EventParser
    }

    private let syntax: EventParser.Syntax
    private let policy: SanitisePolicy
    private let idle = Mutex<[Idle]>([])
    private static let maximumIdle = 16

    init(syntax: EventParser.Syntax, policy: SanitisePolicy) {
        self.syntax = syntax
        self.policy = policy
    }

    func withParser<T>(_ body: (EventParser) -> T) -> T? {
        guard let parser = idle.withLock({ $0.popLast()?.parser }) ?? EventParser(syntax: syntax, policy: policy) else { return nil }
        let result = body(parser)
        if parser.isWorthKeeping {
            let entry = Idle(parser: parser)
            idle.withLock { parsers in
                if parsers.count < Self.maximumIdle { parsers.append(entry) }
            }
        }
        return result
    }
}

/// One problem as libxml2 reported it.
struct RawIssue {
    let line: Int
    let column: Int
    let code: Int
    let message: String
}

final class IssueCollector {
    private(set) var issues: [RawIssue] = []
    /// The HTML parser knows only HTML 4 elements and reports every HTML5 one
    /// as "Tag nav invalid" (DESIGN.md libxml2 note 7).
    let ignoresHTML5Tags: Bool

    init(ignoresHTML5Tags: Bool) {
        self.ignoresHTML5Tags = ignoresHTML5Tags
    }

    func add(_ error: xmlError) {
        // Dropped here, before any string is made of them.
        if ignoresHTML5Tags, Int(error.code) == HTMLPipeline.unknownTagCode, let tag = error.str1,
           HTMLPipeline.html5Elements.contains(String(cString: tag).lowercased()) {
            return
        }
        var message = error.message.map { String(cString: $0) } ?? "unknown error"
        while message.last == "\n" || message.last == " " { message.removeLast() }
        issues.append(RawIssue(line: Int(error.line), column: Int(error.int2), code: Int(error.code), message: message))
    }
}

enum LibXML2 {
    private static let initialised: Bool = {
        xmlInitParser()
        return true
    }()

    static func initialiseOnce() {
        _ = initialised
    }
}
