import Foundation

/// A new sweepstakes as typed: every rule checked at once, in the form's order.
public struct SweepstakesDraft: Sendable, Equatable {
    public var name: String
    public var prize: String
    public var startsOn: String
    public var endsOn: String
    public var winnerCount: String
    public var entriesPerStand: String
    public var streakBonusEntries: String

    public init(name: String = "", prize: String = "", startsOn: String = "", endsOn: String = "",
                winnerCount: String = "1", entriesPerStand: String = "1", streakBonusEntries: String = "0") {
        self.name = name
        self.prize = prize
        self.startsOn = startsOn
        self.endsOn = endsOn
        self.winnerCount = winnerCount
        self.entriesPerStand = entriesPerStand
        self.streakBonusEntries = streakBonusEntries
    }

    public struct Valid: Sendable, Equatable {
        public let name: String
        public let prize: String
        public let startsOn: String
        public let endsOn: String
        public let winnerCount: Int
        public let entriesPerStand: Int
        public let streakBonusEntries: Int
    }

    public func validated() throws -> Valid {
        var errors = ValidationErrors()
        let name = name.trimmingCharacters(in: .whitespacesAndNewlines)
        let prize = prize.trimmingCharacters(in: .whitespacesAndNewlines)
        Self.text(name, field: "name", label: "name", maximum: 100, into: &errors)
        Self.text(prize, field: "prize", label: "prize", maximum: 200, into: &errors)
        let starts = startsOn.trimmingCharacters(in: .whitespaces), ends = endsOn.trimmingCharacters(in: .whitespaces)
        let startDate = UTCDate.parseDay(starts), endDate = UTCDate.parseDay(ends)
        if startDate == nil { errors.add("startsOn", "Enter the first day as YYYY-MM-DD, a real date.") }
        if endDate == nil { errors.add("endsOn", "Enter the last day as YYYY-MM-DD, a real date.") }
        if startDate != nil, endDate != nil, ends < starts { errors.add("endsOn", "The last day (\(ends)) is before the first (\(starts)).") }
        let winners = Self.number(winnerCount, field: "winnerCount", in: 1...100, label: "The number of winners", into: &errors)
        let perStand = Self.number(entriesPerStand, field: "entriesPerStand", in: 0...100, label: "Entries per daily stand", into: &errors)
        let bonus = Self.number(streakBonusEntries, field: "streakBonusEntries", in: 0...100, label: "Bonus entries per 7-day streak", into: &errors)
        try errors.throwIfAny()
        return Valid(name: name, prize: prize, startsOn: starts, endsOn: ends, winnerCount: winners!, entriesPerStand: perStand!,
                     streakBonusEntries: bonus!)
    }

    static func text(_ text: String, field: String, label: String, maximum: Int, into errors: inout ValidationErrors) {
        TextInput.check(text, field: field, into: &errors)
        if text.isEmpty { errors.add(field, "Enter the \(label).") }
        if text.unicodeScalars.count > maximum { errors.add(field, "Keep the \(label) under \(maximum) characters.") }
    }

    /// A whole number in `range`, typed with or without spaces; nil (and a message) otherwise.
    static func number(_ text: String, field: String, in range: ClosedRange<Int>, label: String, into errors: inout ValidationErrors) -> Int? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard trimmed.utf8.count <= 6, let value = Int(trimmed), range.contains(value) else {
            errors.add(field, "\(label) must be a whole number from \(range.lowerBound) to \(range.upperBound).")
            return nil
        }
        return value
    }
}
