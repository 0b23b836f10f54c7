import Foundation

/// One value as a store holds it, whichever engine holds the store. SQLite's
/// storage classes; PostgreSQL's columns are read into the same five kinds
/// (`boolean` as 0 or 1, `numeric` as an integer or a double).
public enum StoreScalar: Sendable, Equatable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob(Data)
}

/// A Swift value that is written to and read from a store column. Timestamps
/// are text in `StoreTimestamp`'s format on both engines, booleans 0 or 1.
public protocol StoreValue: Sendable {
    var storeScalar: StoreScalar { get }
    /// The value a column holds, or nil when it does not hold this type.
    static func fromStore(_ scalar: StoreScalar) -> Self?
}

extension Int64: StoreValue {
    public var storeScalar: StoreScalar { .integer(self) }
    public static func fromStore(_ scalar: StoreScalar) -> Int64? {
        switch scalar {
        case .integer(let value): value
        case .real(let value): Int64(exactly: value.rounded(.towardZero))
        case .text(let text): Int64(text)
        default: nil
        }
    }
}

extension Int: StoreValue {
    public var storeScalar: StoreScalar { .integer(Int64(self)) }
    public static func fromStore(_ scalar: StoreScalar) -> Int? { Int64.fromStore(scalar).map(Int.init) }
}

extension Int32: StoreValue {
    public var storeScalar: StoreScalar { .integer(Int64(self)) }
    public static func fromStore(_ scalar: StoreScalar) -> Int32? { Int64.fromStore(scalar).flatMap(Int32.init(exactly:)) }
}

extension Double: StoreValue {
    public var storeScalar: StoreScalar { .real(self) }
    public static func fromStore(_ scalar: StoreScalar) -> Double? {
        switch scalar {
        case .integer(let value): Double(value)
        case .real(let value): value
        case .text(let text): Double(text)
        default: nil
        }
    }
}

extension Bool: StoreValue {
    public var storeScalar: StoreScalar { .integer(self ? 1 : 0) }
    public static func fromStore(_ scalar: StoreScalar) -> Bool? {
        switch scalar {
        case .integer(let value): value != 0
        case .real(let value): value != 0
        default: nil
        }
    }
}

extension String: StoreValue {
    public var storeScalar: StoreScalar { .text(self) }
    public static func fromStore(_ scalar: StoreScalar) -> String? {
        switch scalar {
        case .text(let text): text
        case .integer(let value): String(value)
        case .real(let value): String(value)
        case .blob(let data): String(data: data, encoding: .utf8)
        case .null: nil
        }
    }
}

extension Data: StoreValue {
    public var storeScalar: StoreScalar { .blob(self) }
    public static func fromStore(_ scalar: StoreScalar) -> Data? {
        switch scalar {
        case .blob(let data): data
        case .text(let text): Data(text.utf8)
        default: nil
        }
    }
}

extension Date: StoreValue {
    /// `YYYY-MM-DD HH:MM:SS.SSS`, UTC: sorts as it compares, on both engines.
    public var storeScalar: StoreScalar { .text(StoreTimestamp.string(self)) }
    public static func fromStore(_ scalar: StoreScalar) -> Date? { StoreTimestamp.date(scalar) }
}

extension Optional: StoreValue where Wrapped: StoreValue {
    public var storeScalar: StoreScalar { self?.storeScalar ?? .null }
    public static func fromStore(_ scalar: StoreScalar) -> Wrapped?? {
        if case .null = scalar { return .some(nil) }
        return Wrapped.fromStore(scalar).map { .some($0) }
    }
}

extension StoreValue where Self: RawRepresentable, RawValue: StoreValue {
    public var storeScalar: StoreScalar { rawValue.storeScalar }
    public static func fromStore(_ scalar: StoreScalar) -> Self? { RawValue.fromStore(scalar).flatMap(Self.init(rawValue:)) }
}
