import Crypto
import GRDB
import GRDBSQLite
import NIOCore
import PostgresNIO

/// The eligible list a draw is made from, in snapshot order, held as a draw
/// needs it for a million entrants: canonical UUIDs as their 128 bits, never
/// a String each. It gives the snapshot's hash (streamed, never the 40 MB of
/// text at once), the kept form (migration 012) and the weights the draw
/// samples from; a list with a UUID in any other form keeps its text.
public struct DrawSnapshot: Sendable {
    /// A canonical UUID's 128 bits: compared as numbers, they sort as the text does.
    struct Key: Comparable, Sendable {
        let high: UInt64
        let low: UInt64

        static func < (lhs: Key, rhs: Key) -> Bool {
            lhs.high != rhs.high ? lhs.high < rhs.high : lhs.low < rhs.low
        }
    }

    enum Entries: Sendable {
        case canonical([Key])
        /// Some UUID is not lowercase `8-4-4-4-12` hex: kept as text (format 0).
        case text([String])
    }

    let entries: Entries
    let weights: [Int]
    private let longestUUID: Int

    public var count: Int { weights.count }

    /// From candidates in any order.
    init(_ candidates: [DrawAlgorithm.Candidate]) {
        let ordered = DrawAlgorithm.inSnapshotOrder(candidates)
        weights = ordered.map(\.weight)
        var keys: [Key] = []
        keys.reserveCapacity(ordered.count)
        for candidate in ordered {
            guard let value = DrawAlgorithm.uuidValue(candidate.uuid) else {
                entries = .text(ordered.map(\.uuid))
                longestUUID = ordered.map(\.uuid.utf8.count).max() ?? 0
                return
            }
            keys.append(Key(high: value.high, low: value.low))
        }
        entries = .canonical(keys)
        longestUUID = 36
    }

    init(keys: [Key], weights: [Int]) {
        entries = .canonical(keys)
        self.weights = weights
        longestUUID = 36
    }

    /// Reads `uuid, weight` rows of `statement`: each UUID parsed from the
    /// column's bytes into its key, then one sort. A non-canonical UUID
    /// (another program wrote it) sends the whole list through Strings.
    static func read(_ statement: StoreStatement, arguments: StoreArguments) throws -> DrawSnapshot {
        switch statement.prepared {
        case .sqlite(let sqlite): try readSQLite(sqlite, arguments: arguments)
        case .postgres(let session, let sql, _): try readPostgres(session, sql: sql, arguments: arguments)
        }
    }

    private static func readSQLite(_ statement: Statement, arguments: StoreArguments) throws -> DrawSnapshot {
        let sqliteArguments = arguments.statementArguments
        var pairs: [(key: Key, weight: Int)] = []
        let rows = try Row.fetchCursor(statement, arguments: sqliteArguments)
        let sqlite = statement.sqliteStatement
        while try rows.next() != nil {
            // The cursor has stepped the statement: its columns are this row's.
            guard let text = sqlite3_column_text(sqlite, 0), sqlite3_column_bytes(sqlite, 0) == 36,
                  let key = key(UnsafeBufferPointer(start: text, count: 36)) else {
                return try slowRead(StoreStatement(sqlite: statement), arguments: arguments)
            }
            pairs.append((key, Int(sqlite3_column_int64(sqlite, 1))))
        }
        return DrawSnapshot(sorting: pairs)
    }

    /// The cells of each batch read where postgres-nio left them, never a
    /// `StoreRow` each: converting them was a fifth of a draw over a million
    /// entrants (3.1-3.2 s without, 4.0-4.1 s with). The list is read once
    /// (the cursor cannot go back), so a non-canonical UUID turns the keys
    /// read so far back into their text, which is exact, and the rest come
    /// as Strings.
    private static func readPostgres(_ session: PostgresSession, sql: String, arguments: StoreArguments) throws -> DrawSnapshot {
        var pairs: [(key: Key, weight: Int)] = []
        var candidates: [DrawAlgorithm.Candidate]?
        let batches = try session.cursorBatches(sql, arguments)
        while let rows = try batches.next() {
            for row in rows {
                var cells = row.makeIterator()
                guard let uuidCell = cells.next(), let weightCell = cells.next(), let text = uuidCell.bytes else {
                    // Both columns are NOT NULL: as reading a NULL into a non-optional anywhere.
                    preconditionFailure("an eligible entrant's row without its UUID or its weight")
                }
                let weight = try weightCell.decode(Int.self)
                if candidates == nil, let key = text.withUnsafeReadableBytes({ key($0.assumingMemoryBound(to: UInt8.self)) }) {
                    pairs.append((key, weight))
                    continue
                }
                if candidates == nil {
                    candidates = pairs.map { DrawAlgorithm.Candidate(uuid: uuid(of: $0.key), weight: $0.weight) }
                    pairs = []
                }
                candidates?.append(.init(uuid: String(buffer: text), weight: weight))
            }
        }
        return candidates.map(DrawSnapshot.init) ?? DrawSnapshot(sorting: pairs)
    }

    private init(sorting pairs: [(key: Key, weight: Int)]) {
        let sorted = pairs.sorted { $0.key < $1.key }
        self.init(keys: sorted.map(\.key), weights: sorted.map(\.weight))
    }

