import Foundation

/// An email address as the app accepts it: trimmed, one `@`, a dotted domain,
/// at most 254 characters, and nothing invisible: no spaces, control or format
/// characters (zero-width spaces, BOMs, bidi overrides, soft hyphens), which
/// would make two addresses look alike.
public enum EmailAddress {
    public static func normalised(_ input: String) -> String? {
        let trimmed = input.trimmingCharacters(in: .whitespacesAndNewlines)
        guard trimmed.count <= 254, !trimmed.isEmpty, trimmed.unicodeScalars.allSatisfy(TextInput.isVisible) else { return nil }
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
}
