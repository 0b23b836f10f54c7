import Crypto
import Foundation

/// Single-use codes for a staff member who lost their phone: ten, shown once,
/// kept only as SHA-256 hashes. Each is 80 random bits (16 base32 characters
/// in groups of four), so a fast hash is enough: guessing is hopeless either way.
public enum RecoveryCodes {
    public static let count = 10

    public static func generate(count: Int = RecoveryCodes.count) -> [String] {
        var generator = SystemRandomNumberGenerator()
        return (0..<count).map { _ in
            Base32.grouped(Base32.encode((0..<10).map { _ in UInt8.random(in: 0...255, using: &generator) }).lowercased())
                .replacingOccurrences(of: " ", with: "-")
        }
    }

    /// What is stored: the hex SHA-256 of the code as typed, lower-cased, without spaces or dashes.
    public static func hash(_ code: String) -> String {
        let normalised = code.lowercased().filter { $0 != " " && $0 != "-" }
        return SHA256.hash(data: Array(normalised.utf8)).map { String(format: "%02x", $0) }.joined()
    }
}
