import Foundation
import Testing
@testable import HTMLSafety

/// `process(polyglotPage:)`: the console's own pages, read by libxml2's XML
/// parser, sanitised by the same writer as every other input.
@Suite struct PolyglotPageTests {
    func process(_ html: String) -> HTMLPipeline.Result {
        HTMLPipeline(policy: .page).process(polyglotPage: html)
    }

    @Test func aPolyglotPageComesOutAsHTML() {
        let input = "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\" /><title>T</title><link rel=\"stylesheet\" href=\"/static/app.css\" />"
            + "<script src=\"/static/app.js\" defer=\"defer\"></script></head><body><p>a<br />b</p><input name=\"q\" required=\"required\" />"
            + "<select name=\"s\"><option value=\"1\" selected=\"selected\">One</option></select><td></td></body></html>"
        let result = process(input)
        #expect(result.issues.isEmpty, "\(result.issues)")
        #expect(result.html == "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>T</title><link rel=\"stylesheet\" href=\"/static/app.css\">"
            + "<script src=\"/static/app.js\" defer=\"defer\"></script></head><body><p>a<br>b</p><input name=\"q\" required=\"required\">"
            + "<select name=\"s\"><option value=\"1\" selected=\"selected\">One</option></select><td></td></body></html>")
    }

    @Test func textAndAttributesAreDecodedThenEscapedAgain() {
        let result = process(page(body: "<p title=\"a&quot;b&lt;c&gt;&amp;&#39;\">Grüße &amp; &lt;b&gt; &#x1F600;</p>"))
        #expect(result.issues.isEmpty)
        #expect(result.html == expectedPage(body: "<p title=\"a&quot;b&lt;c&gt;&amp;'\">Grüße &amp; &lt;b&gt; 😀</p>"))
    }

    @Test func whatThePolicyRemovesIsRemovedOnThisPathToo() {
        let body = "<div onclick=\"alert(1)\" style=\"x\" data-x=\"1\">x</div><a href=\"java&#x09;script:alert(1)\" target=\"_blank\">a</a>"
            + "<script>alert(1)</script><script src=\"/static/a.js\"><!-- x --></script><iframe src=\"/x\"><p>in</p></iframe><!-- c -->"
            + "<meta http-equiv=\"refresh\" content=\"0\" /><svg viewBox=\"0 0 1 1\"><rect width=\"1\" onload=\"x\"></rect><use href=\"#a\"></use></svg>"
        let result = process(page(body: body))
        #expect(result.html == expectedPage(body: "<div data-x=\"1\">x</div><a target=\"_blank\" rel=\"noopener noreferrer\">a</a>"
            + "<svg viewbox=\"0 0 1 1\"><rect width=\"1\"></rect></svg>"))
        // `use` is not in the page policy: an element the page would lose is a template bug.
        #expect(result.issues.map(\.code) == [801])
        #expect(result.issues.map(\.line) == [1])
    }

    @Test func aPageThatIsNotWellFormedIsReportedAndStillSentThroughTheHTMLParser() {
        // Stray end tag, unclosed <p>, an HTML-only bare attribute.
        let input = page(body: "<p>a</div><p>b<input required><img src=\"x\" onerror=\"alert(1)\">")
        let result = process(input)
        #expect(!result.issues.isEmpty)
        #expect(result.issues.allSatisfy { $0.line > 0 }, "\(result.issues)")
        // The page is the HTML parser's reading, sanitised.
        #expect(result.html == HTMLPipeline(policy: .page).process(page: input).html)
        #expect(result.html.contains("<img src=\"x\">"))
        #expect(!result.html.contains("onerror"))
    }

    @Test func entitiesOtherThanXMLsFiveAreAnIssue() {
        #expect(process(page(body: "<p>a&nbsp;b</p>")).issues.map(\.code) == [26])
    }

    @Test func anInternalSubsetCannotDefineEntities() {
        // Templates write the doctype; even so, nothing expands here.
        let input = "<!DOCTYPE html [<!ENTITY x \"<img src=x onerror=alert(1)>\">]><html><body><p>&x;</p></body></html>"
        let result = process(input)
        #expect(!result.html.contains("onerror"))
        #expect(!result.html.contains("img"))
    }

    @Test func anExternalEntityIsNeverLoaded() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("stand-xxe-\(UInt64.random(in: 0...UInt64.max)).txt").path
        try "SECRET-FILE-CONTENT<img src=x onerror=alert(1)>".write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let input = "<!DOCTYPE html [<!ENTITY x SYSTEM \"file://\(path)\">]><html><body><p>&x;</p></body></html>"
        let result = process(input)
        #expect(!result.html.contains("SECRET-FILE-CONTENT"))
        #expect(!result.html.contains("onerror"))
    }

    @Test func deepNestingIsRefusedNotRecursed() {
        let input = "<!DOCTYPE html><html><body>" + String(repeating: "<div>", count: 5_000) + String(repeating: "</div>", count: 5_000) + "</body></html>"
        let result = process(input)
        #expect(!result.issues.isEmpty)
        #expect(result.html.hasPrefix("<!DOCTYPE html>\n<html><body><div><div>"))
    }

    @Test func bothParsersWriteTheSamePageFromThePolyglotInput() {
        let input = page(body: "<nav><ul><li><a href=\"/users?q=a&amp;page=2\" aria-current=\"page\">U</a></li></ul></nav>"
            + "<form method=\"post\" action=\"/x\"><input type=\"checkbox\" name=\"v\" checked=\"checked\" /><textarea name=\"t\">&lt;b&gt;</textarea>"
            + "<button type=\"submit\">Go</button></form><table><tbody><tr><td data-label=\"E\"><a href=\"/u/1\">e@x</a><br /><small>n</small></td></tr></tbody></table>")
        let strict = process(input)
        #expect(strict.issues.isEmpty, "\(strict.issues)")
        #expect(strict.html == HTMLPipeline(policy: .page).process(page: input).html)
    }

    @Test func aReusedParserDecidesAsFreshOnesDo() {
        // Decisions are remembered per interned name across parses of a pooled
        // parser: interleaved inputs must come out exactly as from new pipelines.
        let fragments = ["<p onclick=x>a</p><script>alert(1)</script>", "<a href=\"javascript:x\" target=_blank>b</a>",
                         "<scrip>c</scrip><img src=x onerror=y>", "<style>p{}</style><p style=x title=t>d</p>", "<svg><rect></rect></svg><b>e</b>"]
        let pages = [page(body: "<p id=\"a\">x</p>"), page(body: "<script>alert(1)</script><div onclick=\"x\">y</div>"),
                     page(body: "<a href=\"javascript:x\">z</a><input name=\"q\" />")]
        let reusedFragments = HTMLPipeline(policy: .fragment), reusedPages = HTMLPipeline(policy: .page)
        for _ in 0..<3 {
            for fragment in fragments {
                #expect(reusedFragments.sanitise(fragment: fragment) == HTMLPipeline(policy: .fragment).sanitise(fragment: fragment))
            }
            for input in pages {
                #expect(reusedPages.process(polyglotPage: input).html == HTMLPipeline(policy: .page).process(polyglotPage: input).html)
                #expect(reusedPages.process(page: input).html == HTMLPipeline(policy: .page).process(page: input).html)
            }
        }
    }
}
