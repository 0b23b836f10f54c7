import CLibXML2

/// What the policy says about one element name. A class: decisions are
/// looked up for every tag, and a reference is cheaper to hand out than a
/// struct holding a string and an array.
final class ElementDecision {
    /// Lower-cased, with its prefix if it has one (`svg:rect`).
    let name: String
    /// What is written: `name` as UTF-8.
    let outputName: [UInt8]
    let isRemovedWithContent: Bool
    let isAllowed: Bool
    /// Written without an end tag. libxml2 2.9.14 does not know `wbr`, `source`
    /// and `track` are void and reports what follows them as their content; a
    /// browser reads those as siblings, and so does the output.
    let isVoid: Bool
    let isScript: Bool
    /// `html`, `head` or `body`: the wrapper a fragment is parsed in.
    let isDocumentWrapper: Bool
    let isImage: Bool
    /// `meta` and `link`, whose attributes decide whether they stay.
    let isMeta: Bool
    let isLink: Bool

    static let voidElements: Set<String> = [
        "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr",
    ]

    init(name: String, policy: SanitisePolicy) {
        self.name = name
        self.outputName = Array(name.utf8)
        let isChartElement = SanitisePolicy.svgChartElements.contains(name)
        isRemovedWithContent = (policy.removedWithContent.contains(name) || SanitisePolicy.alwaysRemovedWithContent.contains(name))
            && !(policy.allowsSVGCharts && isChartElement)
        isAllowed = policy.allowedElements.contains(name) && (policy.allowsSVGCharts || !isChartElement)
        isVoid = Self.voidElements.contains(name)
        isScript = name == "script"
        isDocumentWrapper = name == "html" || name == "head" || name == "body"
        isImage = name == "img"
        isMeta = name == "meta"
        isLink = name == "link"
    }
}

/// What the policy says about one attribute name.
final class AttributeDecision {
    let name: String
    let outputName: [UInt8]
    let isAllowed: Bool
    let isURL: Bool
    let isSource: Bool
    let isRel: Bool
    let isTarget: Bool

    init(name: String, policy: SanitisePolicy) {
        self.name = name
        self.outputName = Array(name.utf8)
        isURL = SanitisePolicy.urlAttributes.contains(name)
        isSource = name == "src"
        isRel = name == "rel"
        isTarget = name == "target"
        // Event handlers, srcdoc and style go whatever a policy says.
        if name.hasPrefix("on") || name == "srcdoc" || name == "style" {
            isAllowed = false
        } else {
            isAllowed = policy.allowedAttributes.contains(name)
                || (policy.allowsAriaAndDataAttributes && (name.hasPrefix("aria-") || name.hasPrefix("data-")))
        }
    }
}

/// The sanitiser's decisions, remembered per name pointer for as long as the
/// parser context lives: both parsers intern names in the context's
/// dictionary, which a pooled context keeps from page to page, so a page pays
/// for no decision a page before it already made. Only names the dictionary
/// owns are remembered: a name the parser allocated on its own could be freed
/// and its address reused for another name. (A remembered address is
/// dictionary memory, alive as long as the dictionary, so no other name can
/// have it: ownership is checked only when a name is first seen.)
struct NameDecisions {
    let policy: SanitisePolicy
    private var elements: [UnsafePointer<xmlChar>: ElementDecision] = [:]
    private var attributes: [UnsafePointer<xmlChar>: AttributeDecision] = [:]
    private var dictionary: xmlDictPtr?

    init(policy: SanitisePolicy) {
        self.policy = policy
        elements.reserveCapacity(64)
        attributes.reserveCapacity(64)
    }

    /// Called before each parse with its context's dictionary; decisions made
    /// under another dictionary are forgotten.
    mutating func use(dictionary: xmlDictPtr?) {
        guard dictionary != self.dictionary else { return }
        elements.removeAll(keepingCapacity: true)
        attributes.removeAll(keepingCapacity: true)
        self.dictionary = dictionary
    }

    mutating func element(_ name: UnsafePointer<xmlChar>, prefix: UnsafePointer<xmlChar>?) -> ElementDecision {
        if prefix == nil, let known = elements[name] { return known }
        guard prefix == nil, isInterned(name) else {
            return ElementDecision(name: Self.qualifiedName(name, prefix: prefix), policy: policy)
        }
        let decision = ElementDecision(name: Self.qualifiedName(name, prefix: nil), policy: policy)
        elements[name] = decision
        return decision
    }

    mutating func attribute(_ name: UnsafePointer<xmlChar>, prefix: UnsafePointer<xmlChar>?) -> AttributeDecision {
        if prefix == nil, let known = attributes[name] { return known }
        guard prefix == nil, isInterned(name) else {
            return AttributeDecision(name: Self.qualifiedName(name, prefix: prefix), policy: policy)
        }
        let decision = AttributeDecision(name: Self.qualifiedName(name, prefix: nil), policy: policy)
        attributes[name] = decision
        return decision
    }

    /// Lower-cased: the HTML parser lower-cases names itself (DESIGN.md libxml2
    /// note 5), the XML parser keeps `viewBox` as written.
    static func qualifiedName(_ name: UnsafePointer<xmlChar>, prefix: UnsafePointer<xmlChar>?) -> String {
        let local = String(cString: name).lowercased()
        guard let prefix else { return local }
        return String(cString: prefix).lowercased() + ":" + local
    }

    private func isInterned(_ name: UnsafePointer<xmlChar>) -> Bool {
        guard let dictionary else { return false }
        return xmlDictOwns(dictionary, name) == 1
    }
}
