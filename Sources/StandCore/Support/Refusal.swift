/// Why StandCore refused a change, in words for the person who asked; nothing
/// was written. Every feature's refusals conform, so the web layer shows them
/// all one way (the same form, its problems, what was typed) without naming
/// any feature's types.
public protocol Refusal: Error, Sendable {
    /// Field name → message, in the form's order; `Refusal.wholeForm` for a
    /// refusal that belongs to no single field.
    var errors: ValidationErrors { get }
    /// The object's state forbids the change (409 Conflict), rather than a
    /// typed value to fix (422).
    var isConflict: Bool { get }
}

extension Refusal {
    public var isConflict: Bool { false }
}

/// The key of a message about the whole form rather than one of its fields.
public enum RefusalField {
    public static let wholeForm = "form"
}

extension ValidationErrors: Refusal {
    public var errors: ValidationErrors { self }
}

/// A change the object's state forbids (409), said in one sentence about the
/// whole form: "Entry #12 is already voided; nothing was changed."
public struct Conflict: Refusal, Equatable {
    public let message: String
    public var errors: ValidationErrors { ValidationErrors(RefusalField.wholeForm, message) }
    public var isConflict: Bool { true }

    public init(message: String) {
        self.message = message
    }
}
