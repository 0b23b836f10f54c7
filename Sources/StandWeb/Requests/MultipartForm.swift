import Foundation
import Hummingbird
import MultipartKit
import NIOCore
import StandCore

/// A `multipart/form-data` body (the question upload's), split into its parts
/// by MultipartKit's parser after checks that keep a hostile body cheap and
/// the process alive: a boundary as RFC 2046 allows it (MultipartKit traps on
/// an empty one), a bounded number of parts counted before parsing, each
/// part named once, and text fields that are not files.
struct MultipartForm: Sendable {
    private(set) var fields: [String: String] = [:]
    /// File parts (those with a `filename`), by field name.
    private(set) var files: [String: ByteBuffer] = [:]

    /// The upload form has two parts (the CSRF token and the file); a few more
    /// leave room for what browsers add, and nothing near the thousands of
    /// tiny parts that once cost seconds of CPU.
    static let maximumParts = 8

    /// Read `body`, sent with `contentType`. Every refusal is a 400 that says what is wrong.
    init(body: ByteBuffer, contentType: MediaType) throws(HTTPError) {
        let boundary = try Self.boundary(of: contentType)
        let delimiters = Self.delimiters(of: boundary, in: body, upTo: Self.maximumParts + 1)
        guard delimiters.count <= Self.maximumParts + 1 else {
            throw Self.refusal("The upload sent more than \(Self.maximumParts) parts; the form has two (the file and its token).")
        }
        guard delimiters.count >= 2, delimiters.closed else {
            throw Self.refusal("The upload is incomplete: it ends before its last part does (no closing boundary). Choose the file again and upload it.")
        }
        var parts: [MultipartPart] = []
        var headers = HTTPHeaders()
        var partBody = ByteBuffer()
        let parser = MultipartParser(boundary: boundary)
        parser.onHeader = { headers.add(name: $0, value: $1) }
        parser.onBody = { partBody.writeBuffer(&$0) }
        parser.onPartComplete = {
            parts.append(MultipartPart(headers: headers, body: partBody))
            headers = HTTPHeaders()
            partBody = ByteBuffer()
        }
        do {
            try parser.execute(body)
        } catch {
            throw Self.refusal("The upload's parts are malformed (a part header could not be read). Choose the file again and upload it.")
        }
        guard !parts.isEmpty else {
            throw Self.refusal("The upload is incomplete: it ends before its last part does.")
        }
        for part in parts {
            guard let disposition = part.headers.first(name: "Content-Disposition"),
                  disposition.lowercased().hasPrefix("form-data"), let name = part.name, !name.isEmpty
            else {
                throw Self.refusal("A part of the upload has no form field name.")
            }
            guard fields[name] == nil, files[name] == nil else {
                throw Self.refusal("The upload sent the field “\(Self.shown(name))” twice; the form sends it once.")
            }
            if Self.isFile(disposition) {
                files[name] = part.body
            } else {
                fields[name] = String(buffer: part.body)
            }
        }
    }

    /// The boundary parameter, checked against RFC 2046 §5.1.1: 1–70 characters
    /// from its set, not ending in a space.
    static func boundary(of contentType: MediaType) throws(HTTPError) -> String {
        guard contentType.isType(.multipartForm) else {
            throw HTTPError(.unsupportedMediaType, message: "This form sends a file: multipart/form-data is expected.")
        }
        guard let parameter = contentType.parameter, parameter.name.lowercased() == "boundary" else {
            throw refusal("The upload names no boundary between its parts (multipart/form-data; boundary=…).")
        }
        var value = Substring(parameter.value)
        if value.count >= 2, value.first == "\"", value.last == "\"" { value = value.dropFirst().dropLast() }
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'()+_,-./:=? ".utf8)
        guard (1...70).contains(value.utf8.count), value.utf8.allSatisfy(allowed.contains), value.last != " " else {
            throw refusal("The upload's boundary is empty or not one RFC 2046 allows (1 to 70 letters, digits or '()+_,-./:=?).")
        }
        return String(value)
    }

    /// How many times `--boundary` opens a line of `body`, counted up to one
    /// past `limit` (a byte search, before any part is built), and whether the
    /// last one found closes the body (`--boundary--`).
    static func delimiters(of boundary: String, in body: ByteBuffer, upTo limit: Int) -> (count: Int, closed: Bool) {
        let lineDelimiter = Array("\r\n--\(boundary)".utf8)
        return body.withUnsafeReadableBytes { bytes in
            var count = bytes.starts(with: lineDelimiter.dropFirst(2)) ? 1 : 0
            var closed = false
            // memchr finds each CR at C speed; only a CR starts a comparison.
            var offset = 0
            while count <= limit, offset + lineDelimiter.count <= bytes.count, let base = bytes.baseAddress,
                  let found = memchr(base + offset, 0x0D, bytes.count - offset - lineDelimiter.count + 1) {
                let start = base.distance(to: UnsafeRawPointer(found))
                if memcmp(base + start, lineDelimiter, lineDelimiter.count) == 0 {
                    count += 1
                    offset = start + lineDelimiter.count
                    closed = bytes[offset...].starts(with: "--".utf8)
                } else {
                    offset = start + 1
                }
            }
            return (count, closed)
        }
    }

    /// A Content-Disposition with `filename=` (or `filename*=`): the part is a file.
    static func isFile(_ disposition: String) -> Bool {
        disposition.split(separator: ";").dropFirst().contains { parameter in
            // `prefix(while:)`, not `split(…)[0]`: a bare `=` splits into nothing.
            let key = parameter.prefix { $0 != "=" }.trimmingCharacters(in: .whitespaces).lowercased()
            return key == "filename" || key == "filename*"
        }
    }

    private static func refusal(_ message: String) -> HTTPError {
        HTTPError(.badRequest, message: message)
    }

    /// A field name as a message may show it: short, and nothing invisible.
    private static func shown(_ name: String) -> String {
        String(name.unicodeScalars.filter(TextInput.isVisible).prefix(40).map(Character.init))
    }
}
