/// One path the console answers, typed by the value its pattern takes:
/// `SitePath<Void>` for `/users`, `SitePath<String>` for `/users/{uuid}`.
/// The router registers `pattern`; links and redirects come from `href`,
/// so a path is spelt once (see `Site`).
struct SitePath<Parameter>: Sendable {
    /// As the router matches it: `/users/{uuid}`.
    let pattern: String

    init(_ pattern: String) {
        self.pattern = pattern
    }
}

/// Query items in order; a nil value leaves its name out. Written as a
/// dictionary literal (`["q": typed, "after": cursor]`) or built from pairs.
struct QueryItems: ExpressibleByDictionaryLiteral, Sequence, Sendable {
    private var pairs: [(String, String?)]

    init(_ pairs: [(String, String?)]) {
        self.pairs = pairs
    }

    init(dictionaryLiteral elements: (String, String?)...) {
        pairs = elements
    }

    func makeIterator() -> IndexingIterator<[(String, String?)]> {
        pairs.makeIterator()
    }

    static func + (lhs: QueryItems, rhs: QueryItems) -> QueryItems {
        QueryItems(lhs.pairs + rhs.pairs)
    }
}

extension SitePath where Parameter == Void {
    func href(_ query: QueryItems = [:], fragment: String? = nil) -> String {
        URLEncoding.link(pattern, query: query, fragment: fragment)
    }
}

extension SitePath where Parameter: LosslessStringConvertible {
    /// The path with its one `{…}` segment filled by `value`, percent-encoded.
    func href(_ value: Parameter, _ query: QueryItems = [:], fragment: String? = nil) -> String {
        guard let open = pattern.firstIndex(of: "{"), let close = pattern[open...].firstIndex(of: "}") else {
            preconditionFailure("\(pattern) takes no parameter")
        }
        let path = pattern[..<open] + URLEncoding.component(String(value)) + pattern[pattern.index(after: close)...]
        return URLEncoding.link(String(path), query: query, fragment: fragment)
    }
}

/// Percent-encoding for the links and redirects the console writes: one
/// encoder, RFC 3986's unreserved characters left as they are.
enum URLEncoding {
    private static let unreserved: Set<UInt8> = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~".utf8)
    private static let hexDigits = Array("0123456789ABCDEF".utf8)

    /// A path segment or a query name or value. ASCII letters, digits and
    /// `-._~` stay; every other byte of the UTF-8 is `%XX`.
    static func component(_ value: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(value.utf8.count)
        for byte in value.utf8 {
            if unreserved.contains(byte) {
                bytes.append(byte)
            } else {
                bytes += [UInt8(ascii: "%"), hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 0x0F)]]
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `path?name=value&…#fragment`, names and values encoded; nil values left out.
    static func link(_ path: String, query: QueryItems, fragment: String? = nil) -> String {
        var link = path
        var separator = "?"
        for (name, value) in query {
            guard let value else { continue }
            link += separator + component(name) + "=" + component(value)
            separator = "&"
        }
        if let fragment { link += "#" + component(fragment) }
        return link
    }
}
