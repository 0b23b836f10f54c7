import Testing
@testable import HTMLSafety

/// `process(page:)` with the `.page` policy: the console's own rendered pages.
@Suite struct PagePolicyTests {
    @Test func outputStartsWithDoctype() {
        #expect(processPage(page(body: "<p>x</p>")).html.hasPrefix("<!DOCTYPE html>\n<html>"))
        #expect(processPage("<p>no doctype</p>\n").html == "<!DOCTYPE html>\n<html><body><p>no doctype</p>\n</body></html>")
    }

    @Test func headEssentialsAndSameOriginScriptAreKept() {
        let head = "<meta charset=\"utf-8\"><title>T</title><link rel=\"stylesheet\" href=\"/static/app.css\"><script src=\"/static/app.js\" defer></script>"
        let result = processPage("<!DOCTYPE html>\n<html lang=\"en\"><head>\(head)</head><body><p>x</p></body></html>")
        #expect(result.html == "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>T</title><link rel=\"stylesheet\" href=\"/static/app.css\"><script src=\"/static/app.js\" defer=\"defer\"></script></head><body><p>x</p></body></html>")
        #expect(result.issues.isEmpty)
    }

    @Test func inlineAndForeignScriptsAndMetaHttpEquivAreDropped() {
        let head = "<title>T</title><script>alert(1)</script><script src=\"//evil.example/x.js\"></script><script src=\"/static/app.js\">alert(1)</script><meta http-equiv=\"refresh\" content=\"0;url=/x\"><meta name=\"viewport\" content=\"width=device-width\">"
        #expect(processPage(page(head: head, body: "<p>x</p>")).html
            == expectedPage(head: "<title>T</title><meta name=\"viewport\" content=\"width=device-width\">", body: "<p>x</p>"))
    }

    @Test func scriptSrcMustBeAPathOnThisServer() {
        let head = "<title>T</title><script src=\"/\\evil.example/x.js\"></script><script src=\" //evil.example/x.js\"></script><script src=\"https://evil.example/x.js\"></script><script src=\"/static/ok.js\"></script>"
        #expect(processPage(page(head: head, body: "")).html
            == expectedPage(head: "<title>T</title><script src=\"/static/ok.js\"></script>", body: ""))
    }

    @Test func scriptWithCodeInsideIsDropped() {
        // Whitespace inside <script src> is harmless and kept (content emptied);
        // a comment or any code inside drops the element.
        let body = "<script src=\"/static/a.js\" onload=\"alert(1)\"></script><script src=\"/static/b.js\"><!-- x --></script><script src=\"/static/c.js\">  </script><script src=\"/static/d.js\"></script >"
        #expect(processPage(page(body: body)).html
            == expectedPage(body: "<script src=\"/static/a.js\"></script><script src=\"/static/c.js\"></script><script src=\"/static/d.js\"></script>"))
    }

    @Test func layoutFormsAndHtml5ElementsAreKept() {
        let body = "<nav aria-label=\"Main\"><a href=\"/\">Home</a></nav><main id=\"main\"><section class=\"s\"><h1>H</h1><meter min=\"0\" max=\"10\" value=\"3\">3</meter><progress max=\"10\" value=\"5\">5</progress><time datetime=\"2024-01-01T00:00:00Z\">1 Jan</time></section><form method=\"post\" action=\"/users/1/delete\"><input type=\"hidden\" name=\"csrf\" value=\"tok\"><label for=\"r\">Reason</label><input id=\"r\" name=\"reason\" required><textarea name=\"t\" rows=\"3\"></textarea><select name=\"s\"><option value=\"1\" selected>One</option></select><button type=\"submit\" formaction=\"/x\">Go</button></form></main><footer>f</footer>"
        let expected = "<nav aria-label=\"Main\"><a href=\"/\">Home</a></nav><main id=\"main\"><section class=\"s\"><h1>H</h1><meter min=\"0\" max=\"10\" value=\"3\">3</meter><progress max=\"10\" value=\"5\">5</progress><time datetime=\"2024-01-01T00:00:00Z\">1 Jan</time></section><form method=\"post\" action=\"/users/1/delete\"><input type=\"hidden\" name=\"csrf\" value=\"tok\"><label for=\"r\">Reason</label><input id=\"r\" name=\"reason\" required=\"\"><textarea name=\"t\" rows=\"3\"></textarea><select name=\"s\"><option value=\"1\" selected=\"selected\">One</option></select><button type=\"submit\" formaction=\"/x\">Go</button></form></main><footer>f</footer>"
        let result = processPage(page(body: body))
        #expect(result.html == expectedPage(body: expected))
        #expect(result.issues.isEmpty)
    }

    @Test func onHandlersAreStrippedEvenThoughPageAllowsManyAttributes() {
        let body = "<div id=\"d\" class=\"c\" onclick=\"alert(1)\" ONMOUSEOVER=\"alert(1)\" data-x=\"1\" aria-hidden=\"true\" style=\"color:red\" hidden>x</div><button onclick=\"alert(1)\" formaction=\"javascript:alert(1)\">b</button><form action=\"javascript:alert(1)\"><input onfocus=\"alert(1)\" autofocus name=\"q\"></form>"
        #expect(processPage(page(body: body)).html
            == expectedPage(body: "<div id=\"d\" class=\"c\" data-x=\"1\" aria-hidden=\"true\" hidden=\"\">x</div><button>b</button><form><input autofocus=\"\" name=\"q\"></form>"))
    }

    @Test func htmlAndBodyHandlersAreStripped() {
        let result = processPage("<!DOCTYPE html><html onload=\"alert(1)\"><head><title>T</title></head><body onload=\"alert(1)\" class=\"b\"><p>x</p></body></html>")
        #expect(result.html == "<!DOCTYPE html>\n<html><head><title>T</title></head><body class=\"b\"><p>x</p></body></html>")
    }

    @Test func dangerousElementsAreDroppedFromPagesToo() {
        let head = "<title>T</title><base href=\"https://evil.example/\"><link rel=\"stylesheet\" href=\"https://evil.example/x.css\"><link rel=\"preload\" href=\"/x.js\"><style>body{}</style>"
        let body = "<iframe src=\"/x\"></iframe><object data=\"/x\"></object><embed src=\"/x\"><svg><script>alert(1)</script></svg><!-- comment --><noscript>n</noscript><template><p>t</p></template><math><mi>x</mi></math>"
        #expect(processPage(page(head: head, body: body)).html == expectedPage(body: ""))
    }

    @Test func urlSchemesAreCheckedOnPagesAndDataImagesAreNotAllowed() {
        let body = "<a href=\"javascript:alert(1)\">x</a><img src=\"data:image/png;base64,AA==\"><a href=\"data:text/html,x\">d</a><form action=\"/x\"><input formaction=\"javascript:alert(1)\" type=\"submit\"><input type=\"image\" src=\"javascript:alert(1)\"></form>"
        #expect(processPage(page(body: body)).html
            == expectedPage(body: "<a>x</a><img><a>d</a><form action=\"/x\"><input type=\"submit\"><input type=\"image\"></form>"))
    }

    @Test func targetBlankOnPages() {
        #expect(processPage(page(body: "<a href=\"https://example.com/\" target=\"_blank\">x</a>")).html
            == expectedPage(body: "<a href=\"https://example.com/\" target=\"_blank\" rel=\"noopener noreferrer\">x</a>"))
    }

    @Test func textareaAndTitleMutationIsSanitisedOnPages() {
        let body = "<textarea></textarea><img src=x onerror=alert(1)><title></title><img src=y onerror=alert(2)><textarea><b onclick=x>b</b></textarea>"
        #expect(processPage(page(body: body)).html
            == expectedPage(body: "<textarea></textarea><img src=\"x\"><title></title><img src=\"y\"><textarea><b>b</b></textarea>"))
    }

    @Test func textAndAttributesAreEscapedOnPages() {
        let body = "<p>Grüße &amp; 日本語 &lt;b&gt;</p><input value=\"a&quot;b<c>\">"
        #expect(processPage(page(body: body)).html
            == expectedPage(body: "<p>Grüße &amp; 日本語 &lt;b&gt;</p><input value=\"a&quot;b&lt;c&gt;\">"))
    }

    @Test func pageIdsNamesAndDataAttributesAreKept() {
        #expect(processPage(page(body: "<p id=\"x\" name=\"y\" data-id=\"1\">a</p>")).html
            == expectedPage(body: "<p id=\"x\" name=\"y\" data-id=\"1\">a</p>"))
    }

    @Test func malformedAttributeNamesCannotInjectMarkup() {
        let body = "<div data-x\"y=1 data-a<b=2 data-c/d=3 data-ok=6>x</div>"
        let result = processPage(page(body: body))
        #expect(result.html == expectedPage(body: "<div data-x=\"\" data-a=\"\" data-c=\"\" data-ok=\"6\">x</div>"))
        #expect(result.issues.map(\.code) == [68, 68, 68])
    }

    @Test func processReportsTheSameIssuesAsValidate() {
        let input = page(body: "<p>a</p></p><nvx>b</nvx>")
        let result = processPage(input)
        #expect(result.html == expectedPage(body: "<p>a</p>b"))
        #expect(result.issues == HTMLPipeline(policy: .page).validate(page: input))
        #expect(result.issues.map(\.code) == [76, 801])
    }

    @Test func emptyPageIsReportedNotCrashed() {
        let result = processPage("")
        #expect(result.html == "<!DOCTYPE html>\n")
        #expect(result.issues == [HTMLIssue(line: 1, column: 1, code: 4, message: "Document is empty")])
    }

    @Test func pagePolicySanitisingAFragmentKeepsFormsAndSameOriginScript() {
        let output = HTMLPipeline(policy: .page).sanitise(fragment: "<p id=a onclick=x>k</p><script src=/a.js></script><form action=/x><input name=q></form>")
        #expect(output == "<p id=\"a\">k</p><script src=\"/a.js\"></script><form action=\"/x\"><input name=\"q\"></form>")
    }
}

