/// Reading a draw's eligible snapshot back from the form it is kept in
/// `draw_snapshots` (migration 012; `DrawSnapshot.kept` writes it): decoding
/// gives back exactly the candidates it was made from, so the same text and
/// the same hash.
enum KeptSnapshot {
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
