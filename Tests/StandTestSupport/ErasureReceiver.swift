import Foundation
import Synchronization

/// `scripts/erasure-receiver.py`, the receiver written from docs/erasure.md,
/// started by a test as Firebase and AWS: a real HTTP server that checks the
/// console's signatures. Stopped when the test lets go of it.
public final class ErasureReceiver: Sendable {
    public static let secret = "test-erasure-secret-0123456789"
    public let port: Int
    public let log: String
    private let process: ChildProcess
    /// Each request's stdout line: `<status> <system> <delivery_id> <attempt>`.
    private let lines = Lines()

    private final class Lines: Sendable {
        let seen = Mutex<[String]>([])
    }

    /// `port` 0: any free port. `failFirst`: 503 to that many deliveries first.
    /// `delay`: seconds before every answer.
    public init(script: URL, log: String, port: Int = 0, failFirst: Int = 0, delay: Double = 0,
                secret: String = ErasureReceiver.secret) throws {
        self.log = log
        process = try ChildProcess(["python3", script.path, "--port", String(port), "--secret", secret, "--log", log,
                                    "--fail-first", String(failFirst), "--delay", String(delay)], pipeOutput: true)
        guard let output = process.output else { throw ReceiverError.noOutput }
        let first = Self.readLine(output)
        guard let first, first.hasPrefix("listening on http://"), let colon = first.lastIndex(of: ":"),
              let port = Int(first[first.index(after: colon)...]) else {
            process.kill()
            throw ReceiverError.didNotStart(first ?? "no output")
        }
        self.port = port
        // The request lines, read on a thread of their own: blocking reads stay off Swift's cooperative threads.
        let lines = self.lines
        Thread.detachNewThread {
            while let line = Self.readLine(output) {
                lines.seen.withLock { $0.append(line) }
            }
        }
    }

    /// `init` on a thread of its own: it waits for Python to start and listen.
    public static func started(script: URL, log: String, port: Int = 0, failFirst: Int = 0, delay: Double = 0,
                               secret: String = ErasureReceiver.secret) async throws -> ErasureReceiver {
        try await onOwnThread { try ErasureReceiver(script: script, log: log, port: port, failFirst: failFirst, delay: delay, secret: secret) }
    }

    public enum ReceiverError: Error {
        case noOutput
        case didNotStart(String)
    }

    public func url(_ system: String) -> String { "http://127.0.0.1:\(port)/erasure/\(system)" }

    /// The status lines printed so far, one per request received.
    public var requests: [String] { lines.seen.withLock { $0 } }

    /// The status lines, once at least `count` have been read or `timeout` has
    /// passed. A line is printed as its answer goes and read here on a thread
    /// of its own: a delivery the store records as done can be a moment ahead
    /// of its line (seen once: "200 aws" missing right after AWS was done).
    public func requests(atLeast count: Int, within timeout: Duration = .seconds(10)) async -> [String] {
        let deadline = ContinuousClock.now + timeout
        while requests.count < count, ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(10))
        }
        return requests
    }

    /// The log's accepted deliveries: `system`, `account_uuid`, `delivery_id`.
    public func accepted() -> [[String: String]] {
        guard let text = try? String(contentsOfFile: log, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").compactMap { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: String]
        }
    }

    public func stop() {
        process.kill(SIGTERM)
        process.wait()
    }

    deinit {
        stop()
    }

    private static func readLine(_ handle: FileHandle) -> String? {
        var bytes: [UInt8] = []
        while true {
            guard let byte = try? handle.read(upToCount: 1), let first = byte.first else {
                return bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self)
            }
            if first == UInt8(ascii: "\n") { return String(decoding: bytes, as: UTF8.self) }
            bytes.append(first)
        }
    }
}
