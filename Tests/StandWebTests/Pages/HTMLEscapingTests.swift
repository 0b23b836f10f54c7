import Testing
@testable import StandWeb

@Suite struct HTMLEscapingTests {
    @Test(arguments: [
        ("plain text", "plain text"),
        ("<script>alert('x')</script>", "&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;"),
        ("\" onmouseover=\"x", "&quot; onmouseover=&quot;x"),
        ("Tom & Jerry", "Tom &amp; Jerry"),
        ("&amp; already", "&amp;amp; already"),
        ("josé <b>ñ</b> 用户 👍", "josé &lt;b&gt;ñ&lt;/b&gt; 用户 👍"),
        ("", ""),
    ])
    func escapesTheFiveCharactersOnly(input: String, expected: String) {
        #expect(FastHTMLEscaping.escape(input) == expected)
    }

    @Test func thePragmaRendersNothing() throws {
        let library = try TemplateLoader.library(directory: TestConsole.root.appendingPathComponent("Templates").path)
        let page = PageContext(layout: LayoutModel.fixture(role: .owner), page: ErrorPage(status: 404, heading: "x", message: "a'b", signedIn: true))
        let html = try #require(library.render(page, withTemplate: "error"))
        #expect(html.contains("a&#39;b"))
        #expect(!html.contains("CONTENT_TYPE"))
    }
}

@Suite struct GroupedDigitsTests {
    @Test(arguments: [(0, "0"), (7, "7"), (999, "999"), (1_000, "1,000"), (12_345, "12,345"), (1_000_000, "1,000,000"), (-1_234, "-1,234"), (-12, "-12")])
    func groupsThousands(value: Int, expected: String) {
        #expect(value.grouped == expected)
    }

    @Test func countsNameTheirNoun() {
        #expect(0.counted("day") == "0 days")
        #expect(1.counted("session") == "1 session")
        #expect(1_200.counted("more minute") == "1,200 more minutes")
    }
}
