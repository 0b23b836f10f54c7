import CLibXML2
import Synchronization

/// A document parsed by libxml2's HTML parser, with every error it reported.
///
/// Parsing happens synchronously on the calling thread: libxml2 keeps its
/// structured-error handler in thread-local state, so the handler installed
/// here only ever sees this parse.
final class ParsedHTML {
    let document: htmlDocPtr
    private let parserContext: htmlParserCtxtPtr?
    let rawIssues: [RawIssue]

    struct RawIssue {
        let line: Int
        let column: Int
        let code: Int
        let message: String
        /// First string argument of the error; for 801 the tag name.
        let subject: String?
    }

    /// `HTML_PARSE_NONET` refuses network access; `HTML_PARSE_COMPACT` keeps short
    /// text inside its node (one allocation less each); `HTML_PARSE_NODEFDTD` stops
    /// libxml2 from inventing an HTML 4 doctype. No `NOIMPLIED`: it nests later
    /// top-level siblings inside the first one (see DESIGN.md, libxml2 note 3).
    static let parseOptions = Int32(HTML_PARSE_NONET.rawValue | HTML_PARSE_NODEFDTD.rawValue | HTML_PARSE_COMPACT.rawValue)

    init?(_ html: String) {
        LibXML2.initialiseOnce()
        let collector = IssueCollector()
        let context = Unmanaged.passUnretained(collector).toOpaque()
        xmlSetStructuredErrorFunc(context) { userData, error in
            guard let userData, let error else { return }
            let collector = Unmanaged<IssueCollector>.fromOpaque(userData).takeUnretainedValue()
            collector.add(error.pointee)
        }
        defer { xmlSetStructuredErrorFunc(nil, nil) }

        var html = html
        // The context goes back to the pool only when the document is freed:
        // the document shares the context's name dictionary, which is not safe
        // to use from two threads at once.
        let parserContext = ParserContexts.take()
        let parsed: htmlDocPtr? = html.withUTF8 { utf8 in
            utf8.withMemoryRebound(to: CChar.self) { chars in
                htmlCtxtReadMemory(parserContext, chars.baseAddress, Int32(clamping: chars.count), nil, "UTF-8", Self.parseOptions)
            }
        }
        guard let parsed else {
            ParserContexts.give(parserContext)
            return nil
        }
        self.document = parsed
        self.parserContext = parserContext
        self.rawIssues = collector.issues
    }

    deinit {
        xmlFreeDoc(document)
        ParserContexts.give(parserContext)
    }

    var root: xmlNodePtr? { xmlDocGetRootElement(document) }

    /// The document seen as a node: libxml2 lays out `xmlDoc` with the same
    /// leading fields as `xmlNode` (type, name, children, …) for exactly this use.
    var documentNode: xmlNodePtr {
        UnsafeMutableRawPointer(document).assumingMemoryBound(to: xmlNode.self)
    }
}

final class IssueCollector {
    var issues: [ParsedHTML.RawIssue] = []

    func add(_ error: xmlError) {
        // Every page reports its HTML5 elements as unknown; those are dropped
        // here, before any string is made of them.
        if Int(error.code) == HTMLPipeline.unknownTagCode, let tag = error.str1,
           HTMLPipeline.html5Elements.contains(String(cString: tag)) {
            return
        }
        var message = error.message.map { String(cString: $0) } ?? "unknown error"
        while message.last == "\n" || message.last == " " { message.removeLast() }
        issues.append(.init(
            line: Int(error.line),
            column: Int(error.int2),
            code: Int(error.code),
            message: message,
            subject: error.str1.map { String(cString: $0) }
        ))
    }
}

/// libxml2 parser contexts, reset and reused: a new context (input buffers,
/// name dictionary, node stacks) for every page showed up in the page's profile.
/// `htmlCtxtReadMemory` resets the context before each parse.
enum ParserContexts {
    /// A context is used by one parse at a time; whoever takes it from the
    /// pool owns it until giving it back, so handing it across threads is safe.
    private struct Idle: @unchecked Sendable {
        let context: htmlParserCtxtPtr
    }

    private static let idle = Mutex<[Idle]>([])
    private static let maximumIdle = 16

    static func take() -> htmlParserCtxtPtr? {
        if let reused = idle.withLock({ $0.popLast() }) { return reused.context }
        LibXML2.initialiseOnce()
        return htmlNewParserCtxt()
    }

    /// A reused context keeps every name it has seen in its dictionary; hostile
    /// fragments full of made-up names would grow it without end, so a context
    /// whose dictionary got large is freed instead of kept.
    private static let maximumDictionarySize = 4_096

    static func give(_ context: htmlParserCtxtPtr?) {
        guard let context else { return }
        if let dictionary = context.pointee.dict, xmlDictSize(dictionary) > maximumDictionarySize {
            htmlFreeParserCtxt(context)
            return
        }
        let entry = Idle(context: context)
        let kept = idle.withLock { contexts -> Bool in
            guard contexts.count < maximumIdle else { return false }
            contexts.append(entry)
            return true
        }
        if !kept { htmlFreeParserCtxt(context) }
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
