import Testing
@testable import HTMLSafety

/// Event handlers, srcdoc, DOM clobbering, target=_blank and attribute allowlists.
@Suite struct AttributeTests {
    // MARK: Event handlers

    @Test func onclickInAnyCase() {
        #expect(clean("<div onclick=\"alert(1)\">x</div>") == "<div>x</div>")
        #expect(clean("<div ONCLICK=\"alert(1)\">x</div>") == "<div>x</div>")
        #expect(clean("<div OnClIcK=\"alert(1)\">x</div>") == "<div>x</div>")
    }

    @Test func onerrorOnImage() {
        #expect(clean("<img src=\"/a.png\" alt=\"x\" onerror=\"alert(1)\">") == "<img src=\"/a.png\" alt=\"x\">")
    }

    @Test func onmouseoverQuotedAndUnquoted() {
        #expect(clean("<a title=\"x\" onmouseover=alert(1)>y</a>") == "<a title=\"x\">y</a>")
        #expect(clean("<a title=\"x\" onmouseover=\"alert(1)\">y</a>") == "<a title=\"x\">y</a>")
    }

    @Test func onmouseoverThroughBrokenQuoting() {
        #expect(clean("<a title=\"x\"\" onmouseover=\"alert(1)\">y</a>") == "<a title=\"x\">y</a>")
        #expect(clean("<img src=x\" onerror=\"alert(1)\">") == "<img src=\"x&quot;\">")
        #expect(clean("<img src=\"/a.png\"onerror=alert(1)>") == "<img src=\"/a.png\">")
        #expect(clean("<img/src=\"/a.png\"/onerror=alert(1)>") == "<img>")
    }

    @Test func handlerTextInsideAQuotedValueStaysText() {
        #expect(clean("<a title=\" onmouseover=alert(1)\">y</a>") == "<a title=\" onmouseover=alert(1)\">y</a>")
        #expect(clean("<p title=\"x' onmouseover='alert(1)\">y</p>") == "<p title=\"x' onmouseover='alert(1)\">y</p>")
    }

    @Test(arguments: [
        "onload", "onerror", "onfocus", "onblur", "onpointerenter", "onanimationstart", "ontoggle",
        "onbeforetoggle", "oncontentvisibilityautostatechange", "onscrollend", "onauxclick", "ONMOUSEOVER",
    ])
    func everyOnAttributeIsRemoved(handler: String) {
        #expect(clean("<p \(handler)=alert(1) title=t>x</p>") == "<p title=\"t\">x</p>")
    }

    @Test func ontoggleOnDetails() {
        #expect(clean("<details open ontoggle=alert(1)><summary>s</summary>b</details>") == "<details open=\"\"><summary>s</summary>b</details>")
    }

    @Test func onStrippingHoldsEvenWhenPolicyAllowsAnAttributeNamedOn() {
        var policy = SanitisePolicy.page
        policy.allowedAttributes.formUnion(["onclick", "onerror", "srcdoc", "style"])
        let output = HTMLPipeline(policy: policy).sanitise(fragment: "<p onclick=a() style=x srcdoc=y title=t>x</p>")
        #expect(output == "<p title=\"t\">x</p>")
    }

    // MARK: srcdoc, style, namespaced and unlisted attributes

    @Test func srcdocIsRemovedEverywhere() {
        #expect(clean("<div srcdoc=\"<script>alert(1)</script>\">x</div>") == "<div>x</div>")
    }

    @Test func unlistedUrlAttributesAreRemoved() {
        #expect(clean("<a href=\"https://example.com/\" xlink:href=\"javascript:alert(1)\">x</a>") == "<a href=\"https://example.com/\">x</a>")
        #expect(clean("<a href=\"http://example.com/\" ping=\"https://evil.example/\">x</a>") == "<a href=\"http://example.com/\">x</a>")
        #expect(clean("<img src=\"/a.png\" srcset=\"javascript:alert(1)\">") == "<img src=\"/a.png\">")
        #expect(clean("<img src=\"/a.png\" usemap=\"#m\">") == "<img src=\"/a.png\">")
    }

    // MARK: DOM clobbering

