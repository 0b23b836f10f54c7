import Foundation
import Synchronization

/// The console's SQL, written once with SQLite's `?` placeholders, as
/// PostgreSQL takes it: `?` becomes `$1`, `$2`, … in order and `?NNN` becomes
/// `$NNN`; question marks inside string literals, quoted names, dollar-quoted
/// bodies and comments are left alone. Several statements in one string (a
/// migration) are split, because the extended protocol takes one at a time.
enum PostgresSQL {
    /// Converted statements, by the SQL as written: the same few hundred
    /// strings arrive again and again. Bounded: SQL built with an `IN (…)`
    /// list of any length must not grow it without end.
    private static let converted = Mutex<[String: String]>([:])
    private static let cacheLimit = 4_096

    /// One statement with PostgreSQL's numbered placeholders.
    static func numbered(_ sql: String) -> String {
        if let known = converted.withLock({ $0[sql] }) { return known }
        var output = ""
        output.reserveCapacity(sql.utf8.count + 16)
        // As SQLite numbers them: a bare `?` is one more than the largest number given so far.
        var largest = 0
        scan(sql) { piece in
            switch piece {
            case .code(let text):
                var rest = Substring(text)
                while let mark = rest.firstIndex(of: "?") {
                    output += rest[..<mark]
                    let digits = rest[rest.index(after: mark)...].prefix { $0.isASCII && $0.isNumber }
                    if digits.isEmpty {
                        largest += 1
                        output += "$\(largest)"
                    } else {
                        largest = max(largest, Int(digits) ?? 0)
                        output += "$" + digits
                    }
                    rest = rest[digits.endIndex...]
                }
                output += rest
            case .literal(let text):
                output += text
            case .separator:
                output += ";"
            }
        }
        converted.withLock { cache in
            if cache.count >= cacheLimit { cache.removeAll(keepingCapacity: true) }
            cache[sql] = output
        }
        return output
    }

    /// The statements of a script, each without its `;`; empty ones left out.
    static func statements(_ script: String) -> [String] {
        var statements: [String] = []
        var current = ""
        func finish() {
            let trimmed = current.trimmingCharacters(in: .whitespacesAndNewlines)
            if !isOnlyComments(trimmed) { statements.append(trimmed) }
            current = ""
        }
        scan(script) { piece in
            switch piece {
            case .code(let text), .literal(let text): current += text
            case .separator: finish()
            }
        }
        finish()
        return statements
    }

    private static func isOnlyComments(_ text: String) -> Bool {
        text.split(separator: "\n").allSatisfy { line in
            let line = line.trimmingCharacters(in: .whitespaces)
            return line.isEmpty || line.hasPrefix("--")
        }
    }

    enum Piece {
        /// SQL outside any literal or comment.
        case code(String)
        /// A string literal, quoted name, dollar-quoted body or comment, as written.
        case literal(String)
        /// A `;` between statements.
        case separator
    }

    /// Walks `sql`, handing on code, literals and separators in order.
    static func scan(_ sql: String, _ visit: (Piece) -> Void) {
        let characters = Array(sql.unicodeScalars)
        var index = 0
        var code = String.UnicodeScalarView()
        func flushCode() {
            if !code.isEmpty { visit(.code(String(code))); code = String.UnicodeScalarView() }
        }
        func literal(from start: Int, to end: Int) {
            flushCode()
            var text = String.UnicodeScalarView()
            text.append(contentsOf: characters[start..<min(end, characters.count)])
            visit(.literal(String(text)))
        }
        while index < characters.count {
            let character = characters[index]
            switch character {
            case "'", "\"":
                // Quotes inside are doubled ('it''s'): the scan ends at a lone one.
                var end = index + 1
                while end < characters.count {
                    if characters[end] == character {
                        if end + 1 < characters.count && characters[end + 1] == character { end += 2; continue }
                        break
                    }
                    end += 1
                }
                literal(from: index, to: end + 1)
                index = end + 1
            case "-" where index + 1 < characters.count && characters[index + 1] == "-":
                var end = index
                while end < characters.count && characters[end] != "\n" { end += 1 }
                literal(from: index, to: end)
                index = end
            case "/" where index + 1 < characters.count && characters[index + 1] == "*":
                var end = index + 2
                while end + 1 < characters.count && !(characters[end] == "*" && characters[end + 1] == "/") { end += 1 }
                literal(from: index, to: end + 2)
                index = end + 2
            case "$":
                // A dollar-quote tag ($$ or $body$) opens a body that runs to the same tag.
                var tagEnd = index + 1
                while tagEnd < characters.count && (characters[tagEnd].properties.isAlphabetic || characters[tagEnd] == "_") { tagEnd += 1 }
                guard tagEnd < characters.count, characters[tagEnd] == "$",
                      index == 0 || !(characters[index - 1].properties.isAlphabetic || characters[index - 1].properties.numericType != nil)
                else {
                    code.append(character)
                    index += 1
                    continue
                }
                let tag = Array(characters[index...tagEnd])
                var end = tagEnd + 1
                while end < characters.count {
                    if characters[end] == "$", end + tag.count <= characters.count, Array(characters[end..<(end + tag.count)]) == tag { break }
                    end += 1
                }
                literal(from: index, to: end + tag.count)
                index = end + tag.count
            case ";":
                flushCode()
                visit(.separator)
                index += 1
            default:
                code.append(character)
                index += 1
            }
        }
        flushCode()
    }
}
