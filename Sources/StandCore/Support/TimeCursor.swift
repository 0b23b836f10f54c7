/// Where a keyset page ordered by a stored time and then id starts: the last
/// row shown. In a link it reads `2026-05-11T10:00:00.000~1234`.
public struct TimeCursor: Sendable, Equatable, LosslessStringConvertible {
    /// As stored: `YYYY-MM-DD HH:MM:SS.SSS`.
    public let time: String
    public let id: Int64

    public init(time: String, id: Int64) {
        self.time = time
        self.id = id
    }

    public init?(_ description: String) {
        let parts = description.split(separator: "~", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[1].utf8.count <= 19, let id = Int64(parts[1]), id > 0,
              parts[0].wholeMatch(of: /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?/) != nil
        else { return nil }
        self.init(time: parts[0].replacingOccurrences(of: "T", with: " "), id: id)
    }

    public var description: String {
        time.replacingOccurrences(of: " ", with: "T") + "~" + String(id)
    }
}