    /// Through Strings: a list with a non-canonical UUID, on SQLite (read again in the same snapshot).
    private static func slowRead(_ statement: StoreStatement, arguments: StoreArguments) throws -> DrawSnapshot {
        let rows = try StoreRow.fetchCursor(statement, arguments: arguments)
        var candidates: [DrawAlgorithm.Candidate] = []
        while let row = try rows.next() { candidates.append(.init(uuid: row[0], weight: row[1])) }
        return DrawSnapshot(candidates)
    }

    /// Each byte's value as a lowercase hex digit, 0xFF for anything else.
    private static let hexValues: [UInt8] = (0..<256).map { byte in
        switch UInt8(byte) {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt8(byte) - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt8(byte) - UInt8(ascii: "a") + 10
        default: 0xFF
        }
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// The key of `8-4-4-4-12` lowercase hex digits; nil for anything else.
    static func key(_ text: UnsafeBufferPointer<UInt8>) -> Key? {
        guard text.count == 36 else { return nil }
        var high: UInt64 = 0, low: UInt64 = 0, digits = 0
        return hexValues.withUnsafeBufferPointer { values -> Key? in
            for position in 0..<36 {
                let byte = text[position]
                if position == 8 || position == 13 || position == 18 || position == 23 {
                    guard byte == UInt8(ascii: "-") else { return nil }
                    continue
                }
                let nibble = values[Int(byte)]
                guard nibble < 16 else { return nil }
                if digits < 16 { high = high << 4 | UInt64(nibble) } else { low = low << 4 | UInt64(nibble) }
                digits += 1
            }
            return Key(high: high, low: low)
        }
    }

    /// The UUID text of the entrant at `index`.
    func uuid(at index: Int) -> String {
        switch entries {
        case .text(let uuids): uuids[index]
        case .canonical(let keys): Self.uuid(of: keys[index])
        }
    }

    private static func uuid(of key: Key) -> String {
        String(unsafeUninitializedCapacity: 36) { buffer in writeUUID(key, to: buffer.baseAddress!) }
    }

    var candidates: [DrawAlgorithm.Candidate] {
        (0..<count).map { DrawAlgorithm.Candidate(uuid: uuid(at: $0), weight: weights[$0]) }
    }

    /// Writes the 36 characters of `key` at `out`; returns 36.
    @discardableResult
    private static func writeUUID(_ key: Key, to out: UnsafeMutablePointer<UInt8>) -> Int {
        hexDigits.withUnsafeBufferPointer { digits in
            var position = 0
            for nibbleIndex in 0..<32 {
                if nibbleIndex == 8 || nibbleIndex == 12 || nibbleIndex == 16 || nibbleIndex == 20 {
                    out[position] = UInt8(ascii: "-")
                    position += 1
                }
                let word = nibbleIndex < 16 ? key.high : key.low
                let shift = UInt64(60 - 4 * (nibbleIndex % 16))
                out[position] = digits[Int((word >> shift) & 0xF)]
                position += 1
            }
            return position
        }
    }

    /// Writes `value` in decimal at `out`; returns how many bytes.
    /// (Weights are at least 1: every way in checks it.)
    private static func writeDecimal(_ value: Int, to out: UnsafeMutablePointer<UInt8>) -> Int {
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                     UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        return withUnsafeMutableBytes(of: &digits) { scratch in
            var remaining = UInt64(clamping: value), count = 0
            repeat {
                scratch[count] = UInt8(ascii: "0") + UInt8(remaining % 10)
                remaining /= 10
                count += 1
            } while remaining > 0
            for index in 0..<count { out[index] = scratch[count - 1 - index] }
            return count
        }
    }

    /// The snapshot's text (docs/draws.md §2) from entrant `start` on, about
    /// 64 KB of it, and the entrant the next piece starts at (`count` at the end).
    public func textPiece(from start: Int) -> (bytes: [UInt8], next: Int) {
        // Room for the longest line: a UUID, a comma, 19 digits and a line feed.
        let capacity = max(1 << 16, longestUUID + 24)
        var next = start
        let bytes = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, written in
            let out = buffer.baseAddress!
            var used = 0
            lines: while next < count {
                let line: Int
                switch entries {
                case .canonical(let keys):
                    guard used + 64 <= capacity else { break lines }
                    line = Self.writeUUID(keys[next], to: out + used)
                case .text(let uuids):
                    let utf8 = Array(uuids[next].utf8)
                    guard used + utf8.count + 24 <= capacity else { break lines }
                    utf8.withUnsafeBufferPointer { text in
                        if let start = text.baseAddress { (out + used).update(from: start, count: text.count) }
                    }
                    line = utf8.count
                }
                used += line
                out[used] = UInt8(ascii: ",")
                used += 1
                used += Self.writeDecimal(weights[next], to: out + used)
                out[used] = UInt8(ascii: "\n")
                used += 1
                next += 1
            }
            written = used
        }
        return (bytes, next)
    }

    /// Calls `body` with each piece of the text, in order.
    func forEachTextPiece(_ body: ([UInt8]) throws -> Void) rethrows {
        var start = 0
        while start < count {
            let piece = textPiece(from: start)
            try body(piece.bytes)
            start = piece.next
        }
    }

    /// The snapshot's text in full (the download, and format 0).
    public var text: [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count * 40)
        forEachTextPiece { bytes.append(contentsOf: $0) }
        return bytes
    }

    /// SHA-256 of the text, lowercase hex, without holding the text.
    public var hash: String {
        var hasher = SHA256()
        forEachTextPiece { hasher.update(data: $0) }
        return DrawAlgorithm.hex(Array(hasher.finalize()))
    }
}
