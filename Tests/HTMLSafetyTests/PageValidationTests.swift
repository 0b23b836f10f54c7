import Testing
@testable import HTMLSafety

/// `validate(page:)`: real errors reported with position and libxml2 code,
/// HTML5 elements unknown to libxml2 2.9 not reported (DESIGN.md libxml2 note 7).
@Suite struct PageValidationTests {
    func validate(_ html: String) -> [HTMLIssue] {
        HTMLPipeline(policy: .page).validate(page: html)
    }

    /// A page whose fourth line is `line4`.
    func pageWithLine4(_ line4: String) -> String {
        "<!DOCTYPE html>\n<html><head><title>T</title></head>\n<body>\n\(line4)\n</body></html>\n"
    }

    @Test func wellFormedHtml5PageHasNoIssues() {
        let html = """
        <!DOCTYPE html>
        <html lang="en">
        <head><meta charset="utf-8"><title>T</title></head>
        <body>
        <header><nav><a href="/">Home</a></nav></header>
        <main>
        <section><h1>Title</h1>
        <p>Para <time datetime="2024-01-01">1 Jan</time></p>
        <meter min="0" max="10" value="3">3</meter>
        <progress max="10" value="5">5</progress>
        <details><summary>More</summary><p>Hidden</p></details>
        </section>
        <article><aside>a</aside><figure><img src="/a.png" alt="a"><figcaption>c</figcaption></figure></article>
        </main>
        <footer><p>f</p></footer>
        </body>
        </html>
        """
        #expect(validate(html) == [])
        #expect(processPage(html).issues == [])
    }

    @Test(arguments: [
        "nav", "main", "section", "header", "footer", "article", "aside", "mark", "figure", "figcaption",
        "details", "summary", "time", "meter", "progress", "output", "search", "hgroup", "data", "dialog",
        "picture", "canvas", "bdi", "template",
    ])
    func html5ElementIsNotAnIssue(name: String) {
        #expect(validate(pageWithLine4("<\(name)>x</\(name)>")) == [])
    }

    @Test func listsTablesAndEntitiesHaveNoIssues() {
        let body = "<p>a &amp; b</p><p>c</p><ul><li>x</li></ul><table><thead><tr><th>a</th></tr></thead><tbody><tr><td>b</td></tr></tbody></table>"
        #expect(validate(pageWithLine4(body)) == [])
    }

    @Test func strayEndPIsError76WithPosition() {
        let issues = validate(pageWithLine4("<div>x</div></p>"))
        #expect(issues == [HTMLIssue(line: 4, column: 17, code: 76, message: "Unexpected end tag : p")])
        #expect(issues.allSatisfy { $0.line > 0 && $0.column > 0 })
    }

    @Test func blockInsideParagraphMakesTheEndPUnexpected() {
        #expect(validate(pageWithLine4("<p>x <div>y</div></p>")) == [HTMLIssue(line: 4, column: 22, code: 76, message: "Unexpected end tag : p")])
    }

    @Test func unknownTagIsError801WithPosition() {
        let issues = validate(pageWithLine4("<nvx>typo</nvx>"))
        #expect(issues == [HTMLIssue(line: 4, column: 5, code: 801, message: "Tag nvx invalid")])
    }

    @Test func unknownTagInUpperCaseOrNestedIsStillReported() {
        #expect(validate(pageWithLine4("<NVX>typo</NVX>")).map(\.code) == [801])
        #expect(validate(pageWithLine4("<section><navv>x</navv></section>")) == [HTMLIssue(line: 4, column: 15, code: 801, message: "Tag navv invalid")])
    }

    @Test func lookalikeNonAsciiTagIsReported() {
        // `nvа` ends in a Cyrillic а: not `nav`, and not silently accepted.
        let issues = validate(pageWithLine4("<nvа>x</nvа>"))
        #expect(issues.map(\.code) == [68, 801, 73])
        #expect(issues.allSatisfy { $0.line == 4 && $0.column > 0 })
    }

    @Test func mismatchedEndSpanIsError76() {
        let issues = validate(pageWithLine4("<div><b>x</span></b></div>"))
        #expect(issues == [HTMLIssue(line: 4, column: 17, code: 76, message: "Unexpected end tag : span")])
    }

    @Test func duplicateAttributeAndBrokenEntityAreReported() {
        let issues = validate(pageWithLine4("<p title=\"a\" title=\"b\">x</p><p>&bogus; &lt</p>"))
        #expect(issues.map(\.code) == [42, 23])
        #expect(issues.allSatisfy { $0.line == 4 && $0.column > 0 })
        #expect(issues.first?.message == "Attribute title redefined")
    }

    @Test func everyIssueOfABrokenPageHasAPosition() {
        let issues = validate(pageWithLine4("</p><nvx>a</nvx><div><span>b</i></span></div>"))
        #expect(issues.map(\.code) == [76, 801, 76])
        #expect(issues.allSatisfy { $0.line == 4 && $0.column > 0 })
    }

    @Test func issueDescriptionNamesLineColumnAndCode() {
        let issue = HTMLIssue(line: 4, column: 5, code: 801, message: "Tag nvx invalid")
        #expect(issue.description == "line 4, column 5: Tag nvx invalid (libxml2 error 801)")
    }

    @Test func emptyInputIsReportedAsEmpty() {
        #expect(validate("") == [HTMLIssue(line: 1, column: 1, code: 4, message: "Document is empty")])
    }

    @Test func validationRunsConcurrentlyWithoutMixingIssues() async {
        // libxml2's error handler is per thread; parallel parses must not see each other's errors.
        let bad = pageWithLine4("<nvx>typo</nvx>")
        let good = pageWithLine4("<nav>ok</nav>")
        let results = await withTaskGroup(of: (Bool, [Int]).self) { group in
            for index in 0..<200 {
                let isBad = index.isMultiple(of: 2)
                group.addTask { (isBad, HTMLPipeline(policy: .page).validate(page: isBad ? bad : good).map(\.code)) }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.count == 200)
        #expect(results.allSatisfy { isBad, codes in codes == (isBad ? [801] : []) })
    }
}

@Suite struct ParserReuseTests {
    /// Parser contexts are reused; a broken page must not leave errors or
    /// state behind for the next one, on any thread.
    @Test func aBrokenPageLeavesNothingForTheNext() async {
        let good = "<!DOCTYPE html>\n<html><head><title>t</title></head><body><main><p>ok</p></main></body></html>"
        let broken = "<!DOCTYPE html>\n<html><body><p></span><nvx>"
        await withTaskGroup(of: Bool.self) { group in
            for n in 0..<200 {
                group.addTask {
                    let pipeline = HTMLPipeline(policy: .page)
                    if n % 2 == 0 { return !pipeline.validate(page: broken).isEmpty }
                    return pipeline.validate(page: good).isEmpty && pipeline.process(page: good).html.contains("<p>ok</p>")
                }
            }
            for await passed in group { #expect(passed) }
        }
    }
}

@Suite struct ParserDictionaryTests {
    /// Made-up names fill a reused parser's dictionary; past a size the context
    /// is dropped rather than kept, and output stays right throughout.
    @Test func manyMadeUpNamesAreSanitisedAlike() {
        let pipeline = HTMLPipeline(policy: .fragment)
        for n in 0..<6_000 {
            #expect(pipeline.sanitise(fragment: "<x\(n) data-y\(n)=\"1\">t\(n)</x\(n)>") == "t\(n)")
        }
    }
}
