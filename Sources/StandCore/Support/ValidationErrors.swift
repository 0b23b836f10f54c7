/// Mistakes a person can fix: field name → message, rendered back into the form.
public struct ValidationErrors: Error, Sendable, Equatable {
    public private(set) var messages: [String: String] = [:]

    public init() {}

    public init(_ field: String, _ message: String) {
        messages[field] = message
    }

    public mutating func add(_ field: String, _ message: String) {
        if messages[field] == nil { messages[field] = message }
    }

    public var isEmpty: Bool { messages.isEmpty }

    public subscript(field: String) -> String? { messages[field] }

    public func throwIfAny() throws {
        if !isEmpty { throw self }
    }
}
