import CLibXML2

/// A start tag's attributes as either parser hands them over, read without
/// copying: the HTML parser's NUL-terminated name/value pairs (a value is
/// NULL for a bare `checked`), the XML parser's (name, prefix, URI, value
/// start, value end) quintuples. Valid only during the event.
enum AttributeList {
    case html(UnsafeMutablePointer<UnsafePointer<xmlChar>?>?)
    case xml(UnsafeMutablePointer<UnsafePointer<xmlChar>?>?, count: Int)

    /// Each attribute's name, prefix and decoded value (entities are resolved
    /// by both parsers).
    func forEach(_ body: (UnsafePointer<xmlChar>, UnsafePointer<xmlChar>?, UnsafeBufferPointer<UInt8>) -> Void) {
        switch self {
        case .html(let pairs):
            guard let pairs else { return }
            var index = 0
            while let name = pairs[index] {
                if let value = pairs[index + 1] {
                    body(name, nil, UnsafeBufferPointer(start: value, count: Int(xmlStrlen(value))))
                } else {
                    body(name, nil, Self.bareValue(of: name))
                }
                index += 2
            }
        case .xml(let quintuples, let count):
            guard let quintuples else { return }
            for index in stride(from: 0, to: count * 5, by: 5) {
                guard let name = quintuples[index], let start = quintuples[index + 3], let end = quintuples[index + 4] else { continue }
                body(name, quintuples[index + 1], UnsafeBufferPointer(start: start, count: end - start))
            }
        }
    }

    /// The value of the attribute named `name` (lower case), if present.
    func value(of name: String) -> String? {
        var found: String?
        forEach { attributeName, prefix, value in
            guard found == nil, prefix == nil, NameDecisions.qualifiedName(attributeName, prefix: nil) == name else { return }
            found = String(decoding: value, as: UTF8.self)
        }
        return found
    }

    /// libxml2's tree builder gives HTML 4's boolean attributes their own name
    /// as value (`selected="selected"`) and others an empty one; so does this.
    private static func bareValue(of name: UnsafePointer<xmlChar>) -> UnsafeBufferPointer<UInt8> {
        guard htmlIsBooleanAttr(name) != 0 else { return UnsafeBufferPointer(start: nil, count: 0) }
        return UnsafeBufferPointer(start: name, count: Int(xmlStrlen(name)))
    }
}
