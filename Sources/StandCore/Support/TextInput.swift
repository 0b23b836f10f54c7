/// What a form field may hold, whatever the field: no control characters
/// (tab and line breaks only in multi-line fields) and no Unicode
/// noncharacters. They are invisible, they end libxml2's input (NUL), and
/// other programs read these columns.
public enum TextInput {
    /// The first character a field may not hold, if any.
    public static func forbiddenCharacter(in text: String, multiline: Bool = false) -> Unicode.Scalar? {
        text.unicodeScalars.first { !isAllowed($0, multiline: multiline) }
    }

    public static func isAllowed(_ scalar: Unicode.Scalar, multiline: Bool = false) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A, 0x0D: multiline
        case 0x00...0x1F, 0x7F...0x9F: false
        case 0xFDD0...0xFDEF: false
        default: scalar.value & 0xFFFE != 0xFFFE
        }
    }

    /// Adds a message for `field` when the text holds a forbidden character.
    public static func check(_ text: String, field: String, multiline: Bool = false, into errors: inout ValidationErrors) {
        guard let scalar = forbiddenCharacter(in: text, multiline: multiline) else { return }
        if scalar == "\n" || scalar == "\r" {
            errors.add(field, "Remove the line break from this field: it is shown on one line.")
        } else {
            errors.add(field, "Remove the invisible control character (U+\(hex(scalar))) from this field; it may have come with pasted text.")
        }
    }

    /// Search text without what no one can see: forbidden characters (line
    /// breaks included) and format characters (zero-width spaces, BOMs, bidi
    /// controls) are dropped; a search box forgives what it cannot use.
    public static func searchable(_ text: String) -> String {
        func keep(_ scalar: Unicode.Scalar) -> Bool {
            isAllowed(scalar) && scalar.properties.generalCategory != .format
        }
        guard !text.unicodeScalars.allSatisfy(keep) else { return text }
        return String(String.UnicodeScalarView(text.unicodeScalars.filter(keep)))
    }

    /// Letters, marks, digits, punctuation and symbols: no control, format
    /// (invisible, bidi), private-use, unassigned or space characters.
    public static func isVisible(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .format, .surrogate, .privateUse, .unassigned, .spaceSeparator, .lineSeparator, .paragraphSeparator: false
        default: true
        }
    }

    static func hex(_ scalar: Unicode.Scalar) -> String {
        let digits = String(scalar.value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
