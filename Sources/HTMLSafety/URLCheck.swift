/// Scheme checks on URL attribute values, done the way a browser reads them.
enum URLCheck {
    /// A browser ignores ASCII whitespace and control characters anywhere in a
    /// scheme (`java\tscript:`), so they are removed before the scheme is read.
    static func normalised(_ value: String) -> String {
        String(String.UnicodeScalarView(value.unicodeScalars.filter { scalar in
            scalar.value > 0x20 && scalar.value != 0x7F && !(0x80...0x9F).contains(scalar.value)
                && scalar != "\u{FEFF}" && scalar != "\u{200B}"
        })).lowercased()
    }

    /// The scheme of a URL, or nil for a relative URL.
    static func scheme(of normalisedValue: String) -> String? {
        for character in normalisedValue {
            if character == ":" {
                return String(normalisedValue.prefix { $0 != ":" })
            }
            if character == "/" || character == "?" || character == "#" { return nil }
        }
        return nil
    }

    static func isAllowed(_ value: String, schemes: Set<String>, allowsDataImage: Bool) -> Bool {
        // No colon, no scheme: a relative URL (entities are already decoded).
        if !value.utf8.contains(UInt8(ascii: ":")) { return true }
        let normalised = normalised(value)
        guard let scheme = scheme(of: normalised) else { return true }
        if schemes.contains(scheme) { return true }
        if allowsDataImage, scheme == "data" {
            let types = ["data:image/png", "data:image/gif", "data:image/jpeg", "data:image/webp"]
            return types.contains { normalised.hasPrefix($0 + ";") || normalised.hasPrefix($0 + ",") }
        }
        return false
    }

    /// A path on this server: `/static/app.js`, not `//evil.example/x.js` or `/\evil`.
    static func isSameOriginPath(_ value: String) -> Bool {
        // The usual case, `/static/app.css`, without building a normalised copy.
        var bytes = value.utf8.makeIterator()
        if bytes.next() == UInt8(ascii: "/"), let second = bytes.next(),
           second > 0x20, second != 0x7F, second != UInt8(ascii: "/"), second != UInt8(ascii: "\\") {
            return true
        }
        let normalised = normalised(value)
        guard normalised.hasPrefix("/") else { return false }
        let second = normalised.dropFirst().first
        return second != "/" && second != "\\"
    }
}
