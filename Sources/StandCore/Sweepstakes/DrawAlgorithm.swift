import Crypto
import Foundation

/// The draw, exactly as `docs/draws.md` specifies it, in integers only:
///
/// 1. The snapshot: one line `uuid,weight\n` per eligible user, in ascending
///    byte order of the UUID; its SHA-256 (lowercase hex) is recorded.
/// 2. The random stream: blocks `SHA-256(seed ‖ counter)` for counter 0, 1, 2…
///    (the seed's 32 bytes, the counter as 8 bytes big-endian), read as
///    consecutive 8-byte big-endian unsigned integers.
/// 3. A uniform integer below `n`: take the next integer `x`; if
///    `x ≥ 2⁶⁴ − (2⁶⁴ mod n)` take another; the result is `x mod n`.
/// 4. For each winner: `r` uniform below the total weight still in the list;
///    the winner is the first user (in snapshot order) whose running sum of
///    weights exceeds `r`; they leave the list.
public enum DrawAlgorithm {
    public struct Candidate: Sendable, Equatable {
        public let uuid: String
        public let weight: Int

        public init(uuid: String, weight: Int) {
            self.uuid = uuid
            self.weight = weight
        }
    }

    /// Candidates in snapshot order: ascending byte order of the UUID text. A
    /// canonical (lowercase, dashed) UUID sorts by bytes as its 128-bit value
    /// does, so those are compared as two integers; anything else as bytes.
    public static func inSnapshotOrder(_ candidates: [Candidate]) -> [Candidate] {
        struct Key { let high: UInt64, low: UInt64, index: Int }
        var keys: [Key] = []
        keys.reserveCapacity(candidates.count)
        for (index, candidate) in candidates.enumerated() {
            guard let value = uuidValue(candidate.uuid) else {
                return candidates.sorted { $0.uuid.utf8.lexicographicallyPrecedes($1.uuid.utf8) }
            }
            keys.append(Key(high: value.high, low: value.low, index: index))
        }
        keys.sort { $0.high != $1.high ? $0.high < $1.high : $0.low < $1.low }
        return keys.map { candidates[$0.index] }
    }

