import CLibXML2

/// Sanitises and serialises in one pass, from the parser's events: no tree is
/// built, walked or freed (that was most of the libxml2 stage's time).
///
/// Anything the policy does not allow is left out as it streams by: elements
/// removed with their content are skipped to their end, other unknown
/// elements lose their tags but keep their content, attributes are filtered
/// and URL values checked, comments and processing instructions never reach
/// here. Every text and attribute value is escaped on the way out, so
/// libxml2's own serialiser, which writes `<!--…-->` unescaped inside some
/// attributes (DESIGN.md libxml2 note 2), is never used.
///
/// A struct, driven through a pointer by the parser's handlers: a class's
/// buffer would pay a run-time exclusivity check on every append.
struct SanitisingWriter {
    private(set) var output: [UInt8] = []
    private let policy: SanitisePolicy
    /// Lent by the parser for one parse, given back after it.
    var decisions: NameDecisions
    /// Elements the policy would unwrap, with their line, in the order met:
    /// on the console's own pages each is a template bug (see
    /// `HTMLPipeline.process(polyglotPage:)`). Kept only when asked for.
    private(set) var unwrappedElements: [(name: String, line: Int)] = []
    private let reportsUnwrappedElements: Bool
    /// A fragment is parsed inside `<html><head></head><body>`: those three
    /// elements are the wrapper, not content, and only their insides are written.
    private let isFragment: Bool

    private enum Open {
        case written(ElementDecision)
        case unwrapped
    }

    private var open: [Open] = []
    /// Depth inside an element removed with its content (0: not inside one).
    private var removedDepth = 0
    /// Where the `<script>` being written starts, to take it back if it holds
    /// code, and its place in `open`.
    private var scriptStart: Int?
    private var scriptDepth = 0
    private var scriptHasCode = false

    init(policy: SanitisePolicy, decisions: NameDecisions, isFragment: Bool, reportsUnwrappedElements: Bool, reservingCapacity capacity: Int) {
        self.policy = policy
        self.reportsUnwrappedElements = reportsUnwrappedElements
        self.decisions = decisions
        self.isFragment = isFragment
        output.reserveCapacity(capacity)
        open.reserveCapacity(32)
    }

    mutating func writeDoctype() {
        output.append(contentsOf: "<!DOCTYPE html>\n".utf8)
    }

    // MARK: Events

    /// `line` is read only when an unwrapped element is reported.
    mutating func startElement(_ name: UnsafePointer<xmlChar>, prefix: UnsafePointer<xmlChar>? = nil, attributes: AttributeList, line: () -> Int) {
        if removedDepth > 0 {
            removedDepth += 1
            return
        }
        if scriptStart != nil { scriptHasCode = true }
        let element = decisions.element(name, prefix: prefix)
        if isFragment && element.isDocumentWrapper {
            open.append(.unwrapped)
            return
        }
        if element.isRemovedWithContent && !isAllowedScript(element, attributes) {
            removedDepth = 1
            return
        }
        guard element.isAllowed else {
            if reportsUnwrappedElements { unwrappedElements.append((element.name, line())) }
            open.append(.unwrapped)
            return
        }
        if !keepsSpecialElement(element, attributes) {
            removedDepth = 1
            return
        }
        if element.isScript && scriptStart == nil {
            scriptStart = output.count
            scriptDepth = open.count
            scriptHasCode = false
        }
        output.append(UInt8(ascii: "<"))
        output.append(contentsOf: element.outputName)
        writeAttributes(attributes, of: element)
        output.append(UInt8(ascii: ">"))
        open.append(.written(element))
    }

    mutating func endElement() {
        if removedDepth > 0 {
            removedDepth -= 1
            return
        }
        guard case .written(let element)? = open.popLast() else { return }
        if element.isVoid { return }
        output.append(contentsOf: "</".utf8)
        output.append(contentsOf: element.outputName)
        output.append(UInt8(ascii: ">"))
        if let start = scriptStart, open.count == scriptDepth {
            // Only `<script src>` with nothing but whitespace inside survives.
            if scriptHasCode { output.removeSubrange(start...) }
            scriptStart = nil
        }
    }

