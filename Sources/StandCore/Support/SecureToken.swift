/// Random tokens for session ids, CSRF tokens, setup links and generated passwords.
public enum SecureToken {
    /// 256 random bits as 64 lowercase hex characters (cookie-safe).
    public static func hex(bytes: Int = 32) -> String {
        var generator = SystemRandomNumberGenerator()
        var result = ""
        result.reserveCapacity(bytes * 2)
        for _ in 0..<bytes {
            let byte = UInt8.random(in: 0...255, using: &generator)
            result += String(byte >> 4, radix: 16) + String(byte & 0x0F, radix: 16)
        }
        return result
    }

    /// A strong password that is easy to read aloud: 4 groups of 5 from an
    /// alphabet without look-alikes (about 110 bits).
    public static func password() -> String {
        let alphabet = Array("abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789")
        var generator = SystemRandomNumberGenerator()
        let groups = (0..<4).map { _ in
            String((0..<5).map { _ in alphabet.randomElement(using: &generator)! })
        }
        return groups.joined(separator: "-")
    }

    /// True when `text` could be a token this console made: only hex digits,
    /// as many as `lengths` allows. Checked before any lookup, so junk costs nothing.
    public static func looksLike(_ text: String, lengths: ClosedRange<Int>) -> Bool {
        lengths.contains(text.utf8.count) && text.utf8.allSatisfy { $0 < 128 && Character(Unicode.Scalar($0)).isHexDigit }
    }

    /// Compare without an early exit, so timing says nothing about where a guess went wrong.
    public static func constantTimeEquals(_ lhs: String, _ rhs: String) -> Bool {
        let a = Array(lhs.utf8), b = Array(rhs.utf8)
        guard a.count == b.count else { return false }
        var difference: UInt8 = 0
        for index in a.indices { difference |= a[index] ^ b[index] }
        return difference == 0
    }
}
