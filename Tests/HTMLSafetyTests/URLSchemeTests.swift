import Testing
@testable import HTMLSafety

/// DESIGN.md libxml2 note 6: URL schemes are checked on the parsed, entity-decoded
/// value, after removing whitespace and control characters, case-insensitively.
@Suite struct URLSchemeTests {
    // MARK: Entity-encoded `javascript:`

    @Test func decimalEntityJ() {
        #expect(clean("<a href=\"&#106;avascript:alert(1)\">x</a>") == "<a>x</a>")
    }

    @Test func hexEntityJUpperAndLower() {
        #expect(clean("<a href=\"&#x6A;avascript:alert(1)\">x</a>") == "<a>x</a>")
        #expect(clean("<a href=\"&#x6a;avascript:alert(1)\">x</a>") == "<a>x</a>")
    }

    @Test func wholeSchemeAsEntitiesWithAndWithoutSemicolons() {
        #expect(clean("<a href=\"&#74;&#65;&#86;&#65;&#83;&#67;&#82;&#73;&#80;&#84;&#58;alert(1)\">x</a>") == "<a>x</a>")
        #expect(clean("<a href=\"&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A;alert(1)\">x</a>") == "<a>x</a>")
    }

    @Test func encodedColon() {
        #expect(clean("<a href=\"javascript&#58;alert(1)\">x</a>") == "<a>x</a>")
        #expect(clean("<a href=\"javascript&#x3A;alert(1)\">x</a>") == "<a>x</a>")
    }

    @Test func html5NamedEntitiesUnknownToLibxml2StayLiteralAndHarmless() {
        // libxml2 2.9 knows no &Tab;, &NewLine; or &colon;. The scheme is then
        // not an allowed one, or the `&` is escaped so a browser reads it literally.
        #expect(clean("<a href=\"jav&Tab;ascript:alert(1)\">x</a>") == "<a>x</a>")
        #expect(clean("<a href=\"javascript&NewLine;:alert(1)\">x</a>") == "<a>x</a>")
        #expect(clean("<a href=\"javascript&colon;alert(1)\">x</a>") == "<a href=\"javascript&amp;colon;alert(1)\">x</a>")
    }

    @Test func percentEncodingIsNotDecodedIntoAScheme() {
        #expect(clean("<a href=\"%6Aavascript:alert(1)\">x</a>") == "<a>x</a>")
    }

    // MARK: Whitespace and control characters inside the scheme

    @Test func tabNewlineAndCarriageReturnInsideScheme() {
        #expect(clean("<a href=\"java&#x09;script:alert(1)\">x</a>") == "<a>x</a>")
        #expect(clean("<a href=\"java&#x0A;script:alert(1)\">x</a>") == "<a>x</a>")
        #expect(clean("<a href=\"java&#13;script:alert(1)\">x</a>") == "<a>x</a>")
        #expect(clean("<a href=\"jav&#x0D;ascript:alert(1)\">x</a>") == "<a>x</a>")
        #expect(clean("<a href=\"java&#x0000000009;script:alert(1)\">x</a>") == "<a>x</a>")
        #expect(clean("<a href=\"java\tscript:alert(1)\">x</a>") == "<a>x</a>")
    }

    @Test func nullByteInsideScheme() {
        #expect(clean("<a href=\"java\0script:alert(1)\">x</a>") == "<a>x</a>")
        #expect(clean("<a href=\"java&#0;script:alert(1)\">x</a>") == "<a href=\"java\">x</a>")
    }

    @Test func mixedCaseSchemes() {
        #expect(clean("<a href=\"JaVaScRiPt:alert(1)\">x</a>") == "<a>x</a>")
        #expect(clean("<a href=\"JAVASCRIPT:alert(1)\">x</a>") == "<a>x</a>")
    }

    @Test func leadingWhitespaceAndControlCharacters() {
        #expect(clean("<a href=\"  javascript:alert(1)\">x</a>") == "<a>x</a>")
        #expect(clean("<a href=\"&#x20;javascript:alert(1)\">x</a>") == "<a>x</a>")
        #expect(clean("<a href=\"&#x09;&#x0A;javascript:alert(1)\">x</a>") == "<a>x</a>")
        #expect(clean("<a href=\"\u{0B}javascript:alert(1)\">x</a>") == "<a>x</a>")
        #expect(clean("<a href=\"&#x7F;javascript:alert(1)\">x</a>") == "<a>x</a>")
        #expect(clean("<a href=\"&#1;javascript:alert(1)\">x</a>") == "<a href=\"\">x</a>")
    }

    @Test func invisibleUnicodeBeforeOrInsideScheme() {
        for prefix in ["&#xFEFF;", "&#x200B;", "&#xA0;", "&#x3000;"] {
            #expect(clean("<a href=\"\(prefix)javascript:alert(1)\">x</a>") == "<a>x</a>", "prefix \(prefix)")
        }
        #expect(clean("<a href=\"java&#x2028;script:alert(1)\">x</a>") == "<a>x</a>")
    }

    // MARK: Other dangerous schemes

