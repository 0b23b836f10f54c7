import Foundation

/// The downstream systems a deletion must reach, in delivery order, each with
/// its endpoint and signing secret: from the environment (docs/erasure.md),
/// so operators and tests set them the same way.
public struct ErasureTargets: Sendable, Equatable {
    public struct Target: Sendable, Equatable {
        public let system: String
        public let url: URL
        let secret: String

        public init(system: String, url: URL, secret: String) {
            (self.system, self.url, self.secret) = (system, url, secret)
        }
    }

    public let targets: [Target]
    /// How long one attempt waits for an answer.
    public let timeout: Duration
    /// The wait before the first retry; later waits double from it.
    public let firstRetry: Duration

    public static let none = ErasureTargets(targets: [], timeout: .seconds(10), firstRetry: .seconds(30))
    public static let minimumSecretLength = 16

    public init(targets: [Target], timeout: Duration = .seconds(10), firstRetry: Duration = .seconds(30)) {
        self.targets = targets
        self.timeout = timeout
        self.firstRetry = firstRetry
    }

    public var systems: [String] { targets.map(\.system) }
    public var isEmpty: Bool { targets.isEmpty }

    public func target(_ system: String) -> Target? {
        targets.first { $0.system == system }
    }

    public struct Invalid: Error, CustomStringConvertible, Equatable {
        public let description: String
    }

    /// Read `STAND_ERASURE_TARGETS`, `STAND_ERASURE_SECRET[_NAME]`,
    /// `STAND_ERASURE_TIMEOUT` and `STAND_ERASURE_FIRST_RETRY`. A target
    /// that is malformed or has no secret is refused: a delivery nobody can
    /// check is worse than none.
    public static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment) throws -> ErasureTargets {
        let timeout = try seconds(environment, "STAND_ERASURE_TIMEOUT", default: 10, in: 1...120)
        let firstRetry = try seconds(environment, "STAND_ERASURE_FIRST_RETRY", default: 30, in: 0.1...3600)
        let list = (environment["STAND_ERASURE_TARGETS"] ?? "").trimmingCharacters(in: .whitespaces)
        guard !list.isEmpty else { return ErasureTargets(targets: [], timeout: timeout, firstRetry: firstRetry) }
        var targets: [Target] = []
        for item in list.split(separator: ",", omittingEmptySubsequences: false) {
            let parts = item.trimmingCharacters(in: .whitespaces).split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2, isSystemName(parts[0]) else {
                throw Invalid(description: "STAND_ERASURE_TARGETS: “\(item)” is not name=URL (names are lowercase letters, digits, - and _).")
            }
            let (system, address) = (parts[0], parts[1])
            guard let url = URL(string: address), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https", url.host != nil else {
                throw Invalid(description: "STAND_ERASURE_TARGETS: \(system)'s address “\(address)” is not an http:// or https:// URL.")
            }
            guard !targets.contains(where: { $0.system == system }) else {
                throw Invalid(description: "STAND_ERASURE_TARGETS names \(system) twice.")
            }
            let secretName = "STAND_ERASURE_SECRET_" + system.uppercased().replacingOccurrences(of: "-", with: "_")
            guard let secret = environment[secretName] ?? environment["STAND_ERASURE_SECRET"], !secret.isEmpty else {
                throw Invalid(description: "\(system) has no secret: set STAND_ERASURE_SECRET (or \(secretName)).")
            }
            guard secret.count >= minimumSecretLength else {
                throw Invalid(description: "\(system)'s secret is shorter than \(minimumSecretLength) characters.")
            }
            targets.append(Target(system: system, url: url, secret: secret))
        }
        return ErasureTargets(targets: targets, timeout: timeout, firstRetry: firstRetry)
    }

    static func isSystemName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, ("a"..."z").contains(first), name.count <= 40 else { return false }
        return name.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" || $0 == "_" }
    }

    private static func seconds(_ environment: [String: String], _ name: String, default value: Double,
                                in range: ClosedRange<Double>) throws -> Duration {
        guard let text = environment[name], !text.isEmpty else { return .milliseconds(Int64(value * 1000)) }
        guard let number = Double(text), range.contains(number) else {
            throw Invalid(description: "\(name) must be a number of seconds from \(range.lowerBound) to \(range.upperBound), not “\(text)”.")
        }
        return .milliseconds(Int64(number * 1000))
    }
}
