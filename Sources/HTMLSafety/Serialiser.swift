import CLibXML2

/// Writes a sanitised tree back out as HTML5.
///
/// libxml2's own HTML serialiser writes `<!--…-->` unescaped inside `href`,
/// `src`, `action` and `name` values (DESIGN.md libxml2 note 2) and adds a
/// `<meta http-equiv>`; this one escapes every attribute value and text node
/// itself and writes nothing the tree does not hold.
struct Serialiser {
    private(set) var output: [UInt8] = []

    static let voidElements: Set<String> = [
        "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source",
        "track", "wbr",
    ]

    init(reservingCapacity capacity: Int) {
        output.reserveCapacity(capacity)
    }

    mutating func writeDoctype() {
        output.append(contentsOf: "<!DOCTYPE html>\n".utf8)
    }

    mutating func writeChildren(of parent: xmlNodePtr) {
        var child = parent.pointee.children
        while let node = child {
            write(node)
            child = node.pointee.next
        }
    }

    mutating func write(_ node: xmlNodePtr) {
        switch node.pointee.type {
        case XML_ELEMENT_NODE:
            writeElement(node)
        case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
            appendEscaped(node.pointee.content, inAttribute: false)
        default:
            break
        }
    }

    /// libxml2's HTML parser lower-cases element and attribute names (DESIGN.md
    /// libxml2 note 5), so names are copied straight from its C strings.
    private mutating func appendName(_ name: UnsafePointer<xmlChar>?) {
        guard let name else { return }
        output.append(contentsOf: UnsafeBufferPointer(start: name, count: Int(xmlStrlen(name))))
    }

    private static let voidNames: [[UInt8]] = voidElements.map { Array($0.utf8) }
    private static let rawTextNames: [[UInt8]] = [Array("script".utf8), Array("style".utf8)]

    private static func name(_ name: UnsafePointer<xmlChar>?, isIn names: [[UInt8]]) -> Bool {
        guard let name else { return false }
        let count = Int(xmlStrlen(name))
        guard count <= 6 else { return false }
        let bytes = UnsafeBufferPointer(start: name, count: count)
        return names.contains { $0.count == count && $0.elementsEqual(bytes) }
    }

    private mutating func writeElement(_ node: xmlNodePtr) {
        let name = node.pointee.name
        output.append(UInt8(ascii: "<"))
        appendName(name)
        var attribute = node.pointee.properties
        while let current = attribute {
            output.append(UInt8(ascii: " "))
            if let prefix = current.pointee.ns?.pointee.prefix {
                appendName(prefix)
                output.append(UInt8(ascii: ":"))
            }
            appendName(current.pointee.name)
            output.append(contentsOf: "=\"".utf8)
            if let text = current.pointee.children, text.pointee.next == nil, text.pointee.type == XML_TEXT_NODE {
                appendEscaped(text.pointee.content, inAttribute: true)
            } else {
                appendEscaped(XMLName.value(of: current), inAttribute: true)
            }
            output.append(UInt8(ascii: "\""))
            attribute = current.pointee.next
        }
        output.append(UInt8(ascii: ">"))
        if Self.name(name, isIn: Self.voidNames) {
            // libxml2 2.9.14 does not know `wbr`, `source` and `track` are void
            // and nests what follows inside them; a browser reads those as siblings.
            writeChildren(of: node)
            return
        }
        // Raw-text elements hold no text once sanitised (no inline script or style).
        if !Self.name(name, isIn: Self.rawTextNames) {
            writeChildren(of: node)
        }
        output.append(contentsOf: "</".utf8)
        appendName(name)
        output.append(UInt8(ascii: ">"))
    }

    private mutating func appendEscaped(_ text: String, inAttribute: Bool) {
        var text = text
        text.withUTF8 { appendEscaped(bytes: $0, inAttribute: inAttribute) }
    }

    private mutating func appendEscaped(_ content: UnsafeMutablePointer<xmlChar>?, inAttribute: Bool) {
        guard let content else { return }
        let buffer = UnsafeBufferPointer(start: content, count: Int(xmlStrlen(content)))
        appendEscaped(bytes: buffer, inAttribute: inAttribute)
    }

    /// Copies runs of ordinary bytes in one go and escapes the few that need it.
    private mutating func appendEscaped(bytes: UnsafeBufferPointer<UInt8>, inAttribute: Bool) {
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