    @Test func idAndNameAreDroppedInFragments() {
        #expect(clean("<div id=\"x\" name=\"y\">x</div>") == "<div>x</div>")
        #expect(clean("<img name=\"getElementById\" src=\"/a.png\">") == "<img src=\"/a.png\">")
        #expect(clean("<img src=\"/a.png\" name=\"body\">") == "<img src=\"/a.png\">")
        #expect(clean("<a id=\"x\" name=\"y\" href=\"/z\">x</a>") == "<a href=\"/z\">x</a>")
        #expect(clean("<form id=\"x\"><input name=\"y\"></form>") == "")
    }

    @Test func classDataAriaAndRoleAreDroppedInFragments() {
        #expect(clean("<div data-x=\"1\" aria-label=\"l\" class=\"c\" role=\"button\">x</div>") == "<div>x</div>")
        #expect(clean("<p id=\"p1\" class=\"c\">x</p>") == "<p>x</p>")
    }

    // MARK: target=_blank

    @Test func targetBlankGetsNoopenerNoreferrer() {
        #expect(clean("<a href=\"https://example.com/\" target=\"_blank\">x</a>")
            == "<a href=\"https://example.com/\" target=\"_blank\" rel=\"noopener noreferrer\">x</a>")
        #expect(clean("<a target=\"_blank\">x</a>") == "<a target=\"_blank\" rel=\"noopener noreferrer\">x</a>")
    }

    @Test func targetBlankOverridesAUserSuppliedRel() {
        #expect(clean("<a href=\"https://example.com/\" target=\"_blank\" rel=\"opener\">x</a>")
            == "<a href=\"https://example.com/\" target=\"_blank\" rel=\"noopener noreferrer\">x</a>")
    }

    @Test func anyTargetButSelfGetsRel() {
        #expect(clean("<a href=\"/x\" target=\"_top\">x</a>") == "<a href=\"/x\" target=\"_top\" rel=\"noopener noreferrer\">x</a>")
        #expect(clean("<a href=\"/x\" target=\"_self\">x</a>") == "<a href=\"/x\" target=\"_self\">x</a>")
        #expect(clean("<a href=\"/x\" target=\"_SELF\">x</a>") == "<a href=\"/x\" target=\"_SELF\">x</a>")
        #expect(clean("<a href=\"https://example.com/\">x</a>") == "<a href=\"https://example.com/\">x</a>")
        #expect(clean("<a href=\"x\" rel=\"nofollow\">x</a>") == "<a href=\"x\" rel=\"nofollow\">x</a>")
    }

    // MARK: Allowed attributes

    @Test func allowedAttributesAreKeptInOrder() {
        #expect(clean("<img src=\"/a.png\" width=\"10\" height=\"20\" alt=\"a\" title=\"t\">")
            == "<img src=\"/a.png\" width=\"10\" height=\"20\" alt=\"a\" title=\"t\">")
        #expect(clean("<div dir=\"rtl\" lang=\"ar\">x</div>") == "<div dir=\"rtl\" lang=\"ar\">x</div>")
    }

    // MARK: Escaping in attribute values

    @Test func quoteLessThanGreaterThanAmpersandAreEscapedInAttributes() {
        #expect(clean("<p title=\"a&quot;b&lt;c&gt;d&amp;e\">x</p>") == "<p title=\"a&quot;b&lt;c&gt;d&amp;e\">x</p>")
        #expect(clean("<p title='he said \"hi\"'>x</p>") == "<p title=\"he said &quot;hi&quot;\">x</p>")
        #expect(clean("<a title=\"&#60;script&#62;\">x</a>") == "<a title=\"&lt;script&gt;\">x</a>")
    }

    @Test func markupInsideAttributeCannotBreakOut() {
        #expect(clean("<p title=\"<script>alert(1)</script>\">x</p>") == "<p title=\"&lt;script&gt;alert(1)&lt;/script&gt;\">x</p>")
        #expect(clean("<img src=\"/a.png\" alt='\"><script>alert(1)</script>'>")
            == "<img src=\"/a.png\" alt=\"&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;\">")
    }

    @Test func ampersandInUrlsIsEscapedOnce() {
        #expect(clean("<a href=\"/a?b=1&c=2\">x</a>") == "<a href=\"/a?b=1&amp;c=2\">x</a>")
        #expect(clean("<a href=\"/a?b=1&amp;c=2\">x</a>") == "<a href=\"/a?b=1&amp;c=2\">x</a>")
    }
}
