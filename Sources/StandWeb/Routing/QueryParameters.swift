import Hummingbird

/// A GET request's query string, read the way a browser writes a form: `+` is
/// a space, `%XX` are UTF-8 bytes (invalid sequences become U+FFFD rather than
/// failing), and the first of duplicated names counts. Numbers are parsed into
/// a bounded range, so no arithmetic on them can overflow.
struct QueryParameters {
    private let pairs: [(name: String, value: String)]

    init(_ request: Request) {
        self.init(query: request.uri.query ?? "")
    }

    init(query: String) {
        pairs = query.split(separator: "&").map { part in
            let pair = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            return (Self.decode(pair[0]), pair.count > 1 ? Self.decode(pair[1]) : "")
        }
    }

    subscript(name: String) -> String? {
        pairs.first { $0.name == name }?.value
    }

    /// A whole number in `range`; nil when absent or empty. Anything else is a
    /// 400 that names the parameter: a link the console wrote never has one.
    func number(_ name: String, in range: ClosedRange<Int64>) throws -> Int64? {
        guard let text = self[name], !text.isEmpty else { return nil }
        guard text.utf8.count <= 20, let value = Int64(text), range.contains(value) else {
            throw HTTPError(.badRequest, message: "The “\(name)” in this address must be a whole number from \(range.lowerBound) to \(range.upperBound).")
        }
        return value
    }

    /// A value a link of the console wrote (a keyset cursor); nil when absent
    /// or empty, a 400 naming the parameter when it does not parse.
    func value<Value: LosslessStringConvertible>(_ name: String, as type: Value.Type) throws -> Value? {
        guard let text = self[name], !text.isEmpty else { return nil }
        guard text.utf8.count <= 200, let value = Value(text) else {
            throw HTTPError(.badRequest, message: "The “\(name)” in this address is not one the console wrote; start again from the first page.")
        }
        return value
    }

    /// Page numbers shown to people ("page 3"): far beyond any real list, far below overflow.
    static let pageNumbers: ClosedRange<Int64> = 1...1_000_000
    /// Row ids used as keyset cursors.
    static let rowIds: ClosedRange<Int64> = 1...Int64.max

    private static func decode(_ text: Substring) -> String {
        guard text.utf8.contains(where: { $0 == UInt8(ascii: "%") || $0 == UInt8(ascii: "+") }) else { return String(text) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var iterator = text.utf8.makeIterator()
        while let byte = iterator.next() {
            switch byte {
            case UInt8(ascii: "+"): bytes.append(UInt8(ascii: " "))
            case UInt8(ascii: "%"):
                guard let high = iterator.next() else { bytes.append(byte); break }
                guard let low = iterator.next() else { bytes += [byte, high]; break }
                if let value = hexValue(high), let lowValue = hexValue(low) {
                    bytes.append(value << 4 | lowValue)
                } else {
                    bytes += [byte, high, low]
                }
            default: bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
