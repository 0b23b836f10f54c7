/// One path the console answers, typed by the value its pattern takes:
/// `SitePath<Void>` for `/users`, `SitePath<String>` for `/users/{uuid}`.
/// The router registers `pattern`; links and redirects come from `href`,
/// so a path is spelt once (see `Site`).
struct SitePath<Parameter>: Sendable {
    /// As the router matches it: `/users/{uuid}`.
    let pattern: String
    /// The pattern around its `{…}` segment, split once: links are built per table row.
    private let head: Substring
    private let tail: Substring

    init(_ pattern: String) {
        self.pattern = pattern
        if let open = pattern.firstIndex(of: "{"), let close = pattern[open...].firstIndex(of: "}") {
            head = pattern[..<open]
            tail = pattern[pattern.index(after: close)...]
        } else {
            head = pattern[...]
            tail = ""
        }
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

    var isEmpty: Bool { pairs.isEmpty }

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
        var path = String(head)
        path += URLEncoding.component(String(value))
        path += tail
        return URLEncoding.link(path, query: query, fragment: fragment)
    }
}

/// Percent-encoding for the links and redirects the console writes: one
/// encoder, RFC 3986's unreserved characters left as they are.
enum URLEncoding {
    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"): true
        default: false
        }
    }
    private static let hexDigits = Array("0123456789ABCDEF".utf8)

    /// A path segment or a query name or value. ASCII letters, digits and
    /// `-._~` stay; every other byte of the UTF-8 is `%XX`.
    static func component(_ value: String) -> String {
        // Most values (UUIDs, ids, cursors) need nothing: return them as they are.
        var value = value
        if value.withUTF8({ $0.allSatisfy(isUnreserved) }) { return value }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(value.utf8.count)
        for byte in value.utf8 {
            if isUnreserved(byte) {
                bytes.append(byte)
            } else {
                bytes += [UInt8(ascii: "%"), hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 0x0F)]]
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `path?name=value&…#fragment`, names and values encoded; nil values left out.
    static func link(_ path: String, query: QueryItems, fragment: String? = nil) -> String {
        if query.isEmpty && fragment == nil { return path }
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
