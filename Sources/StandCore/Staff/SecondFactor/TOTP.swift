import Crypto
import Foundation

/// Time-based one-time passwords (RFC 6238, on RFC 4226's HOTP) with
/// swift-crypto's HMAC: what authenticator apps compute from a shared secret.
/// The console uses SHA-1, 6 digits and 30-second steps (what every app
/// understands from an `otpauth://` link); the others are for RFC 6238's vectors.
public struct TOTP: Sendable, Equatable {
    public enum Algorithm: String, Sendable {
        case sha1 = "SHA1", sha256 = "SHA256", sha512 = "SHA512"
    }

    public let secret: [UInt8]
    public var digits = 6
    public var step: TimeInterval = 30
    public var algorithm = Algorithm.sha1

    /// 160 random bits: RFC 4226's recommended length for HMAC-SHA-1.
    public static let secretLength = 20
    /// Codes one step either side of now are accepted (a phone's clock a little off).
    public static let drift = 1

    public init(secret: [UInt8], digits: Int = 6, step: TimeInterval = 30, algorithm: Algorithm = .sha1) {
        self.secret = secret
        self.digits = digits
        self.step = step
        self.algorithm = algorithm
    }

    /// A new random secret.
    public static func newSecret() -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        return (0..<secretLength).map { _ in UInt8.random(in: 0...255, using: &generator) }
    }

    /// The time step a moment falls in (T in RFC 6238).
    public func counter(at date: Date) -> Int64 {
        Int64((date.timeIntervalSince1970 / step).rounded(.down))
    }

    /// The code for one time step, zero-padded to `digits`.
    public func code(counter: Int64) -> String {
        var message = [UInt8](repeating: 0, count: 8)
        for index in 0..<8 { message[7 - index] = UInt8(truncatingIfNeeded: UInt64(bitPattern: counter) >> UInt64(8 * index)) }
        let key = SymmetricKey(data: secret)
        let mac: [UInt8] = switch algorithm {
        case .sha1: Array(HMAC<Insecure.SHA1>.authenticationCode(for: message, using: key))
        case .sha256: Array(HMAC<SHA256>.authenticationCode(for: message, using: key))
        case .sha512: Array(HMAC<SHA512>.authenticationCode(for: message, using: key))
        }
        // RFC 4226 §5.3, dynamic truncation.
        let offset = Int(mac[mac.count - 1] & 0x0F)
        let binary = (UInt32(mac[offset] & 0x7F) << 24) | (UInt32(mac[offset + 1]) << 16) | (UInt32(mac[offset + 2]) << 8) | UInt32(mac[offset + 3])
        var modulus: UInt32 = 1
        for _ in 0..<digits { modulus *= 10 }
        let value = String(binary % modulus)
        return String(repeating: "0", count: max(0, digits - value.count)) + value
    }

    public func code(at date: Date) -> String {
        code(counter: counter(at: date))
    }

    /// The time step whose code `typed` is, within `drift` steps of `date`,
    /// and later than `usedUpTo` (a code, once accepted, is never accepted
    /// again: nor any earlier one); nil otherwise. Spaces in what was typed are ignored.
    public func matchingCounter(_ typed: String, at date: Date, after usedUpTo: Int64? = nil, drift: Int = TOTP.drift) -> Int64? {
        let digitsTyped = typed.filter { $0 != " " }
        guard digitsTyped.count == digits, digitsTyped.allSatisfy(\.isASCIIDigit) else { return nil }
        let now = counter(at: date)
        var found: Int64?
        // Every candidate is computed and compared in constant time, so timing says nothing about which matched.
        for offset in -drift...drift {
            let candidate = now + Int64(offset)
            if SecureToken.constantTimeEquals(code(counter: candidate), digitsTyped), candidate > (usedUpTo ?? Int64.min) {
                found = candidate
            }
        }
        return found
    }

    /// The `otpauth://` link an authenticator app reads (as a QR code or a tap).
    public func provisioningURI(account: String, issuer: String) -> String {
        func encoded(_ text: String) -> String {
            text.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(CharacterSet(charactersIn: "-._~@"))) ?? text
        }
        return "otpauth://totp/\(encoded(issuer)):\(encoded(account))?secret=\(Base32.encode(secret))&issuer=\(encoded(issuer))"
            + "&algorithm=\(algorithm.rawValue)&digits=\(digits)&period=\(Int(step))"
    }
}

private extension Character {
    var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
