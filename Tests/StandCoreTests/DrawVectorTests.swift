import Foundation
import StandTestSupport
import Testing
@testable import StandCore

/// The test vectors of docs/draws.md §8, read from the document itself (so a
/// vector edited there is a vector checked here), against `DrawAlgorithm`;
/// and the same vectors through `scripts/verify-draw.py --vectors`.
@Suite struct DrawVectorTests {
    static let root = repositoryRoot
    static let document = root.appendingPathComponent("docs/draws.md")

    /// One pick of a vector: the total weight, every integer taken from the
    /// stream for it (the rejected ones, then the accepted one) and `r`.
    struct Pick: Sendable, Equatable {
        let total: UInt64
        let taken: [UInt64]
        let r: UInt64
    }

    struct Vector: Sendable {
        let name: String
        let line: Int
        let seed: String
        let winnersAsked: Int
        let alternatesAsked: Int
        /// The snapshot's lines, without their line feeds.
        let lines: [String]
        let sha256: String
        let picks: [Pick]
        let winners: [String]
        let alternates: [String]

        var candidates: [DrawAlgorithm.Candidate] {
            lines.map { line in
                let parts = line.split(separator: ",", omittingEmptySubsequences: false)
                return .init(uuid: String(parts[0]), weight: parts.count == 2 ? Int(parts[1]) ?? -1 : -1)
            }
        }
    }

    struct ParseError: Error, CustomStringConvertible {
        let description: String
    }

