/// The `target_type` values of audit events: what an event is about.
public enum AuditTarget {
    public static let user = "user"
    public static let deletionRequest = "deletion_request"
    public static let staff = "staff"
    public static let question = "question"
    public static let suggestion = "suggestion"
    public static let sweepstakes = "sweepstakes"
}
