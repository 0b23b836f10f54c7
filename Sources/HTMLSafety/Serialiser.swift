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

    private mutating func writeElement(_ node: xmlNodePtr) {
        let name = XMLName.of(node)
        output.append(UInt8(ascii: "<"))
        output.append(contentsOf: name.utf8)
        var attribute = node.pointee.properties
        while let current = attribute {
            output.append(UInt8(ascii: " "))
            output.append(contentsOf: XMLName.of(attribute: current).utf8)
            output.append(contentsOf: "=\"".utf8)
            appendEscaped(XMLName.value(of: current), inAttribute: true)
            output.append(UInt8(ascii: "\""))
            attribute = current.pointee.next
        }
        output.append(UInt8(ascii: ">"))
        if Self.voidElements.contains(name) {
            // libxml2 2.9.14 does not know `wbr`, `source` and `track` are void
            // and nests what follows inside them; a browser reads those as siblings.
            writeChildren(of: node)
            return
        }
        // Raw-text elements hold no text once sanitised (no inline script or style).
        if name != "script" && name != "style" {
            writeChildren(of: node)
        }
        output.append(contentsOf: "</".utf8)
        output.append(contentsOf: name.utf8)
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

    private mutating func appendEscaped(bytes: UnsafeBufferPointer<UInt8>, inAttribute: Bool) {
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "&"): output.append(contentsOf: "&amp;".utf8)
            case UInt8(ascii: "<"): output.append(contentsOf: "&lt;".utf8)
            case UInt8(ascii: ">"): output.append(contentsOf: "&gt;".utf8)
            case UInt8(ascii: "\"") where inAttribute: output.append(contentsOf: "&quot;".utf8)
            case 0: output.append(contentsOf: "\u{FFFD}".utf8)
            default: output.append(byte)
            }
        }
    }
}
