import CLibXML2

/// Walks a parsed tree and removes everything the policy does not allow.
struct Sanitiser {
    let policy: SanitisePolicy
    private let names: NameDecisions

    /// `dictionary` is the parsed document's name dictionary: decisions are
    /// remembered per interned name, so a page with 150 elements and 25
    /// distinct names reads 25 names, not 150.
    init(policy: SanitisePolicy, dictionary: xmlDictPtr?) {
        self.policy = policy
        self.names = NameDecisions(dictionary: dictionary)
    }

    func sanitiseChildren(of parent: xmlNodePtr) {
        var child = parent.pointee.children
        while let node = child {
            child = node.pointee.next
            sanitise(node)
        }
    }

    /// Sanitise one node; it may be freed, so read its `next` before calling.
    func sanitise(_ node: xmlNodePtr) {
        switch node.pointee.type {
        case XML_ELEMENT_NODE:
            sanitiseElement(node)
        case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
            break
        default:
            // Comments (DESIGN.md libxml2 note 1), processing instructions,
            // entity references: nothing a page needs.
            remove(node)
        }
    }

    private func sanitiseElement(_ node: xmlNodePtr) {
        let decision = names.element(node) { name in
            NameDecisions.Element(
                name: name,
                isRemovedWithContent: (policy.removedWithContent.contains(name) || SanitisePolicy.alwaysRemovedWithContent.contains(name))
                    && !(policy.allowsSVGCharts && SanitisePolicy.svgChartElements.contains(name)),
                isAllowed: policy.allowedElements.contains(name)
                    && (policy.allowsSVGCharts || !SanitisePolicy.svgChartElements.contains(name))
            )
        }
        let name = decision.name
        if decision.isRemovedWithContent && !isAllowedScript(node, name: name) {
            remove(node)
            return
        }
        guard decision.isAllowed else {
            sanitiseChildren(of: node)
            unwrap(node)
            return
        }
        if !keepsSpecialElement(node, name: name) {
            remove(node)
            return
        }
        sanitiseAttributes(of: node, element: name)
        if name == "script" {
            removeAllChildren(of: node)
        } else {
            sanitiseChildren(of: node)
        }
    }

    /// Only `<script src="/...">` with no inline code survives, and only on pages.
    private func isAllowedScript(_ node: xmlNodePtr, name: String) -> Bool {
        guard name == "script", policy.allowsSameOriginScriptsAndStyles else { return false }
        guard let src = XMLName.attribute("src", of: node), URLCheck.isSameOriginPath(src) else { return false }
        return !hasNonWhitespaceText(node)
    }

    private func keepsSpecialElement(_ node: xmlNodePtr, name: String) -> Bool {
        switch name {
        case "meta":
            // `http-equiv` can set cookies, refresh to another URL or relax CSP.
            return XMLName.attribute("http-equiv", of: node) == nil
        case "link":
            guard policy.allowsSameOriginScriptsAndStyles,
                  let rel = XMLName.attribute("rel", of: node)?.lowercased(),
                  ["stylesheet", "icon"].contains(rel),
                  let href = XMLName.attribute("href", of: node)
            else { return false }
            return URLCheck.isSameOriginPath(href)
        default:
            return true
        }
    }

    private func sanitiseAttributes(of node: xmlNodePtr, element: String) {
        var opensNewTab = false
        var attribute = node.pointee.properties
        while let current = attribute {
            attribute = current.pointee.next
            let decision = names.attribute(current) { name in
                NameDecisions.Attribute(name: name, isAllowed: isAllowedName(name), isURL: SanitisePolicy.urlAttributes.contains(name))
            }
            var keep = decision.isAllowed
            if keep && decision.isURL && !Self.hasNoColon(current) {
                let allowsDataImage = policy.allowsDataImages && element == "img" && decision.name == "src"
                keep = URLCheck.isAllowed(XMLName.value(of: current), schemes: policy.allowedSchemes, allowsDataImage: allowsDataImage)
            }
            if !keep {
                xmlRemoveProp(current)
            } else if decision.name == "target", XMLName.value(of: current).lowercased() != "_self" {
                opensNewTab = true
            }
        }
        if opensNewTab {
            xmlSetProp(node, "rel", "noopener noreferrer")
        }
    }

    /// A value without a colon cannot name a scheme (entities are already
    /// decoded), so most links are passed without reading them into a String.
    private static func hasNoColon(_ attribute: xmlAttrPtr) -> Bool {
        guard let text = attribute.pointee.children, text.pointee.next == nil, text.pointee.type == XML_TEXT_NODE,
              let content = text.pointee.content
        else { return false }
        return xmlStrchr(content, UInt8(ascii: ":")) == nil
    }

    /// Whether an attribute name may stay at all (its value is checked apart).
    private func isAllowedName(_ name: String) -> Bool {
        // Event handlers and srcdoc go whatever a policy says.
        if name.hasPrefix("on") || name == "srcdoc" || name == "style" { return false }
        return policy.allowedAttributes.contains(name)
            || (policy.allowsAriaAndDataAttributes && (name.hasPrefix("aria-") || name.hasPrefix("data-")))
    }

    /// libxml2 holds script content as text or CDATA; only whitespace is allowed.
    private func hasNonWhitespaceText(_ node: xmlNodePtr) -> Bool {
        var child = node.pointee.children
        while let current = child {
            guard current.pointee.type == XML_TEXT_NODE || current.pointee.type == XML_CDATA_SECTION_NODE else { return true }
            if let content = current.pointee.content, !String(cString: content).allSatisfy(\.isWhitespace) { return true }
            child = current.pointee.next
        }
        return false
    }

    private func removeAllChildren(of node: xmlNodePtr) {
        while let child = node.pointee.children { remove(child) }
    }

    private func remove(_ node: xmlNodePtr) {
        xmlUnlinkNode(node)
        xmlFreeNode(node)
    }

    /// Replace an element by its (already sanitised) children.
    private func unwrap(_ node: xmlNodePtr) {
        while let child = node.pointee.children {
            xmlUnlinkNode(child)
            xmlAddPrevSibling(node, child)
        }
        remove(node)
    }
}
