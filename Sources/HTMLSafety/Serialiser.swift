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

    /// What the writer needs to know of an element name, worked out once per
    /// distinct name pointer (libxml2 interns names in the document's dictionary,
    /// and nothing is freed while writing).
    private struct ElementName {
        let bytes: [UInt8]
        let isVoid: Bool
        let isRawText: Bool
    }
    private var elementNames: [UnsafePointer<xmlChar>: ElementName] = [:]
    private var attributeNames: [UnsafePointer<xmlChar>: [UInt8]] = [:]

    private mutating func elementName(_ node: xmlNodePtr) -> ElementName {
        guard let pointer = node.pointee.name else { return ElementName(bytes: [], isVoid: false, isRawText: false) }
        if let known = elementNames[pointer] { return known }
        let name = XMLName.of(node)
        let entry = ElementName(bytes: Array(name.utf8), isVoid: Self.voidElements.contains(name), isRawText: name == "script" || name == "style")
        elementNames[pointer] = entry
        return entry
    }

    private mutating func attributeName(_ attribute: xmlAttrPtr) -> [UInt8] {
        guard let pointer = attribute.pointee.name, attribute.pointee.ns == nil else {
            return Array(XMLName.of(attribute: attribute).utf8)
        }
        if let known = attributeNames[pointer] { return known }
        let bytes = Array(XMLName.of(attribute: attribute).utf8)
        attributeNames[pointer] = bytes
        return bytes
    }

    private mutating func writeElement(_ node: xmlNodePtr) {
        let name = elementName(node)
        output.append(UInt8(ascii: "<"))
        output.append(contentsOf: name.bytes)
        var attribute = node.pointee.properties
        while let current = attribute {
            output.append(UInt8(ascii: " "))
            output.append(contentsOf: attributeName(current))
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
        if name.isVoid {
            // libxml2 2.9.14 does not know `wbr`, `source` and `track` are void
            // and nests what follows inside them; a browser reads those as siblings.
            writeChildren(of: node)
            return
        }
        // Raw-text elements hold no text once sanitised (no inline script or style).
        if !name.isRawText {
            writeChildren(of: node)
        }
        output.append(contentsOf: "</".utf8)
        output.append(contentsOf: name.bytes)
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