/// The SVG the console draws its charts with survives on pages; nothing in it
/// that could run, link or animate does, and outside markup gets no SVG at all.
@Suite struct ChartSVGTests {
    @Test func theChartSubsetIsKeptOnPages() {
        let chart = "<svg class=\"column-chart\" viewBox=\"-12 0 504 132\" role=\"img\" aria-label=\"Answers\"><text class=\"scale\" x=\"0\" y=\"10\">max 3</text><rect class=\"bar\" x=\"3\" y=\"14\" width=\"14\" height=\"100\"></rect><line class=\"axis\" x1=\"0\" y1=\"114\" x2=\"480\" y2=\"114\"></line></svg>"
        let result = processPage(page(body: chart))
        #expect(result.issues.isEmpty, "\(result.issues)")
        #expect(result.html.contains("<svg class=\"column-chart\" viewbox=\"-12 0 504 132\" role=\"img\" aria-label=\"Answers\">"))
        #expect(result.html.contains("<rect class=\"bar\" x=\"3\" y=\"14\" width=\"14\" height=\"100\"></rect>"))
        #expect(result.html.contains("<line class=\"axis\" x1=\"0\" y1=\"114\" x2=\"480\" y2=\"114\"></line>"))
    }

    @Test func scriptsHandlersLinksAndAnimationInsideSVGAreDropped() {
        let svg = "<svg onload=\"alert(1)\"><script>alert(2)</script><rect onclick=\"alert(3)\" style=\"fill:red\" width=\"1\" height=\"1\"></rect>"
            + "<animate attributeName=\"href\" to=\"javascript:alert(4)\"></animate><foreignObject><img src=x onerror=alert(5)></foreignObject>"
            + "<use href=\"data:image/svg+xml,<svg onload=alert(6)>\"></use><a href=\"javascript:alert(7)\">x</a></svg>"
        let html = processPage(page(body: svg)).html
        for gone in ["onload", "alert(2)", "onclick", "style=", "animate", "foreignobject", "onerror", "<use", "javascript:"] {
            #expect(!html.lowercased().contains(gone), "\(gone) survived: \(html)")
        }
        #expect(html.contains("<rect width=\"1\" height=\"1\"></rect>"))
    }

    @Test func outsideMarkupGetsNoSVG() {
        #expect(HTMLPipeline(policy: .fragment).sanitise(fragment: "<p>a</p><svg><rect width=\"1\"></rect><text>t</text></svg>") == "<p>a</p>")
    }
}
