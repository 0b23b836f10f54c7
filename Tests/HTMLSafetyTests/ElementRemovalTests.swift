import Testing
@testable import HTMLSafety

/// Elements removed with everything inside them, and elements unwrapped.
@Suite struct ElementRemovalTests {
    // MARK: Script and style

    @Test func inlineScriptIsRemoved() {
        #expect(clean("<script>alert(1)</script>") == "")
        #expect(clean("<p>before<script>alert(1)</script>after</p>") == "<p>beforeafter</p>")
    }

    @Test func scriptWithSrcIsRemovedFromFragments() {
        // Same-origin script is for the console's own pages, never for fragments.
        #expect(clean("<script src=\"/static/app.js\"></script>") == "")
        #expect(clean("<script src=\"//evil.example/x.js\"></script>") == "")
        #expect(clean("<script/src=\"/x.js\"></script>") == "")
    }

    @Test func styleElementAndStyleAttributeAreRemoved() {
        #expect(clean("<style>body{background:url(javascript:alert(1))}</style>") == "")
        #expect(clean("<p style=\"background:url(javascript:alert(1))\">x</p>") == "<p>x</p>")
    }

    // MARK: Frames, plugins and document-level elements

    @Test func iframeIsRemovedWithContent() {
        #expect(clean("<iframe srcdoc=\"<script>alert(1)</script>\"></iframe>") == "")
        #expect(clean("<iframe src=\"https://evil.example/\"></iframe>") == "")
        #expect(clean("<iframe src=\"javascript:alert(1)\">fallback</iframe>") == "")
    }

    @Test func framesetFrameAndPortalAreRemoved() {
        #expect(clean("<frameset><frame src=\"javascript:alert(1)\"></frameset>") == "")
        #expect(clean("<portal src=\"https://evil.example/\"></portal>") == "")
    }

    @Test func objectEmbedAppletParamAreRemoved() {
        #expect(clean("<object data=\"javascript:alert(1)\">fb</object>") == "")
        #expect(clean("<object data=\"/x.swf\"><param name=movie value=x></object>") == "")
        #expect(clean("<embed src=\"/x.swf\">") == "")
        #expect(clean("<embed src=\"javascript:alert(1)\">") == "")
        #expect(clean("<applet code=\"x\">a</applet>") == "")
    }

    @Test func baseHrefIsRemoved() {
        #expect(clean("<base href=\"https://evil.example/\">") == "")
        #expect(clean("<base href=\"javascript:alert(1)//\"><a href=\"/x\">x</a>") == "<a href=\"/x\">x</a>")
    }

    @Test func metaRefreshAndSetCookieAreRemoved() {
        #expect(clean("<meta http-equiv=\"refresh\" content=\"0;url=javascript:alert(1)\">") == "")
        #expect(clean("<meta http-equiv=\"Set-Cookie\" content=\"a=b\">") == "")
    }

    @Test func linkIsRemoved() {
        #expect(clean("<link rel=\"stylesheet\" href=\"https://evil.example/x.css\">") == "")
        #expect(clean("<link rel=\"import\" href=\"/x.html\">") == "")
    }

    @Test func bodyAndHtmlWrappersLeaveOnlyTheirContent() {
        #expect(clean("<body onload=alert(1)>x</body>") == "x")
        #expect(clean("<!DOCTYPE html><p>x</p>") == "<p>x</p>")
        #expect(clean("<html><head><title>t</title></head><body><p>x</p></body></html>") == "<p>x</p>")
    }

    // MARK: Forms

    @Test func formWithJavascriptActionIsRemoved() {
        #expect(clean("<form action=\"javascript:alert(1)\"><input name=x></form>") == "")
        #expect(clean("<form action=\"javascript:alert(1)\">in form</form>") == "")
    }

    @Test func buttonWithFormactionIsRemoved() {
        #expect(clean("<button formaction=\"javascript:alert(1)\">x</button>") == "")
        #expect(clean("<form><button formaction=\"javascript:alert(1)\">go</button></form>") == "")
        #expect(clean("<button onclick=alert(1)>x</button>") == "")
    }

    @Test func otherFormControlsAreRemoved() {
        #expect(clean("<select><option>x</option></select>") == "")
        #expect(clean("<input type=\"image\" src=\"javascript:alert(1)\">") == "")
        #expect(clean("<isindex action=\"javascript:alert(1)\">") == "")
    }

    // MARK: Raw-text and legacy elements

    @Test func legacyRawTextElementsAreRemovedWithContent() {
        #expect(clean("<xmp>\(imgPayload)</xmp>") == "")
        #expect(clean("<plaintext>\(imgPayload)") == "")
        #expect(clean("<noembed>\(imgPayload)</noembed>") == "")
        #expect(clean("<noframes>\(imgPayload)</noframes>") == "")
    }

    @Test func mediaAndDialogAreRemoved() {
        #expect(clean("<video poster=\"javascript:alert(1)\"><source src=\"x\"></video>") == "")
        #expect(clean("<audio src=\"/a.mp3\" onerror=alert(1)></audio>") == "")
        #expect(clean("<dialog open>x</dialog>") == "")
        #expect(clean("<marquee>m</marquee>") == "")
    }

    // MARK: Unknown elements are unwrapped, their text kept

    @Test func unknownElementsAreUnwrappedWithTextKept() {
        #expect(clean("<blink>hi</blink>") == "hi")
        #expect(clean("<custom-element foo=\"bar\">kept text</custom-element>") == "kept text")
        #expect(clean("<font color=red>red</font>") == "red")
        #expect(clean("<center>c</center>") == "c")
    }

    @Test func unwrappedChildrenAreStillSanitised() {
        #expect(clean("<foo><b>bold</b> tail</foo>") == "<b>bold</b> tail")
        #expect(clean("<foo onclick=alert(1)>a<img src=x onerror=alert(1)>b</foo>") == "a<img src=\"x\">b")
        #expect(clean("<foo><script>alert(1)</script>text</foo>") == "text")
    }

    @Test func nullByteInTagNameMakesAnUnknownElement() {
        // The NUL becomes U+FFFD as in a browser: `<scr�ipt>` is not a script.
        #expect(clean("<scr\0ipt>alert(1)</script>") == "alert(1)")
    }

    // MARK: What is kept

    @Test func textElementsAreKept() {
        #expect(clean("<table><tr><td colspan=\"2\" rowspan=\"3\">x</td></tr></table>") == "<table><tr><td colspan=\"2\" rowspan=\"3\">x</td></tr></table>")
        #expect(clean("<ol start=\"3\" reversed><li>a</li></ol>") == "<ol start=\"3\" reversed=\"\"><li>a</li></ol>")
        #expect(clean("<details><summary>s</summary>b</details>") == "<details><summary>s</summary>b</details>")
        #expect(clean("<time datetime=\"2024-01-01\">x</time>") == "<time datetime=\"2024-01-01\">x</time>")
        #expect(clean("<span><div>block in inline</div></span>") == "<span><div>block in inline</div></span>")
    }

    @Test func voidElementsAreWrittenWithoutEndTags() {
        #expect(clean("<img src=\"/a.png\"></img>") == "<img src=\"/a.png\">")
        #expect(clean("<wbr>") == "<wbr>")
        #expect(clean("a<br>b<hr>") == "a<br>b<hr>")
    }
}
