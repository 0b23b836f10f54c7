import Foundation

/// The form a draw's snapshot is kept in, `draw_snapshots` (migration 012;
/// since 022 in parts written just before the draw's transaction,
/// `DrawSnapshotParts`) and read back for the download,
/// `verify-draw` and the public record: decoding gives back exactly the list
/// the draw was made from, so the same text and the same hash. A row that
/// does not decode is damage, said as such, never read as a shorter list.
extension DrawSnapshot {
    /// A kept snapshot that does not decode (cut short, a weight below 1, a
    /// line not `uuid,weight`): the store's file was damaged or written behind
    /// the console's back.
    public struct Damaged: Error, CustomStringConvertible {
        public let drawId: Int64
        public let reason: String

        public var description: String { "the kept snapshot of draw id \(drawId) is damaged: \(reason)" }
    }

    /// The form `draw_snapshots` keeps: format 1 (16 bytes of UUID, then the
    /// weight as unsigned LEB128) for canonical UUIDs, else format 0 (the text).
    var kept: (format: Int, bytes: [UInt8]) {
        guard case .canonical(let keys) = entries else { return (0, text) }
        let bytes = [UInt8](unsafeUninitializedCapacity: count * 26) { out, written in
            var position = 0
            func append(_ word: UInt64) {
                for shift in stride(from: 56, through: 0, by: -8) {
                    out[position] = UInt8(truncatingIfNeeded: word >> UInt64(shift))
                    position += 1
                }
            }
            for index in 0..<keys.count {
                append(keys[index].high)
                append(keys[index].low)
                var weight = UInt64(max(0, weights[index]))
                repeat {
                    let low = UInt8(weight & 0x7F)
                    weight >>= 7
                    out[position] = weight == 0 ? low : low | 0x80
                    position += 1
                } while weight != 0
            }
            written = position
        }
        return (1, bytes)
    }

    /// Format 1, without a String per entrant; nil when cut short or a weight is not 1 to 2⁶³ − 1.
    init?(kept bytes: [UInt8]) {
        var keys: [Key] = [], weights: [Int] = []
        var index = 0
        func word() -> UInt64 {
            var value: UInt64 = 0
            for offset in 0..<8 { value = value << 8 | UInt64(bytes[index + offset]) }
            index += 8
            return value
        }
        while index < bytes.count {
            guard index + 16 < bytes.count else { return nil }
            let high = word(), low = word()
            var weight: UInt64 = 0, shift: UInt64 = 0
            while true {
                guard index < bytes.count, shift < 63 else { return nil }
                let byte = bytes[index]
                index += 1
                weight |= UInt64(byte & 0x7F) << shift
                if byte & 0x80 == 0 { break }
                shift += 7
            }
            guard weight >= 1, weight <= UInt64(Int.max) else { return nil }
            keys.append(Key(high: high, low: low))
            weights.append(Int(weight))
        }
        self.init(keys: keys, weights: weights)
    }


    /// Format 0, the snapshot's text as docs/draws.md §2 writes it: every line
    /// `uuid,weight` and a line feed, the weight `[1-9][0-9]*`; nil for anything else.
    init?(keptText bytes: [UInt8]) {
        guard bytes.last == UInt8(ascii: "\n") || bytes.isEmpty else { return nil }
        var candidates: [DrawAlgorithm.Candidate] = []
        for line in bytes.dropLast().split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) where !bytes.isEmpty {
            guard let comma = line.lastIndex(of: UInt8(ascii: ",")), comma > line.startIndex else { return nil }
            let digits = line[(comma + 1)...]
            guard let first = digits.first, first != UInt8(ascii: "0"), digits.count <= 19,
                  digits.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
                  let weight = Int(String(decoding: digits, as: UTF8.self)) else { return nil }
            candidates.append(.init(uuid: String(decoding: line[..<comma], as: UTF8.self), weight: weight))
        }
        let snapshot = DrawSnapshot(candidates)
        // Kept as drawn: in snapshot order already, so re-sorting changed nothing.
        guard snapshot.text == bytes else { return nil }
        self = snapshot
    }
}

extension DrawSnapshot {
    /// One entrant's weight in a kept snapshot, read straight from its bytes
    /// (no list is built: a deletion asks this of a million-line snapshot
    /// inside its transaction); nil when the UUID has no line.
    static func keptWeight(of uuid: String, format: Int, bytes: [UInt8]) -> Int? {
        if format == 0 {
            let prefix = Array((uuid + ",").utf8)
            var lineStart = 0
            while lineStart < bytes.count {
                let lineEnd = bytes[lineStart...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
                if lineEnd - lineStart > prefix.count, bytes[lineStart..<lineStart + prefix.count].elementsEqual(prefix) {
                    return Int(String(decoding: bytes[(lineStart + prefix.count)..<lineEnd], as: UTF8.self))
                }
                lineStart = lineEnd + 1
            }
            return nil
        }
        let hex = Array(uuid.utf8).filter { $0 != UInt8(ascii: "-") }
        guard hex.count == 32 else { return nil }
        var target = [UInt8](repeating: 0, count: 16)
        for index in 0..<16 {
            guard let high = hexValue(hex[2 * index]), let low = hexValue(hex[2 * index + 1]) else { return nil }
            target[index] = high << 4 | low
        }
        var index = 0
        while index + 16 < bytes.count {
            var matches = true
            for offset in 0..<16 where bytes[index + offset] != target[offset] {
                matches = false
                break
            }
            index += 16
            var weight: UInt64 = 0, shift: UInt64 = 0
            while index < bytes.count, shift < 63 {
                let byte = bytes[index]
                index += 1
                weight |= UInt64(byte & 0x7F) << shift
                if byte & 0x80 == 0 { break }
                shift += 7
            }
            if matches { return Int(exactly: weight) }
        }
        return nil
    }

    private static func hexValue(_ character: UInt8) -> UInt8? {
        switch character {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): character - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): character - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): character - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
