extension BinaryInteger {
    /// `1 day`, `3 days`, `1,200 sessions`: the count and its noun (plural
    /// with an `s` unless given: `counted("entry", plural: "entries")`).
    public func counted(_ noun: String, plural: String? = nil) -> String {
        self == 1 ? "1 " + noun : grouped + " " + (plural ?? noun + "s")
    }

    /// `1234567` → `1,234,567`, the same on every machine whatever its locale
    /// (and without Foundation's formatter machinery on every table cell).
    public var grouped: String {
        let digits = String(self.magnitude)
        guard digits.utf8.count > 3 else { return self < 0 ? "-" + digits : digits }
        var result = self < 0 ? "-" : ""
        result.reserveCapacity(digits.utf8.count + digits.utf8.count / 3 + 1)
        let leading = digits.utf8.count % 3
        for (index, character) in digits.enumerated() {
            if index > 0, (index - leading) % 3 == 0 { result.append(",") }
            result.append(character)
        }
        return result
    }
}
