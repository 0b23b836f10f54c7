import Foundation
import StandCore

/// Everything the web app needs to start; the `serve` command and the tests fill it in.
public struct AppConfiguration: Sendable {
    public var host: String
    public var port: Int
    public var databasePath: String
    public var templatesDirectory: String
    public var publicDirectory: String
    public var bcryptCost: UInt8
    /// A page that fails libxml2 validation fails the request (debug builds and
    /// tests) or is logged and served sanitised (release).
    public var failOnInvalidHTML: Bool
    /// The secret in the one-time `/setup?token=` link, while no staff exist.
    public var setupToken: String
    /// The systems told of each deletion (Firebase, AWS…), from `STAND_ERASURE_*` (docs/erasure.md).
    public var erasureTargets: ErasureTargets
    /// Send deliveries in the background (always, when serving). Off, they
    /// go only when `AppServices.erasureDeliveries.deliverDue()` is called:
    /// the tests drive them one round at a time, with a pinned clock.
    public var sendsErasuresInBackground = true

    public init(
        host: String = "127.0.0.1",
        port: Int = 8080,
        databasePath: String = "data/stand.sqlite",
        templatesDirectory: String = "Templates",
        publicDirectory: String = "Public",
        bcryptCost: UInt8 = PasswordHasher.productionCost,
        failOnInvalidHTML: Bool = AppConfiguration.isDebugBuild,
        setupToken: String = SecureToken.hex(),
        erasureTargets: ErasureTargets = .none
    ) {
        self.host = host
        self.port = port
        self.databasePath = databasePath
        self.templatesDirectory = templatesDirectory
        self.publicDirectory = publicDirectory
        self.bcryptCost = bcryptCost
        self.failOnInvalidHTML = failOnInvalidHTML
        self.setupToken = setupToken
        self.erasureTargets = erasureTargets
    }

    public static var isDebugBuild: Bool {
        #if DEBUG
        true
        #else
        false
        #endif
    }

    public var setupURL: String { "http://\(host):\(port)/setup?token=\(setupToken)" }
}
