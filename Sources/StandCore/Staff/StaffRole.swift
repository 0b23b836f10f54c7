/// What a staff member may do (DESIGN.md, "Who may do what").
public enum StaffRole: String, Codable, Sendable, CaseIterable, Comparable {
    case owner
    case editor
    case support

    public var title: String {
        switch self {
        case .owner: "Owner"
        case .editor: "Editor"
        case .support: "Support"
        }
    }

    public static func < (lhs: StaffRole, rhs: StaffRole) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

/// One capability per row of the permission table; routes and pages ask for these.
public enum Permission: Sendable, CaseIterable {
    case lookUpUsers
    case editUsers
    /// Suspend and lift, sign an app account out everywhere, correct points and streaks.
    case supportAccounts
    case deleteAccounts
    case scheduleQuestions
    case createSweepstakes
    case grantOrVoidEntries
    case drawWinners
    case closeSweepstakes
    case manageStaff
    case readAuditLog
    /// Send a failed erasure delivery (Firebase, AWS…) again now.
    case retryErasureDeliveries

    public func isGranted(to role: StaffRole) -> Bool {
        switch self {
        case .lookUpUsers: true
        case .editUsers, .supportAccounts, .deleteAccounts: role == .owner || role == .support
        case .scheduleQuestions, .createSweepstakes: role == .owner || role == .editor
        case .grantOrVoidEntries: true
        case .drawWinners, .closeSweepstakes, .manageStaff, .readAuditLog, .retryErasureDeliveries: role == .owner
        }
    }
}