    @Test func vbscript() {
        #expect(clean("<a href=\"vbscript:msgbox(1)\">x</a>") == "<a>x</a>")
        #expect(clean("<a href=\"VBScript:msgbox(1)\">x</a>") == "<a>x</a>")
    }

    @Test func dataTextHtmlInLinks() {
        #expect(clean("<a href=\"data:text/html,<script>alert(1)</script>\">x</a>") == "<a>x</a>")
        #expect(clean("<a href=\"data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==\">x</a>") == "<a>x</a>")
    }

    @Test func dataImageIsNotAllowedInLinks() {
        #expect(clean("<a href=\"data:image/png;base64,iVBORw0KGgo=\">x</a>") == "<a>x</a>")
    }

    @Test func schemesOutsideTheAllowlist() {
        #expect(clean("<a href=\"ftp://example.com/\">x</a>") == "<a>x</a>")
        #expect(clean("<a href=\"file:///etc/passwd\">x</a>") == "<a>x</a>")
        #expect(clean("<a href=\"blob:https://x/y\">x</a>") == "<a>x</a>")
    }

    @Test func duplicateHrefKeepsTheFirstLikeABrowser() {
        #expect(clean("<a href=\"https://example.com/\" href=\"javascript:alert(1)\">x</a>") == "<a href=\"https://example.com/\">x</a>")
        #expect(clean("<a href=\"javascript:alert(1)\" href=\"https://example.com/\">x</a>") == "<a>x</a>")
    }

    @Test func citeIsAUrlAttributeToo() {
        #expect(clean("<q cite=\"javascript:alert(1)\">x</q>") == "<q>x</q>")
        #expect(clean("<blockquote cite=\"https://example.com/\">x</blockquote>") == "<blockquote cite=\"https://example.com/\">x</blockquote>")
    }

    // MARK: Images

    @Test func dataImagePngInImgSrcIsKept() {
        #expect(clean("<img src=\"data:image/png;base64,iVBORw0KGgo=\">") == "<img src=\"data:image/png;base64,iVBORw0KGgo=\">")
        #expect(clean("<img src=\"DATA:IMAGE/PNG;base64,iVBORw0KGgo=\">") == "<img src=\"DATA:IMAGE/PNG;base64,iVBORw0KGgo=\">")
        #expect(clean("<img src=\"  data:image/gif;base64,R0lGOD==\">") == "<img src=\"  data:image/gif;base64,R0lGOD==\">")
    }

    @Test func otherDataUrlsInImgSrcAreRemoved() {
        #expect(clean("<img src=\"data:image/svg+xml;base64,PHN2Zz4=\">") == "<img>")
        #expect(clean("<img src=\"data:text/html,<script>alert(1)</script>\">") == "<img>")
        #expect(clean("<img src=\"data:image/png\">") == "<img>")
        #expect(clean("<img src=\"data:image/pngx;base64,AA==\">") == "<img>")
    }

    @Test func javascriptInImgSrc() {
        #expect(clean("<img src=\"javascript:alert(1)\">") == "<img>")
    }

    // MARK: What stays

    @Test func allowedSchemesAndRelativeUrlsAreKept() {
        #expect(clean("<a href=\"https://example.com/\">x</a>") == "<a href=\"https://example.com/\">x</a>")
        #expect(clean("<a href=\"mailto:a@example.com\">x</a>") == "<a href=\"mailto:a@example.com\">x</a>")
        #expect(clean("<a href=\"tel:+441234\">x</a>") == "<a href=\"tel:+441234\">x</a>")
        #expect(clean("<a href=\"/relative?x=1#f\">x</a>") == "<a href=\"/relative?x=1#f\">x</a>")
        #expect(clean("<a href=\"http&#58;//example.com\">x</a>") == "<a href=\"http://example.com\">x</a>")
    }

    @Test func colonAfterPathQueryOrFragmentIsNotAScheme() {
        #expect(clean("<a href=\"page?next=javascript:alert(1)\">x</a>") == "<a href=\"page?next=javascript:alert(1)\">x</a>")
        #expect(clean("<a href=\"#javascript:alert(1)\">x</a>") == "<a href=\"#javascript:alert(1)\">x</a>")
    }

    @Test func urlCheckUnitCases() {
        let schemes: Set<String> = ["http", "https", "mailto", "tel"]
        #expect(!URLCheck.isAllowed(" \u{01}J a v\tA\nscript:x", schemes: schemes, allowsDataImage: true))
        #expect(URLCheck.isAllowed("/a:b", schemes: schemes, allowsDataImage: false))
        #expect(!URLCheck.isAllowed("data:image/png,AA", schemes: schemes, allowsDataImage: false))
        #expect(URLCheck.isAllowed("data:image/webp;base64,AA", schemes: schemes, allowsDataImage: true))
        #expect(URLCheck.isSameOriginPath("/static/app.js"))
        #expect(!URLCheck.isSameOriginPath("//evil.example/x.js"))
        #expect(!URLCheck.isSameOriginPath("/\\evil.example/x.js"))
        #expect(!URLCheck.isSameOriginPath("/\t/evil.example/x.js"))
        #expect(!URLCheck.isSameOriginPath(" //evil.example/x.js"))
        #expect(!URLCheck.isSameOriginPath("https://evil.example/x.js"))
    }
}