    mutating func text(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard removedDepth == 0, !bytes.isEmpty else { return }
        if scriptStart != nil {
            // Raw-text content is never written; anything but whitespace drops the script.
            if bytes.contains(where: { !Self.isHTMLWhitespace($0) }) { scriptHasCode = true }
            return
        }
        appendEscaped(bytes, inAttribute: false)
    }

    /// A comment is never written; inside a script it counts as code.
    mutating func comment() {
        if removedDepth == 0, scriptStart != nil { scriptHasCode = true }
    }

    // MARK: Decisions

    /// Only `<script src="/...">` with no inline code survives, and only on pages.
    private func isAllowedScript(_ element: ElementDecision, _ attributes: AttributeList) -> Bool {
        guard element.isScript, policy.allowsSameOriginScriptsAndStyles else { return false }
        guard let src = attributes.value(of: "src") else { return false }
        return URLCheck.isSameOriginPath(src)
    }

    private func keepsSpecialElement(_ element: ElementDecision, _ attributes: AttributeList) -> Bool {
        if element.isMeta {
            // `http-equiv` can set cookies, refresh to another URL or relax CSP.
            return attributes.value(of: "http-equiv") == nil
        }
        guard element.isLink else { return true }
        guard policy.allowsSameOriginScriptsAndStyles,
              let rel = attributes.value(of: "rel")?.lowercased(),
              ["stylesheet", "icon"].contains(rel),
              let href = attributes.value(of: "href")
        else { return false }
        return URLCheck.isSameOriginPath(href)
    }

    private mutating func writeAttributes(_ attributes: AttributeList, of element: ElementDecision) {
        var opensNewTab = false
        var relValue: Range<Int>?
        attributes.forEach { name, prefix, value in
            let attribute = decisions.attribute(name, prefix: prefix)
            guard attribute.isAllowed else { return }
            if attribute.isURL, value.contains(UInt8(ascii: ":")) {
                let allowsDataImage = policy.allowsDataImages && element.isImage && attribute.isSource
                guard URLCheck.isAllowed(String(decoding: value, as: UTF8.self), schemes: policy.allowedSchemes, allowsDataImage: allowsDataImage)
                else { return }
            }
            output.append(UInt8(ascii: " "))
            output.append(contentsOf: attribute.outputName)
            output.append(contentsOf: "=\"".utf8)
            let valueStart = output.count
            appendEscaped(value, inAttribute: true)
            if attribute.isRel { relValue = valueStart..<output.count }
            output.append(UInt8(ascii: "\""))
            if attribute.isTarget, !Self.isSelf(value) { opensNewTab = true }
        }
        guard opensNewTab else { return }
        if let relValue {
            output.replaceSubrange(relValue, with: "noopener noreferrer".utf8)
        } else {
            output.append(contentsOf: " rel=\"noopener noreferrer\"".utf8)
        }
    }

    private static func isSelf(_ value: UnsafeBufferPointer<UInt8>) -> Bool {
        value.count == 5 && zip(value, "_self".utf8).allSatisfy { $0 | 0x20 == $1 | 0x20 }
    }

    private static func isHTMLWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D
    }

    // MARK: Escaping

    /// Copies runs of ordinary bytes in one go and escapes the few that need it.
    private mutating func appendEscaped(_ bytes: UnsafeBufferPointer<UInt8>, inAttribute: Bool) {
        var runStart = 0
        for index in 0..<bytes.count {
            let replacement: StaticString
            switch bytes[index] {
            case UInt8(ascii: "&"): replacement = "&amp;"
            case UInt8(ascii: "<"): replacement = "&lt;"
            case UInt8(ascii: ">"): replacement = "&gt;"
            case UInt8(ascii: "\"") where inAttribute: replacement = "&quot;"
            case 0: replacement = "\u{FFFD}"
            default: continue
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
            output.append(contentsOf: UnsafeBufferPointer(start: replacement.utf8Start, count: replacement.utf8CodeUnitCount))
            runStart = index + 1
        }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<bytes.count]))
    }
}
