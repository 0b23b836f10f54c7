import Foundation

/// Phone numbers as people type them, turned into E.164 (`+15551234567`).
public enum PhoneNumber {
    /// Characters people put between digits; anything else (letters) is not a phone number.
    static let punctuation: Set<Character> = [" ", "(", ")", "-", ".", "\u{00A0}"]

    public enum Problem: Error, Equatable, Sendable {
        case notAPhoneNumber
        case tooShort
        case tooLong
        case needsCountryCode
        case invalidNorthAmericanNumber
    }

    /// `(555) 123-4567`, `555.123.4567`, `+1 555 123 4567`, `15551234567` → `+15551234567`.
    /// Ten digits mean +1; any other country needs its `+`.
    public static func e164(from input: String) -> Result<String, Problem> {
        var text = Substring(input.trimmingCharacters(in: .whitespacesAndNewlines))
        let international = text.hasPrefix("+")
        if international { text = text.dropFirst() }
        var digits = ""
        for character in text {
            if character.isASCII, character.isNumber {
                digits.append(character)
            } else if !punctuation.contains(character) {
                return .failure(.notAPhoneNumber)
            }
        }
        guard !digits.isEmpty else { return .failure(.notAPhoneNumber) }
        if international {
            guard digits.first != "0" else { return .failure(.notAPhoneNumber) }
            if digits.first == "1" { return northAmerican(String(digits.dropFirst())) }
            guard digits.count >= 8 else { return .failure(.tooShort) }
            guard digits.count <= 15 else { return .failure(.tooLong) }
            return .success("+" + digits)
        }
        switch digits.count {
        case 10: return northAmerican(digits)
        case 11 where digits.first == "1": return northAmerican(String(digits.dropFirst()))
        case ..<10: return .failure(.tooShort)
        default: return .failure(.needsCountryCode)
        }
    }

    /// NANP: ten digits, the area code not starting with 0 or 1 (a leading 1
    /// is the country code). Exchanges are not checked: `555 123 4567` is how
    /// people and test data write numbers.
    private static func northAmerican(_ digits: String) -> Result<String, Problem> {
        guard digits.count == 10 else { return .failure(digits.count < 10 ? .tooShort : .tooLong) }
        guard let first = digits.first, first != "0", first != "1" else {
            return .failure(.invalidNorthAmericanNumber)
        }
        return .success("+1" + digits)
    }

    /// `+1 555-123-4567` for North American numbers, `+44 7700900123` style otherwise.
    /// Works on bytes: it runs for every row of every result page.
    public static func readable(_ e164: String) -> String {
        let bytes = Array(e164.utf8)
        guard bytes.count > 5, bytes[0] == UInt8(ascii: "+") else { return e164 }
        func text(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }
        if bytes[1] == UInt8(ascii: "1"), bytes.count == 12 {
            return "+1 " + text(2..<5) + "-" + text(5..<8) + "-" + text(8..<12)
        }
        let countryLength = twoDigitCountryCodes.contains(text(1..<3)) ? 2 : 3
        return "+" + text(1..<(1 + countryLength)) + " " + text((1 + countryLength)..<bytes.count)
    }

    /// Country codes the readable form splits after two digits (the rest after three).
    static let twoDigitCountryCodes: Set<String> = ["44", "33", "49"]

    public static func message(for problem: Problem) -> String {
        switch problem {
        case .notAPhoneNumber: "A phone number has only digits, spaces, brackets, dots and dashes, with an optional leading +."
        case .tooShort: "That phone number has too few digits."
        case .tooLong: "That phone number has too many digits (at most 15)."
        case .needsCountryCode: "Start numbers outside North America with + and the country code."
        case .invalidNorthAmericanNumber: "North American area codes do not start with 0 or 1."
        }
    }
}
