import Foundation
import StandCore

/// One signed-in browser in a list of sessions (yours, or a staff member's for an owner).
struct SessionRow: MustacheFields {
    let reference: String
    let browser: String
    let address: String
    let signedIn: String
    let lastSeen: String
    /// The browser showing this page: it is not ended from the list (signing out does that).
    let isThis: Bool

    init(_ summary: StaffAccounts.SessionSummary, current: String?) {
        reference = summary.reference
        browser = BrowserDescription.describe(summary.userAgent)
        address = summary.address ?? "unknown"
        signedIn = UTCDate.minute(summary.signedInAt)
        lastSeen = UTCDate.minute(summary.lastSeenAt)
        isThis = summary.reference == current
    }

    init(reference: String, browser: String, address: String, signedIn: String, lastSeen: String, isThis: Bool) {
        self.reference = reference
        self.browser = browser
        self.address = address
        self.signedIn = signedIn
        self.lastSeen = lastSeen
        self.isThis = isThis
    }

    static let fields: [String: @Sendable (Self) -> Any?] = [
        "reference": { $0.reference }, "browser": { $0.browser }, "address": { $0.address }, "signedIn": { $0.signedIn },
        "lastSeen": { $0.lastSeen }, "isThis": { $0.isThis },
    ]

    static var fixtures: [Self] {
        [Self(reference: "0123456789abcdef", browser: "Chrome 131 on Linux", address: "127.0.0.1", signedIn: "2026-11-25 10:00 UTC",
              lastSeen: "2026-11-25 10:30 UTC", isThis: true),
         Self(reference: "fedcba9876543210", browser: Fixture.hostile, address: Fixture.hostile, signedIn: "2026-11-24 09:00 UTC",
              lastSeen: "2026-11-24 09:10 UTC", isThis: false)]
    }
}
