import Foundation

/// A question as an editor typed it: a day, the text and up to four choices
/// (blank choice fields are ignored). `validated` applies every rule that needs
/// no store and reports every problem at once, in the form's order.
public struct QuestionDraft: Sendable, Equatable {
    public var runsOn: String
    public var text: String
    /// As typed, four slots at most; blank ones are dropped on validation.
    public var choices: [String]

    public static let textLength = 10...280
    public static let choiceLength = 1...80
    public static let choiceCount = 2...4

    public init(runsOn: String, text: String, choices: [String]) {
        self.runsOn = runsOn
        self.text = text
        self.choices = choices
    }

    /// What the store keeps: trimmed text, non-blank choices in order.
    public struct Valid: Sendable, Equatable {
        public let runsOn: String
        public let text: String
        public let choices: [String]
    }

    /// Field names as the form names them: `runsOn`, `text`, `choices`
    /// (how many, and duplicates), `choice1`…`choice4`.
    public func validated(today: String) throws -> Valid {
        var errors = ValidationErrors()
        let day = runsOn.trimmingCharacters(in: .whitespaces)
        if day.isEmpty {
            errors.add("runsOn", "Choose the UTC day the question runs on.")
        } else if UTCDate.parseDay(day) == nil {
            errors.add("runsOn", "Enter the day as YYYY-MM-DD, a real date.")
        } else if day < today {
            errors.add("runsOn", "\(day) has passed; choose today (\(today)) or a later day.")
        }

        let text = text.trimmingCharacters(in: .whitespacesAndNewlines)
        TextInput.check(text, field: "text", into: &errors)
        let length = text.unicodeScalars.count
        if text.isEmpty {
            errors.add("text", "Enter the question.")
        } else if length < Self.textLength.lowerBound {
            errors.add("text", "The question is \(length) characters; write at least \(Self.textLength.lowerBound).")
        } else if length > Self.textLength.upperBound {
            errors.add("text", "The question is \(length) characters; the app shows at most \(Self.textLength.upperBound).")
        }

        // The count goes first: the form shows it above the four choice fields.
        var choiceErrors = ValidationErrors()
        var kept: [String] = []
        var seen: [String: Int] = [:]
        for (index, typed) in choices.prefix(4).enumerated() {
            let field = "choice\(index + 1)"
            let choice = typed.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !choice.isEmpty else { continue }
            TextInput.check(choice, field: field, into: &choiceErrors)
            if choice.unicodeScalars.count > Self.choiceLength.upperBound {
                choiceErrors.add(field, "Choice \(index + 1) is \(choice.unicodeScalars.count) characters; the app shows at most \(Self.choiceLength.upperBound).")
            }
            let key = choice.lowercased()
            if let first = seen[key] {
                choiceErrors.add(field, "Choice \(index + 1) repeats choice \(first) (“\(choice)”); make each choice different.")
            } else {
                seen[key] = index + 1
            }
            kept.append(choice)
        }
        if choices.count > 4 {
            errors.add("choices", "A question has at most four choices.")
        } else if kept.count < Self.choiceCount.lowerBound {
            errors.add("choices", kept.isEmpty ? "Enter at least two choices." : "Enter at least two choices; there is only one.")
        }
        for field in choiceErrors.fields { errors.add(field, choiceErrors[field]!) }
        try errors.throwIfAny()
        return Valid(runsOn: day, text: text, choices: kept)
    }
}
