import CLibXML2

/// Reading names and values out of libxml2 nodes.
enum XMLName {
    static func of(_ node: xmlNodePtr) -> String {
        guard let name = node.pointee.name else { return "" }
        return String(cString: name).lowercased()
    }

    static func of(attribute: xmlAttrPtr) -> String {
        guard let name = attribute.pointee.name else { return "" }
        var result = String(cString: name).lowercased()
        if let prefix = attribute.pointee.ns?.pointee.prefix {
            result = String(cString: prefix).lowercased() + ":" + result
        }
        return result
    }

    /// The decoded value of an attribute (libxml2 has already resolved entities).
    static func value(of attribute: xmlAttrPtr) -> String {
        guard let children = attribute.pointee.children else { return "" }
        if children.pointee.next == nil, children.pointee.type == XML_TEXT_NODE {
            return children.pointee.content.map { String(cString: $0) } ?? ""
        }
        guard let joined = xmlNodeListGetString(attribute.pointee.doc, children, 1) else { return "" }
        defer { stand_xml_free(joined) }
        return String(cString: joined)
    }

    static func attribute(_ name: String, of node: xmlNodePtr) -> String? {
        var attribute = node.pointee.properties
        while let current = attribute {
            if of(attribute: current) == name { return value(of: current) }
            attribute = current.pointee.next
        }
        return nil
    }
}
