import Mustache

// Mustache prints a value it has no protocol for with `String(describing:)`,
// after testing it for `AnyOptional`: two more conformance lookups and the
// standard library's printing machinery for every `{{field}}` on every page.
// Text and numbers that answer `MustacheCustomRenderable` go straight to the
// escaper. Same output: `renderText` is what `String(describing:)` gives.
extension String: @retroactive MustacheCustomRenderable {
    public var renderText: String { self }
    public var isNull: Bool { false }
}

extension Int: @retroactive MustacheCustomRenderable {
    public var renderText: String { String(self) }
    public var isNull: Bool { false }
}

extension Int64: @retroactive MustacheCustomRenderable {
    public var renderText: String { String(self) }
    public var isNull: Bool { false }
}
