/// The values bound to a statement's `?` placeholders, in order.
public struct StoreArguments: Sendable, ExpressibleByArrayLiteral {
    public var values: [StoreScalar]

    public init(_ values: [(any StoreValue)?] = []) {
        self.values = values.map { $0?.storeScalar ?? .null }
    }

    public init(scalars: [StoreScalar]) {
        self.values = scalars
    }

    public init(arrayLiteral elements: (any StoreValue)?...) {
        self.init(elements)
    }

    public init<S: Sequence>(_ sequence: S) where S.Element: StoreValue {
        self.values = sequence.map(\.storeScalar)
    }

    public var isEmpty: Bool { values.isEmpty }

    /// `?, ?, ?`: the placeholders of an `IN (…)` list of `count` values.
    public static func placeholders(_ count: Int) -> String {
        Array(repeating: "?", count: count).joined(separator: ", ")
    }

    /// `(?, ?), (?, ?)`: the VALUES of a multi-row INSERT, `count` rows of `row`.
    public static func rows(_ count: Int, _ row: String) -> String {
        Array(repeating: row, count: count).joined(separator: ", ")
    }

    public mutating func append(_ value: (any StoreValue)?) {
        values.append(value?.storeScalar ?? .null)
    }

    public mutating func append(contentsOf other: StoreArguments) {
        values.append(contentsOf: other.values)
    }

    public static func += (lhs: inout StoreArguments, rhs: StoreArguments) {
        lhs.values.append(contentsOf: rhs.values)
    }

    public static func + (lhs: StoreArguments, rhs: StoreArguments) -> StoreArguments {
        StoreArguments(scalars: lhs.values + rhs.values)
    }
}
