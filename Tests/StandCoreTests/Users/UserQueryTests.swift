import Foundation
import Testing
@testable import StandCore

@Suite struct PhoneNumberTests {
    @Test(arguments: [
        ("(555) 223-4567", "+15552234567"),
        ("(555) 123-4567", "+15551234567"),
        ("555.123.4567", "+15551234567"),
        ("+1 555 123 4567", "+15551234567"),
        ("15551234567", "+15551234567"),
        ("555.223.4567", "+15552234567"),
        ("+1 555 223 4567", "+15552234567"),
        ("15552234567", "+15552234567"),
        ("1-555-223-4567", "+15552234567"),
        ("  555 223 4567 ", "+15552234567"),
        ("+44 7700 900123", "+447700900123"),
        ("+49 (30) 1234 5678", "+493012345678"),
        ("+493012345678901", "+493012345678901"),   // 15 digits: the E.164 maximum
    ])
    func typedAnyWayBecomesE164(input: String, expected: String) {
        #expect(PhoneNumber.e164(from: input) == .success(expected))
    }

    @Test(arguments: [
        ("555 223 456", PhoneNumber.Problem.tooShort),          // 9 digits
        ("25552234567", .needsCountryCode),                      // 11 digits not starting with 1
        ("+4930123456789012", .tooLong),                         // 16 digits
        ("555-223-45a7", .notAPhoneNumber),                      // a letter
        ("555 CALL NOW", .notAPhoneNumber),
        ("+0 555 223 4567", .notAPhoneNumber),
        ("(055) 223-4567", .invalidNorthAmericanNumber),
        ("(155) 223-4567", .invalidNorthAmericanNumber),
        ("+1 555 223 456", .tooShort),
        ("", .notAPhoneNumber),
    ])
    func impossibleNumbersAreRefusedWithAReason(input: String, problem: PhoneNumber.Problem) {
        #expect(PhoneNumber.e164(from: input) == .failure(problem))
    }

    @Test func readableForm() {
        #expect(PhoneNumber.readable("+15552234567") == "+1 555-223-4567")
        #expect(PhoneNumber.readable("+447700900123") == "+44 7700900123")
    }
}

@Suite struct UserQueryTests {
    @Test(arguments: [
        ("Jane.Doe@Example.com", UserQuery.email("Jane.Doe@example.com")),
        ("jane.do", .emailPrefix("jane.do")),
        ("JANE.DOE@exa", .emailPrefix("jane.doe@exa")),
        ("(555) 223-4567", .phone("+15552234567")),
        ("15552234567", .phone("+15552234567")),
        ("0F8B1C9E-5F2A-4C1D-9A7B-3E2D1C0B9A8F", .uuid("0f8b1c9e-5f2a-4c1d-9a7b-3e2d1c0b9a8f")),
        ("0f8b1c9e5f2a4c1d9a7b3e2d1c0b9a8f", .uuid("0f8b1c9e-5f2a-4c1d-9a7b-3e2d1c0b9a8f")),
        // Pasted from other tools: in braces, as a URN, broken by spaces (were read as phone numbers).
        ("{0F8B1C9E-5F2A-4C1D-9A7B-3E2D1C0B9A8F}", .uuid("0f8b1c9e-5f2a-4c1d-9a7b-3e2d1c0b9a8f")),
        ("urn:uuid:0f8b1c9e-5f2a-4c1d-9a7b-3e2d1c0b9a8f", .uuid("0f8b1c9e-5f2a-4c1d-9a7b-3e2d1c0b9a8f")),
        ("0f8b1c9e 5f2a 4c1d 9a7b 3e2d1c0b9a8f", .uuid("0f8b1c9e-5f2a-4c1d-9a7b-3e2d1c0b9a8f")),
        ("0f8b1c9e-5f2a-4c1d-9a7b- 3e2d1c0b9a8f", .uuid("0f8b1c9e-5f2a-4c1d-9a7b-3e2d1c0b9a8f")),
        ("   ", .empty),
        ("555 223 456", .invalidPhone("That phone number has too few digits.")),
    ])
    func understandsWhatWasTyped(input: String, expected: UserQuery) {
        #expect(UserQuery(input) == expected)
    }

    @Test(arguments: [
        "0f8b1c9e5-f2a-4c1d-9a7b-3e2d1c0b9a8f",   // dashes misplaced
        "0f8b1c9e-5f2a4c1d9a7b3e2d1c0b9a8",       // 32 characters, one a dash
        "0f8b1c9e-5f2a-4c1d-9a7b-3e2d1c0b9a8g",   // not hex
        "0f8b1c9e5f2a4c1d9a7b3e2d1c0b9a8",        // 31 digits
        "0f8b1c9e-5f2a-4c1d-9a7b-3e2d1c0b9a8f0",  // 37 characters
        "０f8b1c9e-5f2a-4c1d-9a7b-3e2d1c0b9a8f",   // a fullwidth digit
        "",
    ])
    func notAUUID(text: String) {
        #expect(UserQuery.canonicalUUID(text) == nil)
    }

    @Test func aUUIDInAnyCaseWithOrWithoutDashes() {
        let canonical = "0f8b1c9e-5f2a-4c1d-9a7b-3e2d1c0b9a8f"
        #expect(UserQuery.canonicalUUID(canonical) == canonical)
        #expect(UserQuery.canonicalUUID(canonical.uppercased()) == canonical)
        #expect(UserQuery.canonicalUUID("0F8B1C9E5F2A4C1D9A7B3E2D1C0B9A8F") == canonical)
    }

    @Test(arguments: [
        ("josé.núñez@ejemplo.es", "josé.núñez@ejemplo.es"),
        ("用户@例子.广告", "用户@例子.广告"),
        ("a@b.c", nil),
        ("jane doe@example.com", nil),
    ] as [(String, String?)])
    func unicodeEmails(input: String, expected: String?) {
        #expect(EmailAddress.normalised(input) == expected)
    }
}

@Suite struct AgeRuleTests {
    static let today = StoreTimestamp.date("2026-11-23")!

    @Test func eighteenthBirthdayTodayIsAdult() {
        #expect(AgeRule.isAdult(birthdate: "2008-11-23", on: Self.today))
        #expect(!AgeRule.isAdult(birthdate: "2008-11-24", on: Self.today))
    }

    @Test func leapDayBirthdaysComeOfAgeOnFirstOfMarch() {
        #expect(!AgeRule.isAdult(birthdate: "2008-02-29", on: StoreTimestamp.date("2026-02-28")!))
        #expect(AgeRule.isAdult(birthdate: "2008-02-29", on: StoreTimestamp.date("2026-03-01")!))
    }

    @Test func unreadableBirthdateIsNotAdult() {
        #expect(!AgeRule.isAdult(birthdate: "not a date", on: Self.today))
    }
}
