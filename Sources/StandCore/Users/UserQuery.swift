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
        if let uuid = Self.canonicalUUID(text) {
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

    /// 32 hex digits, with or without the four dashes, any case → lowercase with dashes.
    public static func canonicalUUID(_ text: String) -> String? {
        let hex = text.replacingOccurrences(of: "-", with: "").lowercased()
        guard hex.count == 32, hex.allSatisfy(\.isHexDigit) else { return nil }
        if text.contains("-") {
            // Dashes only where a UUID has them.
            let characters = Array(text)
            guard characters.count == 36, [8, 13, 18, 23].allSatisfy({ characters[$0] == "-" }) else { return nil }
        }
        let characters = Array(hex)
        return [0..<8, 8..<12, 12..<16, 16..<20, 20..<32].map { String(characters[$0]) }.joined(separator: "-")
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
