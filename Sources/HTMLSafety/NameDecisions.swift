import CLibXML2

/// The sanitiser's decisions about element and attribute names, remembered per
/// name pointer. Only names interned in the document's dictionary are
/// remembered: those pointers live as long as the document, while a name the
/// parser allocated on its own could be freed with its node and the address
/// reused for another name.
final class NameDecisions {
    struct Element {
        let name: String
        let isRemovedWithContent: Bool
        let isAllowed: Bool
    }

    struct Attribute {
        let name: String
        let isAllowed: Bool
        let isURL: Bool
    }

    private let dictionary: xmlDictPtr?
    private var elements: [UnsafePointer<xmlChar>: Element] = [:]
    private var attributes: [UnsafePointer<xmlChar>: Attribute] = [:]

    init(dictionary: xmlDictPtr?) {
        self.dictionary = dictionary
        elements.reserveCapacity(48)
        attributes.reserveCapacity(48)
    }

    func element(_ node: xmlNodePtr, decide: (String) -> Element) -> Element {
        guard let pointer = node.pointee.name, isInterned(pointer) else { return decide(XMLName.of(node)) }
        if let known = elements[pointer] { return known }
        let decision = decide(XMLName.of(node))
        elements[pointer] = decision
        return decision
    }

    func attribute(_ attribute: xmlAttrPtr, decide: (String) -> Attribute) -> Attribute {
        guard let pointer = attribute.pointee.name, attribute.pointee.ns == nil, isInterned(pointer) else {
            return decide(XMLName.of(attribute: attribute))
        }
        if let known = attributes[pointer] { return known }
        let decision = decide(XMLName.of(attribute: attribute))
        attributes[pointer] = decision
        return decision
    }

    private func isInterned(_ name: UnsafePointer<xmlChar>) -> Bool {
        guard let dictionary else { return false }
        return xmlDictOwns(dictionary, name) == 1
    }
}