    /// The 128 bits of `xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx` in lowercase hex; nil for anything else.
    static func uuidValue(_ uuid: String) -> (high: UInt64, low: UInt64)? {
        var uuid = uuid
        return uuid.withUTF8 { bytes -> (high: UInt64, low: UInt64)? in
            guard bytes.count == 36 else { return nil }
            var high: UInt64 = 0, low: UInt64 = 0, digits = 0
            for position in 0..<36 {
                let byte = bytes[position]
                if position == 8 || position == 13 || position == 18 || position == 23 {
                    if byte != UInt8(ascii: "-") { return nil }
                    continue
                }
                let nibble: UInt64
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): nibble = UInt64(byte &- UInt8(ascii: "0"))
                case UInt8(ascii: "a")...UInt8(ascii: "f"): nibble = UInt64(byte &- UInt8(ascii: "a") &+ 10)
                default: return nil
                }
                if digits < 16 { high = high << 4 | nibble } else { low = low << 4 | nibble }
                digits += 1
            }
            return (high, low)
        }
    }

    /// The snapshot's bytes; `candidates` must already be in snapshot order.
    public static func snapshot(_ candidates: [Candidate]) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(candidates.count * 40)
        for candidate in candidates {
            bytes.append(contentsOf: candidate.uuid.utf8)
            bytes.append(UInt8(ascii: ","))
            bytes.append(contentsOf: String(candidate.weight).utf8)
            bytes.append(UInt8(ascii: "\n"))
        }
        return bytes
    }

    public static func hash(_ snapshot: [UInt8]) -> String {
        hex(Array(SHA256.hash(data: snapshot)))
    }

    public static func hash(_ text: String) -> String {
        hash(Array(text.utf8))
    }

    /// 32 bytes from the system's secure random source, as 64 hex digits.
    public static func newSeed() -> String {
        var generator = SystemRandomNumberGenerator()
        return hex((0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) })
    }

    /// The random stream of step 2.
    public struct Stream {
        private let seed: [UInt8]
        private var counter: UInt64 = 0
        private var block: [UInt8] = []
        private var offset = 32

        public init?(seedHex: String) {
            guard let seed = DrawAlgorithm.bytes(fromHex: seedHex), seed.count == 32 else { return nil }
            self.seed = seed
        }

        public mutating func next() -> UInt64 {
            if offset == 32 {
                var input = seed
                for shift in stride(from: 56, through: 0, by: -8) { input.append(UInt8(truncatingIfNeeded: counter >> UInt64(shift))) }
                block = Array(SHA256.hash(data: input))
                counter += 1
                offset = 0
            }
            var value: UInt64 = 0
            for index in offset..<offset + 8 { value = value << 8 | UInt64(block[index]) }
            offset += 8
            return value
        }

        /// Step 3: uniform below `bound` (≥ 1), by rejection.
        public mutating func uniform(below bound: UInt64) -> UInt64 {
            precondition(bound > 0)
            let excess = (0 &- bound) % bound  // 2⁶⁴ mod bound
            while true {
                let value = next()
                if excess == 0 || value < 0 &- excess { return value % bound }
            }
        }
    }

    /// The snapshot's total weight, or nil when a weight is below 1 or the
    /// total reaches 2⁶³: docs/draws.md §2 calls such a snapshot invalid.
    public static func totalWeight(_ candidates: [Candidate]) -> Int? {
        totalWeight(weights: candidates.map(\.weight))
    }

    static func totalWeight(weights: [Int]) -> Int? {
        var total = 0
        for weight in weights {
            guard weight >= 1 else { return nil }
            let (sum, overflow) = total.addingReportingOverflow(weight)
            if overflow { return nil }
            total = sum
        }
        return total
    }

    /// Step 4: the picks' indices into `candidates`, in draw order (winners,
    /// then alternates: one stream). Nil for a seed that is not 64 lowercase
    /// hex digits or a snapshot §2 calls invalid.
    public static func winners(_ candidates: [Candidate], count: Int, seedHex: String) -> [Int]? {
        winners(weights: candidates.map(\.weight), count: count, seedHex: seedHex)
    }

    static func winners(weights: [Int], count: Int, seedHex: String) -> [Int]? {
        guard var stream = Stream(seedHex: seedHex), totalWeight(weights: weights) != nil else { return nil }
        let picks = max(0, min(count, weights.count))
        // A Fenwick tree of the remaining weights: "the first running sum above r"
        // is the same answer a walk of the list gives, in log n steps.
        var tree = FenwickTree(weights)
        var chosen: [Int] = []
        for _ in 0..<picks {
            let total = tree.total
            guard total > 0 else { break }
            let r = Int(stream.uniform(below: UInt64(total)))
            let index = tree.firstIndex(cumulativeAbove: r)
            chosen.append(index)
            tree.add(-tree.value(at: index), at: index)
        }
        return chosen
    }

    static func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count * 2)
        for byte in bytes { out += [digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]] }
        return String(decoding: out, as: UTF8.self)
    }

    static func bytes(fromHex text: String) -> [UInt8]? {
        let utf8 = Array(text.utf8)
        guard utf8.count % 2 == 0 else { return nil }
        func nibble(_ byte: UInt8) -> UInt8? {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
            default: nil
            }
        }
        var bytes: [UInt8] = []
        for index in stride(from: 0, to: utf8.count, by: 2) {
            guard let high = nibble(utf8[index]), let low = nibble(utf8[index + 1]) else { return nil }
            bytes.append(high << 4 | low)
        }
        return bytes
    }
}

/// Prefix sums that can change: the remaining weights of a draw.
struct FenwickTree {
    private var tree: [Int]
    private var values: [Int]
    private(set) var total: Int

    init(_ values: [Int]) {
        self.values = values
        tree = Array(repeating: 0, count: values.count + 1)
        total = 0
        for (index, value) in values.enumerated() { add(value, at: index, recordingValue: false) }
    }

    func value(at index: Int) -> Int { values[index] }

    mutating func add(_ delta: Int, at index: Int) {
        add(delta, at: index, recordingValue: true)
    }

    private mutating func add(_ delta: Int, at index: Int, recordingValue: Bool) {
        if recordingValue { values[index] += delta }
        total += delta
        var position = index + 1
        while position < tree.count {
            tree[position] += delta
            position += position & -position
        }
    }

    /// The first index whose running sum (weights up to and including it) is greater than `r`.
    func firstIndex(cumulativeAbove r: Int) -> Int {
        var position = 0
        var remaining = r
        var step = 1
        while step * 2 < tree.count { step *= 2 }
        while step > 0 {
            let next = position + step
            if next < tree.count, tree[next] <= remaining {
                position = next
                remaining -= tree[next]
            }
            step /= 2
        }
        return position  // 0-based index of the next element
    }
}
