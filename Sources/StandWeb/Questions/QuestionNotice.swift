import StandCore

/// The message after a change to the calendar, from the redirect's `done`;
/// each names the question and its day.
enum QuestionNotice {
    static func text(_ parameters: QueryParameters, question: DailyQuestion? = nil) -> String? {
        switch parameters["done"] {
        case "scheduled": question.map { "Scheduled question #\($0.id ?? 0) for \($0.runsOn)." }
        case "saved": question.map { "Saved question #\($0.id ?? 0) for \($0.runsOn)." }
        case "unchanged": question.map { "Nothing changed: question #\($0.id ?? 0) already read like that." }
        case "started": question.map { "Question #\($0.id ?? 0) runs on \($0.runsOn), which has begun: it can no longer be edited, moved or unscheduled." }
        case "approved": question.map { "Approved suggestion #\($0.suggestionId ?? 0) as question #\($0.id ?? 0) for \($0.runsOn)." }
        case "uploaded":
            uploaded(parameters)
        case "unscheduled":
            // Only a real day goes into the message: the address could say anything.
            parameters["day"].flatMap { UTCDate.parseDay($0) != nil ? "Unscheduled the question for \($0); that day is empty now." : nil }
        default: nil
        }
    }

    /// Numbers and days only, each checked: the address could say anything.
    private static func uploaded(_ parameters: QueryParameters) -> String? {
        guard let count = try? parameters.number("count", in: 1...Int64(QuestionImport.maximumRows)),
              let first = parameters["first"], let last = parameters["last"],
              UTCDate.parseDay(first) != nil, UTCDate.parseDay(last) != nil else { return nil }
        return "Scheduled \(count.counted("question")) from the file, \(first) to \(last)."
    }
}
