import Mustache

/// A model that answers Mustache by name from one table of its fields.
///
/// Mustache otherwise reads values by reflection (`Mirror`), which was a
/// quarter of the server's CPU time on the dashboard (perf, scripts/bench).
/// The table is also what `check-templates` holds templates to: a name a
/// template uses that no model in scope answers is reported, instead of
/// rendering as a silent blank.
protocol MustacheFields: MustacheNames, Sendable {
    /// Name → value. Each closure's `Any?` result flattens an optional
    /// field, so a nil field is absent for Mustache, as it would be by reflection.
    static var fields: [String: @Sendable (Self) -> Any?] { get }
}

extension MustacheFields {
    func child(named name: String) -> Any? {
        Self.fields[name]?(self)
    }

    var fieldNames: Set<String> { Set(Self.fields.keys) }
}

/// What the template check needs of a model: every name it answers.
protocol MustacheNames: MustacheParent {
    var fieldNames: Set<String> { get }
}
