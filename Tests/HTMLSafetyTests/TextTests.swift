import Testing
@testable import HTMLSafety

/// Text content: UTF-8 kept, `<`, `>`, `&` escaped, entities decoded, NUL replaced.
@Suite struct TextTests {
    @Test func utf8TextIsPreservedNotTurnedIntoEntities() {
        #expect(clean("<p>Grüße — 日本語 😀</p>") == "<p>Grüße — 日本語 😀</p>")
    }

    @Test func specialCharactersInTextAreEscaped() {
        #expect(clean("a < b > c & d") == "a &lt; b &gt; c &amp; d")
        #expect(clean("<p>1 &lt; 2 &amp;&amp; 3 &gt; 2</p>") == "<p>1 &lt; 2 &amp;&amp; 3 &gt; 2</p>")
    }

    @Test func quotesInTextAreLeftAlone() {
        #expect(clean("<p>\"quoted\" 'single'</p>") == "<p>\"quoted\" 'single'</p>")
        #expect(clean("Grüße &amp; &lt; &gt; &quot;") == "Grüße &amp; &lt; &gt; \"")
    }

    @Test func escapedMarkupInTextStaysEscaped() {
        #expect(clean("<p>&#60;script&#62;alert(1)&#60;/script&#62;</p>") == "<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>")
        #expect(clean("<p>&lt;img src=x onerror=alert(1)&gt;</p>") == "<p>&lt;img src=x onerror=alert(1)&gt;</p>")
    }

    @Test func namedEntitiesAreDecodedToUTF8() {
        #expect(clean("<p>&nbsp;&copy;&hellip;</p>") == "<p>\u{A0}©…</p>")
        #expect(clean("<p>&unknown;</p>") == "<p>&amp;unknown;</p>")
    }

    @Test func nullBytesInTextBecomeReplacementCharacter() {
        #expect(clean("text\0more") == "text\u{FFFD}more")
        #expect(clean("<p>a\0b</p>") == "<p>a\u{FFFD}b</p>")
        #expect(clean("<p>a\0<script>alert(1)</script>b</p>") == "<p>a\u{FFFD}b</p>")
    }

    @Test func whitespaceIsKept() {
        #expect(clean("<p>tab\there</p>") == "<p>tab\there</p>")
        #expect(clean("<p>a\n  b</p>") == "<p>a\n  b</p>")
    }

    @Test func emptyAndPlainInput() {
        #expect(clean("") == "")
        #expect(clean("just text") == "just text")
    }
}
