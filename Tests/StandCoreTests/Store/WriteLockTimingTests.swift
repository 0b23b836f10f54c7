import Foundation
import InMemoryLogging
import Logging
import Testing
@testable import StandCore

/// Every writer of every program waits while the console holds the store's
/// write lock: a long hold is logged, with where it came from and never a value.
@Suite struct WriteLockTimingTests {
    @Test func aWriteHoldingTheLockPastTwentyMillisecondsIsLoggedWithItsPurposeAndTimes() async throws {
        // setup
        let handler = InMemoryLogHandler()
        let store = try await temporaryStore(logger: Logger(label: "stand-store") { _ in handler })
        // MUT: a write that holds the lock 40 ms, writing a value that must not be logged
        try await store.write(purpose: "longWrite") { db in
            try AuditLog.record(db, .signIn, by: .commandLine, detail: "secret-value@example.com")
            Thread.sleep(forTimeInterval: 0.04)
        }
        // validate
        let long = handler.entries.filter { $0.message == "write held the store's lock long" }
        #expect(long.count == 1)
        let entry = try #require(long.first)
        #expect(entry.level == .notice)
        #expect(entry.metadata["purpose"] == "WriteLockTimingTests.swift longWrite")
        let held = try #require(Double("\(entry.metadata["held_ms"] ?? "")"))
        #expect(held >= 40)
        #expect(Double("\(entry.metadata["waited_ms"] ?? "")") != nil)
        #expect(Set(entry.metadata.keys) == ["purpose", "held_ms", "waited_ms"])
        #expect(!handler.entries.contains { "\($0.message) \($0.metadata)".contains("secret-value") })
    }
}
