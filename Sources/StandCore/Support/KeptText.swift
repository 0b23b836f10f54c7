/// Text staff type that is kept for good: a reason in the audit log (which
/// nothing may change) or in a tombstone (which outlives the account). Erasing
/// a person must never have to reach into it, so it may not hold what
/// identifies someone directly: an email address or a phone number. The
/// account it is about is already linked by its id.
public enum KeptText {
    /// Adds a message for `field` when `text` holds an email address or a phone number.
    public static func check(_ text: String, field: String, into errors: inout ValidationErrors) {
        if let found = contactDetail(in: text) {
            errors.add(field, "Leave out the \(found) here: this text is kept for good (the audit log is never changed) and must not hold an email address or phone number. The account is already linked.")
        }
    }

    /// "email address" or "phone number" when the text holds one.
    public static func contactDetail(in text: String) -> String? {
        if text.contains(emailShape) { return "email address" }
        // Dates and times are long runs of digits too; they are not phone numbers.
        let withoutDates = text.replacing(dateOrTime, with: " ")
        for match in withoutDates.matches(of: digitRun) {
            let digits = match.output.filter(\.isASCIIDigit).count
            if digits >= 10 || (match.output.first == "+" && digits >= 7) { return "phone number" }
        }
        return nil
    }

    private nonisolated(unsafe) static let emailShape = /[^\s@<>(),;:"]+@[^\s@<>(),;:"]+\.[^\s@<>(),;:".]{2,}/
    private nonisolated(unsafe) static let dateOrTime = /\d{4}-\d{2}-\d{2}|\d{1,2}:\d{2}(:\d{2})?/
    /// Digits with the punctuation people write phone numbers with (not `#`, so "entry #123" stays apart).
    private nonisolated(unsafe) static let digitRun = /\+?\d[\d ().\-\/]*\d/
}

private extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}
