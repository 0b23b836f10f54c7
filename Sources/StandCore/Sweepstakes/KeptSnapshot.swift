/// A draw's eligible snapshot in the form it is kept in `draw_snapshots`
/// (migration 012): compact, and decoding gives back exactly the candidates
/// it was made from, so the same text and the same hash.
enum KeptSnapshot {
    /// Format 1: UUID bytes and LEB128 weights. Nil when a UUID is not a
    /// canonical one (lowercase, dashed), which only format 0 keeps exactly.
    /// (A million entrants are packed inside the draw's transaction: no
    /// allocation per entrant.)
    static func packed(_ candidates: [DrawAlgorithm.Candidate]) -> [UInt8]? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(candidates.count * 18)
        for candidate in candidates {
            guard candidate.weight >= 0, appendUUID(candidate.uuid, to: &bytes) else { return nil }
            var weight = UInt64(candidate.weight)
            repeat {
                let low = UInt8(weight & 0x7F)
                weight >>= 7
                bytes.append(weight == 0 ? low : low | 0x80)
            } while weight != 0
        }
        return bytes
    }

    static func unpacked(_ bytes: [UInt8]) -> [DrawAlgorithm.Candidate]? {
        var candidates: [DrawAlgorithm.Candidate] = []
        var index = 0
        while index < bytes.count {
            guard index + 16 < bytes.count else { return nil }
            let uuid = uuidText(bytes[index..<index + 16])
            index += 16
            var weight: UInt64 = 0, shift: UInt64 = 0
            while true {
                guard index < bytes.count, shift < 63 else { return nil }
                let byte = bytes[index]
                index += 1
                weight |= UInt64(byte & 0x7F) << shift
                if byte & 0x80 == 0 { break }
                shift += 7
            }
            guard weight <= UInt64(Int.max) else { return nil }
            candidates.append(.init(uuid: uuid, weight: Int(weight)))
        }
        return candidates
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// Each byte's value as a lowercase hex digit, 0xFF for anything else.
    private static let hexValues: [UInt8] = (0..<256).map { byte in
        switch UInt8(byte) {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt8(byte) - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt8(byte) - UInt8(ascii: "a") + 10
        default: 0xFF
        }
    }

    /// Appends the 16 bytes of a canonical UUID (`8-4-4-4-12` lowercase hex
    /// digits); false for any other text (the caller then drops the buffer).
    static func appendUUID(_ text: String, to bytes: inout [UInt8]) -> Bool {
        var text = text
        return text.withUTF8 { utf8 in
            guard utf8.count == 36 else { return false }
            var index = 0
            while index < 36 {
                if index == 8 || index == 13 || index == 18 || index == 23 {
                    guard utf8[index] == UInt8(ascii: "-") else { return false }
                    index += 1
                    continue
                }
                let high = hexValues[Int(utf8[index])], low = hexValues[Int(utf8[index + 1])]
                guard high < 16, low < 16 else { return false }
                bytes.append(high << 4 | low)
                index += 2
            }
            return true
        }
    }

    static func uuidText(_ bytes: ArraySlice<UInt8>) -> String {
        String(unsafeUninitializedCapacity: 36) { text in
            var position = 0
            for (offset, byte) in bytes.enumerated() {
                if offset == 4 || offset == 6 || offset == 8 || offset == 10 {
                    text[position] = UInt8(ascii: "-")
                    position += 1
                }
                text[position] = hexDigits[Int(byte >> 4)]
                text[position + 1] = hexDigits[Int(byte & 0x0F)]
                position += 2
            }
            return position
        }
    }
}
