import Dispatch
import HummingbirdBcrypt

/// bcrypt, run off the caller's thread: one cost-12 hash takes about 0.2 s and
/// must not stall the server's event loops or Swift's cooperative pool.
public struct PasswordHasher: Sendable {
    public static let productionCost: UInt8 = 12
    public let cost: UInt8

    public init(cost: UInt8 = PasswordHasher.productionCost) {
        self.cost = cost
    }

    public func hash(_ password: String) async -> String {
        let cost = self.cost
        return await Self.offThread { Bcrypt.hash(password, cost: cost) }
    }

    public func verify(_ password: String, hash: String) async -> Bool {
        await Self.offThread { Bcrypt.verify(password, hash: hash) }
    }

    /// A real hash to check against when the email is unknown, so a wrong email
    /// takes as long as a wrong password.
    public func verifyAgainstDummy(_ password: String) async {
        _ = await verify(password, hash: Self.dummyHash)
    }

    private static let dummyHash = Bcrypt.hash(SecureToken.hex(bytes: 16), cost: productionCost)

    private static func offThread<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            DispatchQueue.global(qos: .userInitiated).async {
                continuation.resume(returning: work())
            }
        }
    }
}

/// The rules for a staff password.
public enum PasswordRules {
    public static let minimumLength = 12
    /// bcrypt reads only the first 72 bytes.
    public static let maximumBytes = 72

    public static func check(_ password: String, field: String = "password") -> ValidationErrors {
        var errors = ValidationErrors()
        if let scalar = TextInput.forbiddenCharacter(in: password) {
            errors.add(field, "Remove the invisible control character (U+\(TextInput.hex(scalar))) from the password.")
        } else if password.count < minimumLength {
            errors.add(field, "Use at least \(minimumLength) characters.")
        } else if password.utf8.count > maximumBytes {
            errors.add(field, "Use at most \(maximumBytes) bytes (bcrypt ignores the rest).")
        }
        return errors
    }
}
