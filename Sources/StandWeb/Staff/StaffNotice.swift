/// The messages after a change to a staff account: each names the person and what happened to their sessions.
enum StaffNotice {
    static func sessions(_ count: Int) -> String {
        count.counted("session")
    }

    static func disabled(_ email: String, ended: Int) -> String {
        ended == 0 ? "Disabled \(email); they were not signed in anywhere." : "Disabled \(email); their \(sessions(ended)) ended."
    }

    static func enabled(_ email: String) -> String {
        "Enabled \(email); they can sign in again."
    }

    static func roleChanged(_ email: String, to role: String, ended: Int) -> String {
        "\(email) now has the \(role) role"
            + (ended == 0 ? "." : "; their \(sessions(ended)) ended, and they sign in again with it.")
    }
}
