import Foundation
import Testing
@testable import StandCore

/// TOTP against RFC 6238's published vectors (Appendix B), and the rules the
/// console adds: ±1 step of drift, never the same step twice.
@Suite struct SecondFactorTests {
    static let seed20 = Array("12345678901234567890".utf8)
    static let seed32 = Array("12345678901234567890123456789012".utf8)
    static let seed64 = Array("1234567890123456789012345678901234567890123456789012345678901234".utf8)

    @Test(arguments: [
        (59.0, "94287082", "46119246", "90693936"),
        (1_111_111_109.0, "07081804", "68084774", "25091201"),
        (1_111_111_111.0, "14050471", "67062674", "99943326"),
        (1_234_567_890.0, "89005924", "91819424", "93441116"),
        (2_000_000_000.0, "69279037", "90698825", "38618901"),
        (20_000_000_000.0, "65353130", "77737706", "47863826"),
    ])
    func rfc6238Vectors(time: Double, sha1: String, sha256: String, sha512: String) {
        let at = Date(timeIntervalSince1970: time)
        #expect(TOTP(secret: Self.seed20, digits: 8, algorithm: .sha1).code(at: at) == sha1)
        #expect(TOTP(secret: Self.seed32, digits: 8, algorithm: .sha256).code(at: at) == sha256)
        #expect(TOTP(secret: Self.seed64, digits: 8, algorithm: .sha512).code(at: at) == sha512)
    }

    @Test func oneStepOfDriftIsAcceptedTwoAreNot() {
        let totp = TOTP(secret: TOTP.newSecret())
        let now = Date(timeIntervalSince1970: 1_795_636_980)
        let current = totp.counter(at: now)
        for offset: Int64 in [-1, 0, 1] {
            #expect(totp.matchingCounter(totp.code(counter: current + offset), at: now) == current + offset)
        }
        for offset: Int64 in [-2, 2] {
            #expect(totp.matchingCounter(totp.code(counter: current + offset), at: now) == nil)
        }
        #expect(totp.matchingCounter("12345", at: now) == nil)
        #expect(totp.matchingCounter("abcdef", at: now) == nil)
        let spaced = totp.code(at: now)
        #expect(totp.matchingCounter(String(spaced.prefix(3)) + " " + String(spaced.dropFirst(3)), at: now) == current)
    }

    /// A code once used is refused for the rest of its window, and so is every earlier one.
    @Test func aUsedCodeIsNeverAcceptedAgain() {
        let totp = TOTP(secret: TOTP.newSecret())
        let now = Date(timeIntervalSince1970: 1_795_636_980)
        let used = totp.counter(at: now)
        #expect(totp.matchingCounter(totp.code(counter: used), at: now, after: used) == nil)
        #expect(totp.matchingCounter(totp.code(counter: used - 1), at: now, after: used) == nil)
        #expect(totp.matchingCounter(totp.code(counter: used + 1), at: now.addingTimeInterval(30), after: used) == used + 1)
    }

    @Test func base32RoundTripsAndReadsWhatPeopleType() {
        // RFC 4648 §10.
        for (plain, encoded) in [("", ""), ("f", "MY"), ("fo", "MZXQ"), ("foo", "MZXW6"), ("foob", "MZXW6YQ"), ("fooba", "MZXW6YTB"), ("foobar", "MZXW6YTBOI")] {
            #expect(Base32.encode(Array(plain.utf8)) == encoded)
            #expect(Base32.decode(encoded) == Array(plain.utf8))
        }
        let secret = TOTP.newSecret()
        let encoded = Base32.encode(secret)
        #expect(encoded.count == 32)
        #expect(Base32.decode(Base32.grouped(encoded).lowercased()) == secret)
        #expect(Base32.grouped("JBSWY3DPEHPK3PXP") == "JBSW Y3DP EHPK 3PXP")
        #expect(Base32.decode("JBSW1") == nil, "1 is not in the alphabet")
    }

    @Test func theProvisioningLinkIsWhatAuthenticatorAppsRead() {
        let totp = TOTP(secret: Array("12345678901234567890".utf8))
        #expect(totp.provisioningURI(account: "ana+ops@example.com", issuer: "Stand Admin")
                == "otpauth://totp/Stand%20Admin:ana%2Bops@example.com?secret=GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ&issuer=Stand%20Admin&algorithm=SHA1&digits=6&period=30")
    }

    @Test func recoveryCodesAreTenDistinctAndKeptOnlyAsHashes() {
        let codes = RecoveryCodes.generate()
        #expect(codes.count == 10 && Set(codes).count == 10)
        #expect(codes.allSatisfy { $0.count == 19 && $0.split(separator: "-").count == 4 })
        let code = codes[0]
        #expect(RecoveryCodes.hash(code) == RecoveryCodes.hash(code.uppercased().replacingOccurrences(of: "-", with: " ")))
        #expect(RecoveryCodes.hash(code).count == 64 && !RecoveryCodes.hash(code).contains(code))
    }
}
