import Mustache
import StandCore

/// Mustache's own HTML escaping looks each Character up in a dictionary; on a
/// fifty-row page that was most of the render time. This one scans UTF-8 bytes
/// and returns the string untouched when nothing needs escaping (almost
/// always). Same five characters, same replacements.
///
/// It also replaces what no page may hold with U+FFFD: control characters
/// (a NUL ends libxml2's input and cut pages short) and noncharacters. Forms
/// refuse them, but other programs write the store too.
struct FastHTMLEscaping: MustacheContentType {
    static let name = "STAND_HTML"
    /// Put first in every template by `TemplateLoader`.
    static let pragma = "{{% CONTENT_TYPE: \(name) }}"

    static func register() {
        MustacheContentTypes.register(FastHTMLEscaping(), named: name)
    }

    func escapeText(_ text: String) -> String {
        Self.escape(text)
    }

    static func escape(_ text: String) -> String {
        // The common case, nothing to escape, is one scan of the string's own
        // bytes (iterating `utf8` index by index was most of a table's cost).
        var text = text
        guard text.withUTF8({ $0.contains(where: needsEscaping) }) else { return text }
        if text.withUTF8({ $0.contains(where: mayBeForbidden) }) { return escapeReplacingForbidden(text) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count + 16)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "<"): bytes.append(contentsOf: "&lt;".utf8)
            case UInt8(ascii: ">"): bytes.append(contentsOf: "&gt;".utf8)
            case UInt8(ascii: "&"): bytes.append(contentsOf: "&amp;".utf8)
            case UInt8(ascii: "\""): bytes.append(contentsOf: "&quot;".utf8)
            case UInt8(ascii: "'"): bytes.append(contentsOf: "&#39;".utf8)
            default: bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func needsEscaping(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "&")
            || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") || mayBeForbidden(byte)
    }

    /// C0 controls but tab and line breaks, DEL, and the lead bytes of C1
    /// controls (C2), of U+FDD0–FDEF and U+FFFE/FFFF (EF) and of the other
    /// planes' noncharacters (F0–F4): the slow path looks closer.
    private static func mayBeForbidden(_ byte: UInt8) -> Bool {
        (byte < 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D) || byte == 0x7F || byte == 0xC2 || byte == 0xEF || byte >= 0xF0
    }

    private static func escapeReplacingForbidden(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar {
            case "<": result.append(contentsOf: "&lt;".unicodeScalars)
            case ">": result.append(contentsOf: "&gt;".unicodeScalars)
            case "&": result.append(contentsOf: "&amp;".unicodeScalars)
            case "\"": result.append(contentsOf: "&quot;".unicodeScalars)
            case "'": result.append(contentsOf: "&#39;".unicodeScalars)
            default: result.append(TextInput.isAllowed(scalar, multiline: true) ? scalar : "\u{FFFD}")
            }
        }
        return String(result)
    }
}
