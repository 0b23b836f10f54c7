import Foundation

/// Checks every `{{name}}` a template uses against the models it is rendered
/// with: a name no model in scope answers would render as a silent blank.
///
/// Templates are walked like Mustache renders them: a section pushes its
/// value (each element of a list) onto the context stack, and a name is
/// looked up from the innermost context out. Tags inside a section that no
/// fixture shows are reported too, so every part of a template is checked.
struct TemplateFieldCheck {
    struct Problem: Equatable {
        let template: String
        let line: Int
        let message: String
    }

    private indirect enum Node {
        case variable(name: String, at: Tag)
        case section(name: String, inverted: Bool, children: [Node], at: Tag)
        /// `{{$block}}` and `{{<parent}}`: rendered in place, in the same context.
        case block(children: [Node])
        case include(template: String, children: [Node])
    }

    /// Where a tag is: template and line, for problems and coverage.
    private struct Tag: Hashable {
        let template: String
        let line: Int
        let name: String
    }

    private let directory: String
    private var parsed: [String: [Node]] = [:]
    private var seen: Set<Tag> = []
    private var all: Set<Tag> = []
    private(set) var problems: [Problem] = []

    init(directory: String) {
        self.directory = directory
    }

    /// Check `template` rendered with `root` (a page context).
    mutating func check(_ template: String, with root: Any) {
        walk(nodes(of: template), stack: [root])
    }

    /// Tags no checked render reached, in the templates checked so far.
    func unreached() -> [Problem] {
        all.subtracting(seen)
            .sorted { ($0.template, $0.line, $0.name) < ($1.template, $1.line, $1.name) }
            .map { Problem(template: $0.template, line: $0.line, message: "{{\($0.name)}} is never shown by a fixture; add a fixture that shows it") }
    }

    // MARK: Walking

    private mutating func walk(_ tree: [Node], stack: [Any]) {
        for node in tree {
            switch node {
            case .variable(let name, let tag):
                seen.insert(tag)
                if case .unknown(let reason) = resolve(name, in: stack) { report(tag, reason) }
            case .section(let name, let inverted, let children, let tag):
                seen.insert(tag)
                switch resolve(name, in: stack) {
                case .unknown(let reason):
                    report(tag, reason)
                case .known(let value):
                    if inverted {
                        if !Self.isTruthy(value) { walk(children, stack: stack) }
                    } else {
                        for pushed in Self.contexts(for: value) { walk(children, stack: stack + pushed) }
                    }
                }
            case .block(let children):
                walk(children, stack: stack)
            case .include(let template, let children):
                walk(children, stack: stack)
                walk(nodes(of: template), stack: stack)
            }
        }
    }

    private mutating func report(_ tag: Tag, _ reason: String) {
        let problem = Problem(template: tag.template, line: tag.line, message: reason)
        if !problems.contains(problem) { problems.append(problem) }
    }

    private enum Resolution {
        case known(Any?)
        case unknown(String)
    }

    /// `a.b.c`: `a` from the innermost context that answers it, then `b` and `c` on its value.
    private func resolve(_ name: String, in stack: [Any]) -> Resolution {
        if name == "." { return .known(stack.last) }
        let parts = name.split(separator: ".").map(String.init)
        guard let first = parts.first else { return .unknown("empty tag") }
        guard let found = stack.reversed().lazy.compactMap({ Self.lookUp(first, in: $0) }).first else {
            return .unknown("{{\(name)}}: nothing in scope answers “\(first)”")
        }
        var value = found.value
        for part in parts.dropFirst() {
            guard let current = value else { return .known(nil) }
            guard let next = Self.lookUp(part, in: current) else {
                return .unknown("{{\(name)}}: \(type(of: current)) has no “\(part)”")
            }
            value = next.value
        }
        return .known(value)
    }

    /// The value of `name` in `context`, or nil when the context does not answer it.
    private static func lookUp(_ name: String, in context: Any) -> (value: Any?, Void)? {
        if let model = context as? any MustacheNames {
            return model.fieldNames.contains(name) ? (model.child(named: name), ()) : nil
        }
        if let dictionary = context as? [String: Any] {
            return (dictionary[name], ())
        }
        return nil
    }

    private static func isTruthy(_ value: Any?) -> Bool {
        switch value {
        case nil: false
        case let bool as Bool: bool
        case let list as [Any]: !list.isEmpty
        default: true
        }
    }

    /// What a section pushes: each element of a list, a model or value once, nothing for false.
    private static func contexts(for value: Any?) -> [[Any]] {
        switch value {
        case nil: []
        case let bool as Bool: bool ? [[]] : []
        case let list as [Any]: list.map { [$0] }
        case let value?: [[value]]
        }
    }

    // MARK: Parsing

    private mutating func nodes(of template: String) -> [Node] {
        if let known = parsed[template] { return known }
        let path = (directory as NSString).appendingPathComponent(template + ".mustache")
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            problems.append(Problem(template: template, line: 0, message: "template file not found"))
            parsed[template] = []
            return []
        }
        let nodes = parse(text, template: template)
        parsed[template] = nodes
        return nodes
    }

    private mutating func parse(_ text: String, template: String) -> [Node] {
        // (kind, name, children so far, tag) for each open section.
        var open: [(kind: Character, name: String, children: [Node], tag: Tag)] = [("*", "", [], Tag(template: template, line: 0, name: ""))]
        let tags = text.matches(of: /\{\{(\{)?\s*([#^\/!>&<$]?)\s*([^}]*?)\s*\}?\}\}/)
        for match in tags {
            let line = text[..<match.range.lowerBound].reduce(1) { $1 == "\n" ? $0 + 1 : $0 }
            let kind = match.2.first
            let name = String(match.3)
            let tag = Tag(template: template, line: line, name: (kind.map(String.init) ?? "") + name)
            switch kind {
            case "!":
                continue
            case "#", "^", "$", "<":
                open.append((kind!, name, [], tag))
                if kind == "#" || kind == "^" { all.insert(tag) }
            case "/":
                guard open.count > 1, open.last!.name == name else {
                    problems.append(Problem(template: template, line: line, message: "{{/\(name)}} closes no open {{#\(name)}}"))
                    continue
                }
                let section = open.removeLast()
                let node: Node = switch section.kind {
                case "$": .block(children: section.children)
                case "<": .include(template: section.name, children: section.children)
                default: .section(name: section.name, inverted: section.kind == "^", children: section.children, at: section.tag)
                }
                open[open.count - 1].children.append(node)
            case ">":
                open[open.count - 1].children.append(.include(template: name, children: []))
            default:
                all.insert(tag)
                open[open.count - 1].children.append(.variable(name: name, at: tag))
            }
        }
        for unclosed in open.dropFirst() {
            problems.append(Problem(template: template, line: unclosed.tag.line, message: "{{\(unclosed.kind)\(unclosed.name)}} is never closed"))
        }
        return open[0].children
    }
}
