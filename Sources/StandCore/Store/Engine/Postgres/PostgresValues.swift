import Foundation
import NIOCore
import PostgresNIO

/// A value bound as text of no declared type: the server reads it as whatever
/// the statement needs there (`id = $1` a bigint, `email = $1` citext,
/// `created_at > $1` text), as SQLite's column affinity does. Typed binds would
/// make `citext = text` compare case-sensitively.
struct PostgresUntypedText: PostgresNonThrowingEncodable {
    let text: String

    static var psqlType: PostgresDataType { PostgresDataType(0) }
    static var psqlFormat: PostgresFormat { .text }

    func encode<JSONEncoder: PostgresJSONEncoder>(into byteBuffer: inout ByteBuffer, context: PostgresEncodingContext<JSONEncoder>) {
        byteBuffer.writeString(text)
    }
}

extension StoreArguments {
    var postgresBindings: PostgresBindings {
        var bindings = PostgresBindings(capacity: values.count)
        for value in values {
            switch value {
            case .null: bindings.appendNull()
            case .integer(let integer): bindings.append(PostgresUntypedText(text: String(integer)))
            case .real(let real): bindings.append(PostgresUntypedText(text: real.isFinite ? "\(real)" : "NaN"))
            case .text(let text): bindings.append(PostgresUntypedText(text: text))
            case .blob(let data): bindings.append(ByteBuffer(bytes: data))
            }
        }
        return bindings
    }
}

extension StoreScalar {
    /// A result cell read into SQLite's five kinds (docs/store.md names the types).
    init(_ cell: PostgresCell) throws {
        guard var bytes = cell.bytes else {
            self = .null
            return
        }
        switch cell.dataType {
        case .bool:
            self = .integer(try cell.decode(Bool.self) ? 1 : 0)
        case .int2, .int4, .int8:
            self = .integer(try cell.decode(Int64.self))
        case .oid where cell.format == .binary && bytes.readableBytes == 4:
            // An object id (the catalogs' own numbers): four bytes, unsigned.
            self = .integer(Int64(bytes.readInteger(as: UInt32.self)!))
        case .float4, .float8:
            self = .real(try cell.decode(Double.self))
        case .numeric:
            // SUM over bigint is numeric: whole numbers stay integers.
            let decimal = try cell.decode(Decimal.self)
            let number = NSDecimalNumber(decimal: decimal)
            if decimal == decimal.rounded(), let integer = Int64(exactly: number.doubleValue), abs(number.doubleValue) < 9e15 {
                self = .integer(integer)
            } else {
                self = .real(number.doubleValue)
            }
        case .bytea:
            self = .blob(Data(bytes.readableBytesView))
        default:
            // text, varchar, name, citext (an extension type: no fixed id) and
            // anything else: their binary form is the UTF-8 text.
            self = .text(bytes.readString(length: bytes.readableBytes) ?? "")
        }
    }
}

extension Decimal {
    fileprivate func rounded() -> Decimal {
        var value = self, result = Decimal()
        NSDecimalRound(&result, &value, 0, .plain)
        return result
    }
}
