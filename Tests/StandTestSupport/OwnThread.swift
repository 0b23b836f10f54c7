import Foundation
import StandCore

/// Blocking work (a seed, a store opened, a program or a database waited for)
/// run on a thread of its own while the test awaits it.
///
/// Swift Testing runs every test on Swift's cooperative threads, one per core:
/// two on the CI machines. A test that blocks one for seconds leaves the other
/// to every other test, and a test that waits on a clock (a delivery's
/// timeout, a server's retry) then sees its tasks resumed seconds late.
public func onOwnThread<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread.detachNewThread { continuation.resume(with: Result { try work() }) }
    }
}

extension DemoSeeder {
    /// `run(options)` on a thread of its own: a seed on PostgreSQL takes seconds.
    @discardableResult
    public func seeded(_ options: Options) async throws -> Summary {
        try await onOwnThread { try run(options) }
    }
}

extension ChildProcess {
    /// `wait()` on a thread of its own: the program's exit status.
    @discardableResult
    public func exitStatus() async -> Int32 {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread { continuation.resume(returning: self.wait()) }
        }
    }

    /// What the program printed (with `pipeOutput`) to its end, and its exit
    /// status, read on a thread of its own.
    public func finished() async -> (status: Int32, output: String) {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread {
                let output = String(decoding: self.output?.readDataToEndOfFile() ?? Data(), as: UTF8.self)
                continuation.resume(returning: (self.wait(), output))
            }
        }
    }
}
