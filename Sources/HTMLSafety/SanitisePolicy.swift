/// What the sanitiser keeps. Anything not allowed is removed; elements that are
/// neither allowed nor dangerous are unwrapped (their children stay).
public struct SanitisePolicy: Sendable {
    /// Elements kept as they are (their attributes are still filtered).
    public var allowedElements: Set<String>
    /// Elements removed together with everything inside them.
    public var removedWithContent: Set<String>
    /// Attributes kept on any allowed element.
    public var allowedAttributes: Set<String>
    /// Keep `aria-*` and `data-*` attributes.
    public var allowsAriaAndDataAttributes: Bool
    /// Allow `<script src>` from the same origin (never inline script) and
    /// `<link rel=stylesheet|icon>`: only our own templates need them.
    public var allowsSameOriginScriptsAndStyles: Bool
    /// URL schemes allowed in links, forms and sources. Relative URLs are always allowed.
    public var allowedSchemes: Set<String>
    /// Allow `data:image/(png|gif|jpeg|webp)` in `<img src>`.
    public var allowsDataImages: Bool
    /// Keep the SVG subset the console draws its charts with (`svgChartElements`):
    /// only our own pages, never markup from outside.
    public var allowsSVGCharts: Bool

    public init(
        allowedElements: Set<String>,
        removedWithContent: Set<String>,
        allowedAttributes: Set<String>,
        allowsAriaAndDataAttributes: Bool,
        allowsSameOriginScriptsAndStyles: Bool,
        allowedSchemes: Set<String>,
        allowsDataImages: Bool,
        allowsSVGCharts: Bool = false
    ) {
        self.allowedElements = allowedElements
        self.removedWithContent = removedWithContent
        self.allowedAttributes = allowedAttributes
        self.allowsAriaAndDataAttributes = allowsAriaAndDataAttributes
        self.allowsSameOriginScriptsAndStyles = allowsSameOriginScriptsAndStyles
        self.allowedSchemes = allowedSchemes
        self.allowsDataImages = allowsDataImages
        self.allowsSVGCharts = allowsSVGCharts
    }

    /// Bars, axes and labels: no links, no scripts, no `use`, no `foreignObject`,
    /// no animation (`set` and `animate` can rewrite attributes).
    public static let svgChartElements: Set<String> = ["svg", "g", "rect", "line", "text"]
    static let svgChartAttributes: Set<String> = [
        "viewbox", "preserveaspectratio", "focusable", "x", "y", "x1", "y1", "x2", "y2", "text-anchor", "dominant-baseline",
    ]

    /// Attributes whose value is a URL and whose scheme is checked.
    static let urlAttributes: Set<String> = [
        "href", "src", "action", "formaction", "cite", "poster", "background",
        "longdesc", "usemap", "ping", "xlink:href", "manifest", "codebase", "data", "lowsrc", "dynsrc",
    ]

    /// Never kept, whatever a policy says.
    static let alwaysRemovedWithContent: Set<String> = [
        "script", "style", "iframe", "frame", "frameset", "object", "embed", "applet", "base",
        "noscript", "noembed", "noframes", "template", "svg", "math", "xml", "xmp", "plaintext",
        "param", "portal", "fencedframe",
    ]

    static let textElements: Set<String> = [
        "p", "br", "b", "i", "u", "s", "em", "strong", "small", "sub", "sup", "mark", "code", "pre",
        "kbd", "samp", "var", "q", "blockquote", "cite", "abbr", "dfn", "time", "span", "div",
        "h1", "h2", "h3", "h4", "h5", "h6", "ul", "ol", "li", "dl", "dt", "dd", "hr", "a", "img",
        "table", "caption", "thead", "tbody", "tfoot", "tr", "th", "td", "colgroup", "col",
        "figure", "figcaption", "details", "summary", "address", "bdi", "bdo", "wbr", "ins", "del",
    ]

    /// For markup that came from outside (user text, snippets): text formatting,
    /// links and images only.
    public static let fragment = SanitisePolicy(
        allowedElements: textElements,
        removedWithContent: alwaysRemovedWithContent.union([
            "form", "input", "button", "select", "option", "textarea", "link", "meta", "title",
            "head", "audio", "video", "source", "track", "canvas", "dialog", "keygen", "isindex",
            "frameset", "marquee",
        ]),
        allowedAttributes: [
            "href", "src", "alt", "title", "width", "height", "target", "rel", "lang", "dir",
            "colspan", "rowspan", "scope", "headers", "datetime", "cite", "open", "start", "reversed",
        ],
        allowsAriaAndDataAttributes: false,
        allowsSameOriginScriptsAndStyles: false,
        allowedSchemes: ["http", "https", "mailto", "tel"],
        allowsDataImages: true
    )

    /// For the console's own rendered pages: the document skeleton, layout and
    /// forms on top of the fragment set. Inline script and style still go.
    public static let page = SanitisePolicy(
        allowedElements: textElements.union([
            "html", "head", "body", "title", "meta", "link", "script",
            "header", "footer", "main", "nav", "section", "article", "aside", "hgroup", "search",
            "form", "fieldset", "legend", "label", "input", "button", "select", "option", "optgroup",
            "textarea", "output", "datalist", "meter", "progress",
        ]).union(svgChartElements),
        removedWithContent: alwaysRemovedWithContent.subtracting(["script"]),
        allowedAttributes: Set<String>([
            "id", "class", "title", "lang", "dir", "hidden", "role", "tabindex",
            "href", "src", "alt", "width", "height", "target", "rel", "type", "media", "sizes",
            "charset", "name", "content",
            "action", "method", "enctype", "accept-charset", "novalidate", "autocomplete",
            "for", "form", "value", "placeholder", "required", "disabled", "readonly", "checked",
            "selected", "multiple", "size", "maxlength", "minlength", "min", "max", "step",
            "pattern", "inputmode", "autofocus", "autocapitalize", "spellcheck", "rows", "cols",
            "wrap", "label", "list", "low", "high", "optimum", "open", "start", "reversed",
            "colspan", "rowspan", "scope", "headers", "datetime", "cite", "defer", "formaction",
            "formmethod", "formnovalidate",
        ]).union(svgChartAttributes),
        allowsAriaAndDataAttributes: true,
        allowsSameOriginScriptsAndStyles: true,
        // otpauth: the set-up link of a second factor, which an authenticator app opens.
        allowedSchemes: ["http", "https", "mailto", "tel", "otpauth"],
        allowsDataImages: false,
        allowsSVGCharts: true
    )
}