    /// Every ```draw-vector block of docs/draws.md, parsed as §8 describes.
    static func vectors() throws -> [Vector] {
        let text = try String(contentsOf: document, encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var vectors: [Vector] = []
        var index = 0
        while index < lines.count {
            guard lines[index].trimmingCharacters(in: .whitespaces) == "```draw-vector" else {
                index += 1
                continue
            }
            let start = index + 1
            var body: [String] = []
            index += 1
            while index < lines.count, lines[index].trimmingCharacters(in: .whitespaces) != "```" {
                body.append(lines[index])
                index += 1
            }
            guard index < lines.count else { throw ParseError(description: "the draw-vector block at line \(start) never ends") }
            index += 1
            vectors.append(try vector(body, line: start))
        }
        return vectors
    }

    static func vector(_ body: [String], line: Int) throws -> Vector {
        func fail(_ why: String) -> ParseError { ParseError(description: "draw-vector at line \(line): \(why)") }
        var fields: [String: String] = [:]
        var snapshot: [String]?
        var picks: [Pick] = [], winners: [String] = [], alternates: [String] = []
        var index = 0
        while index < body.count {
            let text = body[index]
            index += 1
            if text.isEmpty || text.hasPrefix("#") { continue }
            guard let colon = text.firstIndex(of: ":") else { throw fail("\(text) is not key: value") }
            let key = String(text[..<colon])
            let value = text[text.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            if key == "snapshot" {
                guard value.isEmpty, snapshot == nil else { throw fail("'snapshot:' must stand alone, once") }
                var lines: [String] = []
                while index < body.count, !body[index].hasPrefix("sha256:") {
                    lines.append(body[index])
                    index += 1
                }
                snapshot = lines
                continue
            }
            let words = key.split(separator: " ")
            if words.count == 2, let number = Int(words[1]) {
                switch words[0] {
                case "pick":
                    guard number == picks.count + 1 else { throw fail("\(key) out of sequence") }
                    picks.append(try pick(value, fail: fail))
                case "winner":
                    guard number == winners.count + 1 else { throw fail("\(key) out of sequence") }
                    winners.append(value)
                case "alternate":
                    guard number == alternates.count + 1 else { throw fail("\(key) out of sequence") }
                    alternates.append(value)
                default:
                    throw fail("unknown key \(key)")
                }
                continue
            }
            guard ["name", "seed", "winners", "alternates", "sha256"].contains(key), fields[key] == nil else { throw fail("unknown or repeated key \(key)") }
            fields[key] = value
        }
        guard let name = fields["name"], let seed = fields["seed"], let sha256 = fields["sha256"],
              let winnersAsked = fields["winners"].flatMap({ Int($0) }), let alternatesAsked = fields["alternates"].flatMap({ Int($0) }),
              let snapshot else { throw fail("a key is missing or not a number") }
        return Vector(name: name, line: line, seed: seed, winnersAsked: winnersAsked, alternatesAsked: alternatesAsked,
                      lines: snapshot, sha256: sha256, picks: picks, winners: winners, alternates: alternates)
    }

    /// `T=… [rejected=… …] x=… r=…`
    static func pick(_ text: String, fail: (String) -> ParseError) throws -> Pick {
        var total: UInt64?, r: UInt64?, taken: [UInt64] = [], accepted = false
        for word in text.split(separator: " ") {
            let parts = word.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2 else { throw fail("\(word) in a pick line") }
            switch parts[0] {
            case "T": total = UInt64(parts[1])
            case "r": r = UInt64(parts[1])
            case "rejected", "x":
                guard !accepted, parts[1].count == 16, let value = UInt64(parts[1], radix: 16) else { throw fail("\(word) in a pick line") }
                taken.append(value)
                accepted = parts[0] == "x"
            default: throw fail("\(word) in a pick line")
            }
        }
        guard let total, let r, accepted else { throw fail("a pick line needs T, x and r") }
        return Pick(total: total, taken: taken, r: r)
    }

    /// The document has vectors, and they cover what §8 says they cover: a
    /// rejection, a power-of-two total, a second block, fewer eligible than
    /// asked for. (A parser that found nothing would otherwise pass everything.)
    @Test func theDocumentHasTheVectors() throws {
        let vectors = try Self.vectors()
        #expect(vectors.count >= 4, "found \(vectors.count) vectors in \(Self.document.path)")
        let picks = vectors.flatMap(\.picks)
        #expect(picks.contains { $0.taken.count > 1 }, "no vector has a rejection")
        #expect(picks.contains { $0.total.nonzeroBitCount == 1 && $0.total > 1 }, "no vector has a power-of-two total")
        #expect(vectors.contains { $0.picks.reduce(0) { $0 + $1.taken.count } > 4 }, "no vector takes a second block")
        #expect(vectors.contains { $0.winners.count + $0.alternates.count < $0.winnersAsked + $0.alternatesAsked }, "no vector asks for more than there are")
        #expect(vectors.contains { !$0.alternates.isEmpty }, "no vector draws alternates")
    }

    /// Each vector's hash, picks, winners and alternates, by `DrawAlgorithm`.
    @Test func drawAlgorithmGivesEveryVector() throws {
        let vectors = try Self.vectors()
        #expect(!vectors.isEmpty)
        for vector in vectors {
            let name = "vector \(vector.name) (line \(vector.line))"
            let candidates = vector.candidates
            // The snapshot: the document's lines, each with its LF; in snapshot order.
            let snapshot = DrawAlgorithm.snapshot(candidates)
            #expect(snapshot == Array(vector.lines.map { $0 + "\n" }.joined().utf8), "\(name): snapshot bytes")
            #expect(DrawAlgorithm.hash(snapshot) == vector.sha256, "\(name): hash")
            #expect(DrawAlgorithm.inSnapshotOrder(candidates.reversed()).map(\.uuid) == candidates.map(\.uuid), "\(name): order")
            let total = candidates.reduce(UInt64(0)) { $0 + UInt64($1.weight) }
            #expect(total >= 1 && total < UInt64(1) << 63, "\(name): total")

            // N and A actually drawn; winners then alternates from one stream.
            let n = min(vector.winnersAsked, candidates.count)
            let a = min(vector.alternatesAsked, candidates.count - n)
            #expect(vector.winners.count == n && vector.alternates.count == a && vector.picks.count == n + a, "\(name): counts")
            let picks = try #require(DrawAlgorithm.winners(candidates, count: vector.winnersAsked + vector.alternatesAsked, seedHex: vector.seed),
                                     "\(name): seed")
            #expect(picks.map { candidates[$0].uuid } == vector.winners + vector.alternates, "\(name): picks")
            // Alternates carry on the same stream: the winners alone are the same.
            let winnersOnly = DrawAlgorithm.winners(candidates, count: vector.winnersAsked, seedHex: vector.seed) ?? []
            #expect(winnersOnly.map { candidates[$0].uuid } == vector.winners, "\(name): winners without alternates")

            // The trace: every integer taken, in order, and each pick's T and r.
            var integers = try #require(DrawAlgorithm.Stream(seedHex: vector.seed))
            var uniform = try #require(DrawAlgorithm.Stream(seedHex: vector.seed))
            var remaining = candidates
            for (number, pick) in vector.picks.enumerated() {
                #expect(pick.total == remaining.reduce(UInt64(0)) { $0 + UInt64($1.weight) }, "\(name): pick \(number + 1) T")
                for value in pick.taken { #expect(integers.next() == value, "\(name): pick \(number + 1) integers") }
                #expect(uniform.uniform(below: pick.total) == pick.r, "\(name): pick \(number + 1) r")
                let uuid = number < n ? vector.winners[number] : vector.alternates[number - n]
                remaining.removeAll { $0.uuid == uuid }
            }
        }
    }

    /// The Python verifier, with no Swift behind it, passes the same vectors.
    @Test func thePythonVerifierPassesTheVectors() async throws {
        let vectors = try Self.vectors()
        let process = try ChildProcess(["python3", Self.root.appendingPathComponent("scripts/verify-draw.py").path,
                                        "--vectors", Self.document.path], pipeOutput: true)
        let (status, output) = await process.finished()
        #expect(status == 0, "\(output)")
        for vector in vectors {
            #expect(output.contains("vector \(vector.name) (line \(vector.line)): ok"), "\(output)")
        }
        #expect(output.contains("\(vectors.count) of \(vectors.count) vectors pass"), "\(output)")
    }

    /// Below a power of two every integer is accepted (2⁶⁴ mod n = 0): one
    /// integer a call, its low bits, and no endless loop from a limit that
    /// wrapped to 0.
    @Test func uniformBelowAPowerOfTwoTakesOneIntegerEachTime() throws {
        let seed = DrawAlgorithm.hash("uniform below a power of two")
        for shift in [0, 1, 3, 17, 32, 62, 63] as [UInt64] {
            let bound = UInt64(1) << shift
            var uniform = try #require(DrawAlgorithm.Stream(seedHex: seed))
            var integers = try #require(DrawAlgorithm.Stream(seedHex: seed))
            for _ in 0..<64 {
                #expect(uniform.uniform(below: bound) == integers.next() % bound, "bound 2^\(shift)")
            }
        }
    }
}
