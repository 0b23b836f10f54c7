/// A draw's eligible snapshot in the form it is kept in `draw_snapshots`
/// (migration 012): compact, and decoding gives back exactly the candidates
/// it was made from, so the same text and the same hash.
enum KeptSnapshot {
    /// Format 1: UUID bytes and LEB128 weights. Nil when a UUID is not a
    /// canonical one (lowercase, dashed), which only format 0 keeps exactly.
    static func packed(_ candidates: [DrawAlgorithm.Candidate]) -> [UInt8]? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(candidates.count * 17)
        for candidate in candidates {
            guard let uuid = uuidBytes(candidate.uuid), candidate.weight >= 0 else { return nil }
            bytes.append(contentsOf: uuid)
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

    /// The 16 bytes of a canonical UUID (`8-4-4-4-12` lowercase hex digits).
    static func uuidBytes(_ text: String) -> [UInt8]? {
        let utf8 = Array(text.utf8)
        guard utf8.count == 36 else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(16)
        var high: UInt8?
        for (position, character) in utf8.enumerated() {
            if [8, 13, 18, 23].contains(position) {
                guard character == UInt8(ascii: "-") else { return nil }
                continue
            }
            guard let value = hexDigits.firstIndex(of: character) else { return nil }
            if let first = high {
                bytes.append(first << 4 | UInt8(value))
                high = nil
            } else {
                high = UInt8(value)
            }
        }
        return bytes
    }

    static func uuidText(_ bytes: ArraySlice<UInt8>) -> String {
        var text: [UInt8] = []
        text.reserveCapacity(36)
        for (offset, byte) in bytes.enumerated() {
            if [4, 6, 8, 10].contains(offset) { text.append(UInt8(ascii: "-")) }
            text.append(hexDigits[Int(byte >> 4)])
            text.append(hexDigits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}
