import Foundation

/// What a person typed in the search box, understood.
public enum UserQuery: Equatable, Sendable {
    case uuid(String)
    case email(String)
    case emailPrefix(String)
    case phone(String)
    /// It looked like a phone number but cannot be one; the message says why.
    case invalidPhone(String)
    case empty

    public init(_ input: String) {
        let text = TextInput.searchable(input).trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else { self = .empty; return }
        if let uuid = Self.typedUUID(text) {
            self = .uuid(uuid)
        } else if text.contains("@") {
            self = EmailAddress.normalised(text).map { .email($0) } ?? .emailPrefix(UserSearch.asciiLowercased(text))
        } else if Self.looksLikePhone(text) {
            switch PhoneNumber.e164(from: text) {
            case .success(let e164): self = .phone(e164)
            case .failure(let problem): self = .invalidPhone(PhoneNumber.message(for: problem))
            }
        } else {
            self = .emailPrefix(UserSearch.asciiLowercased(text))
        }
    }

    /// A UUID as people paste it: in braces (`{…}`, as Windows tools write it),
    /// as a URN (`urn:uuid:…`), or broken by spaces; else `canonicalUUID`.
    /// It used to be read as a phone number ("that phone number has too many digits").
    public static func typedUUID(_ text: String) -> String? {
        if let uuid = canonicalUUID(text) { return uuid }
        var core = Substring(text)
        if core.lowercased().hasPrefix("urn:uuid:") { core = core.dropFirst(9) }
        if let first = core.first, let last = core.last, (first == "{" && last == "}") || (first == "(" && last == ")") {
            core = core.dropFirst().dropLast()
        }
        let compact = core.filter { !$0.isWhitespace }
        guard compact.count <= 40 else { return nil }
        return canonicalUUID(String(compact))
    }

    /// 32 hex digits, with or without the four dashes, any case → lowercase with dashes.
    public static func canonicalUUID(_ text: String) -> String? {
        // Byte by byte: every user page parses its address with this.
        var text = text
        return text.withUTF8 { bytes -> String? in
            let dashed = bytes.count == 36
            guard dashed || bytes.count == 32 else { return nil }
            let uuid = String(unsafeUninitializedCapacity: 36) { uuid in
                var written = 0
                for (index, byte) in bytes.enumerated() {
                    if dashed, index == 8 || index == 13 || index == 18 || index == 23 {
                        guard byte == UInt8(ascii: "-") else { return 0 }
                        continue
                    }
                    switch byte {
                    case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "f"): uuid[written] = byte
                    case UInt8(ascii: "A")...UInt8(ascii: "F"): uuid[written] = byte + 32
                    default: return 0
                    }
                    written += 1
                    if written == 8 || written == 13 || written == 18 || written == 23 {
                        uuid[written] = UInt8(ascii: "-")
                        written += 1
                    }
                }
                return written
            }
            return uuid.isEmpty ? nil : uuid
        }
    }

    /// Digits with phone punctuation only, and mostly digits: `555.123.4567`, not `jane.do`.
    static func looksLikePhone(_ text: String) -> Bool {
        let digits = text.filter { $0.isASCII && $0.isNumber }.count
        let letters = text.filter(\.isLetter).count
        return digits >= 3 && (letters == 0 || digits > letters * 2)
    }
}

/// The app's age rule: 18 or older on the UTC day in question.
public enum AgeRule {
    public static let minimumAge = 18

    public static func isAdult(birthdate: String, on today: Date) -> Bool {
        (UserAge.years(birthdate: birthdate, on: today) ?? 0) >= minimumAge
    }
}
