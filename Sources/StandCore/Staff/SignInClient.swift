/// The browser a session was started from, as it introduced itself: shown in
/// the list of sessions so that a staff member can tell theirs apart.
public struct SignInClient: Sendable, Equatable {
    public let address: String?
    public let userAgent: String?

    /// Longer user agents are cut: a header is not a place to store a novel.
    static let userAgentLimit = 300

    public init(address: String?, userAgent: String?) {
        self.address = address
        self.userAgent = userAgent.map { String($0.prefix(Self.userAgentLimit)) }.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The command line and tests: no browser.
    public static let unknown = SignInClient(address: nil, userAgent: nil)
}
