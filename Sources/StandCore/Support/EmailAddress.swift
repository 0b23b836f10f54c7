import Foundation

/// An email address as the app accepts it: trimmed, one `@`, a dotted domain,
/// at most 254 characters, and nothing invisible: no spaces, control or format
/// characters (zero-width spaces, BOMs, bidi overrides, soft hyphens), which
/// would make two addresses look alike; and no letters from two of the Latin,
/// Greek and Cyrillic alphabets in one address (`аna@example.com` with a
/// Cyrillic `а` is another address that looks the same).
public enum EmailAddress {
    public static func normalised(_ input: String) -> String? {
        let trimmed = input.trimmingCharacters(in: .whitespacesAndNewlines)
        guard trimmed.count <= 254, !trimmed.isEmpty, trimmed.unicodeScalars.allSatisfy(TextInput.isVisible),
              lookAlike(in: trimmed) == nil else { return nil }
        let parts = trimmed.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2 else { return nil }
        let local = parts[0], domain = parts[1].lowercased()
        guard !local.isEmpty, local.count <= 64, !local.hasPrefix("."), !local.hasSuffix("."), !local.contains("..") else { return nil }
        let localAllowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.!#$%&'*+/=?^_`{|}~-")
        guard local.allSatisfy({ localAllowed.contains($0) || ($0.unicodeScalars.first!.value > 0x7F && !$0.isWhitespace) }) else { return nil }
        let labels = domain.split(separator: ".", omittingEmptySubsequences: false)
        guard labels.count >= 2 else { return nil }
        for label in labels {
            guard !label.isEmpty, label.count <= 63, !label.hasPrefix("-"), !label.hasSuffix("-") else { return nil }
            guard label.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" }) else { return nil }
        }
        guard labels.last!.count >= 2, labels.last!.allSatisfy(\.isLetter) else { return nil }
        return local + "@" + domain
    }

    /// Why `input` is not an address the app accepts, in words for its field; nil when it is.
    public static func problem(_ input: String) -> String? {
        let trimmed = input.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.isEmpty { return "Enter an email address." }
        if let hidden = trimmed.unicodeScalars.first(where: { !TextInput.isVisible($0) && $0 != " " }) {
            return "This email holds an invisible character (U+\(TextInput.hex(hidden))); retype it rather than pasting it."
        }
        if let letter = lookAlike(in: trimmed) {
            return "The letter “\(letter.scalar)” (U+\(TextInput.hex(letter.scalar)), \(letter.script.rawValue)) sits among \(letter.among.rawValue) letters "
                + "and looks like one of them: retype the address in one alphabet."
        }
        return normalised(input) == nil ? "Enter a valid email address, like name@example.com." : nil
    }

    enum Script: String {
        case latin = "Latin", greek = "Greek", cyrillic = "Cyrillic"

        init?(_ scalar: Unicode.Scalar) {
            guard scalar.properties.isAlphabetic else { return nil }
            switch scalar.value {
            case 0x41...0x5A, 0x61...0x7A, 0xC0...0x24F, 0x1E00...0x1EFF: self = .latin
            case 0x370...0x3FF, 0x1F00...0x1FFF: self = .greek
            case 0x400...0x52F, 0x1C80...0x1C8F, 0x2DE0...0x2DFF, 0xA640...0xA69F: self = .cyrillic
            default: return nil
            }
        }
    }

    /// The first letter that does not belong with the rest: in an address that
    /// mixes Latin with Greek or Cyrillic, the first letter that is not Latin;
    /// in one that mixes Greek and Cyrillic, the first of the later alphabet.
    /// An address in one alphabet (all Greek, all Cyrillic) is fine.
    static func lookAlike(in text: String) -> (scalar: Unicode.Scalar, script: Script, among: Script)? {
        let letters = text.unicodeScalars.compactMap { scalar in Script(scalar).map { (scalar, $0) } }
        guard let first = letters.first?.1, letters.contains(where: { $0.1 != first }) else { return nil }
        if letters.contains(where: { $0.1 == .latin }), let odd = letters.first(where: { $0.1 != .latin }) {
            return (odd.0, odd.1, .latin)
        }
        let odd = letters.first { $0.1 != first }!
        return (odd.0, odd.1, first)
    }
}
