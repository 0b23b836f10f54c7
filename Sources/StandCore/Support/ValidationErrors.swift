/// Mistakes a person can fix: field name → message, rendered back into the form.
/// The first message per field counts; fields keep the order they were checked
/// in, which is the form's order, so the summary reads like the form.
public struct ValidationErrors: Error, Sendable, Equatable {
    public private(set) var messages: [String: String] = [:]
    public private(set) var fields: [String] = []

    public init() {}

    public init(_ field: String, _ message: String) {
        add(field, message)
    }

    public mutating func add(_ field: String, _ message: String) {
        guard messages[field] == nil else { return }
        messages[field] = message
        fields.append(field)
    }

    public var isEmpty: Bool { messages.isEmpty }

    public subscript(field: String) -> String? { messages[field] }

    public func throwIfAny() throws {
        if !isEmpty { throw self }
    }
}

extension ValidationErrors {
    /// Both checks run, and every problem is said at once: a form with a bad
    /// date and no reason names both, not the first alone.
    public static func checkBoth<A, B>(_ first: () throws -> A, _ second: () throws -> B) throws -> (A, B) {
        var errors = ValidationErrors()
        func run<T>(_ check: () throws -> T) throws -> T? {
            do { return try check() } catch let problems as ValidationErrors {
                for field in problems.fields { errors.add(field, problems[field]!) }
                return nil
            }
        }
        let a = try run(first), b = try run(second)
        try errors.throwIfAny()
        return (a!, b!)
    }
}
