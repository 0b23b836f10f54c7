import Dispatch
import Foundation
import Logging
import NIOCore
import NIOPosix
import PostgresNIO
import Synchronization

/// Connections to the PostgreSQL server, each used by one transaction at a
/// time on one of the pool's own threads.
///
/// StandCore's transactions are synchronous closures (as GRDB's are), so on
/// PostgreSQL a transaction runs on a thread that waits for each statement's
/// answer — never on an event loop, never on Swift's cooperative pool. The
/// threads bound how many transactions run at once, as SQLite's reader
/// connections do. (Measured against postgres-nio's async `PostgresClient`:
/// the same throughput for a point read; issue 25's note.)
final class PostgresConnectionPool: Sendable {
    let configuration: PostgresConnection.Configuration
    let size: Int
    /// An idle connection is closed after this long unused: a quiet console
    /// (or a test's store, done with) holds none of the server's connections.
    let idleTimeout: TimeAmount
    private let threads: NIOThreadPool
    /// The connections' own event loops: a transaction's thread waits on them,
    /// so they must never be the thread doing the waiting (the command line
    /// runs on NIO's shared loops).
    private let eventLoops = MultiThreadedEventLoopGroup(numberOfThreads: 2)
    private let idle = Mutex<[(connection: PostgresConnection, since: NIODeadline)]>([])
    private let sweep = Mutex<RepeatedTask?>(nil)
    private let nextId = Atomic<Int>(1)
    private let isShutDown = Atomic<Bool>(false)
    /// What each open connection has prepared, by the connection's id (never reused).
    private let preparedReads = Mutex<[Int: PostgresPreparedReads]>([:])
    private let logger: Logger

    init(configuration: PostgresConnection.Configuration, size: Int, idleTimeout: TimeAmount, logger: Logger) {
        self.configuration = configuration
        self.size = size
        self.idleTimeout = idleTimeout
        self.logger = logger
        threads = NIOThreadPool(numberOfThreads: size)
        threads.start()
        let task = eventLoops.next().scheduleRepeatedTask(initialDelay: idleTimeout, delay: idleTimeout) { [weak self] _ in
            self?.closeIdle(olderThan: .now() - idleTimeout)
        }
        sweep.withLock { $0 = task }
    }

    private func closeIdle(olderThan cutoff: NIODeadline) {
        let stale = idle.withLock { idle in
            let stale = idle.filter { $0.since < cutoff }.map(\.connection)
            idle.removeAll { $0.since < cutoff }
            return stale
        }
        for connection in stale {
            forgetPreparedReads(of: connection)
            connection.close().whenComplete { _ in withExtendedLifetime(connection) {} }
        }
    }

    /// The reads `connection` has prepared, for the transaction it is lent to.
    func preparedReads(on connection: PostgresConnection) -> PostgresPreparedReads {
        preparedReads.withLock { reads in
            if let known = reads[connection.id] { return known }
            let new = PostgresPreparedReads()
            reads[connection.id] = new
            return new
        }
    }

    private func forgetPreparedReads(of connection: PostgresConnection) {
        _ = preparedReads.withLock { $0.removeValue(forKey: connection.id) }
    }

    /// `body` on one of the pool's threads with a connection to itself.
    func withConnection<T: Sendable>(_ body: @escaping @Sendable (PostgresConnection) throws -> T) async throws -> T {
        try await threads.runIfActive { try self.withConnectionBlocking(body) }
    }

    /// `body` with a connection to itself, waited for (command-line work). On
    /// an event loop's thread (the command line runs its tasks on NIO's
    /// loops) it runs on one of the pool's threads while the caller waits:
    /// NIO refuses to let an event loop wait for a future.
    func withConnectionBlocking<T>(_ body: (PostgresConnection) throws -> T) throws -> T {
        guard MultiThreadedEventLoopGroup.currentEventLoop != nil else { return try onThisThread(body) }
        return try withoutActuallyEscaping(body) { body in
            let work = UncheckedBox<((PostgresConnection) throws -> T)?>(body)
            let outcome = UncheckedBox<Result<T, any Error>?>(nil)
            let done = DispatchSemaphore(value: 0)
            threads.submit { _ in
                outcome.value = Result { try self.onThisThread(work.value!) }
                done.signal()
            }
            done.wait()
            // The pool may not have released the submitted closure yet: `body`
            // must not outlive this block through it (Swift traps if it does).
            work.value = nil
            return try outcome.value!.get()
        }
    }

    private func onThisThread<T>(_ body: (PostgresConnection) throws -> T) throws -> T {
        let connection = try checkOut()
        defer { checkIn(connection) }
        return try body(connection)
    }

    private func checkOut() throws -> PostgresConnection {
        while let connection = idle.withLock({ $0.popLast()?.connection }) {
            if !connection.isClosed { return connection }
            forgetPreparedReads(of: connection)
        }
        let id = nextId.add(1, ordering: .relaxed).oldValue
        do {
            return try PostgresConnection.connect(on: eventLoops.next(), configuration: configuration,
                                                  id: id, logger: logger).wait()
        } catch {
            throw PostgresProblem(error, statement: nil)
        }
    }

    private func checkIn(_ connection: PostgresConnection) {
        guard !connection.isClosed else { return forgetPreparedReads(of: connection) }
        let kept = idle.withLock { idle in
            guard idle.count < size else { return false }
            idle.append((connection, .now()))
            return true
        }
        if !kept {
            forgetPreparedReads(of: connection)
            connection.close().whenComplete { _ in withExtendedLifetime(connection) {} }
        }
    }

    /// Close every idle connection and wait for them to close; then stop the
    /// threads (the store is closed). Never from one of the pool's own threads.
    func shutdown() {
        // Cancelled once: a cancel after the loops stopped would be scheduled on a stopped loop.
        sweep.withLock {
            $0?.cancel()
            $0 = nil
        }
        let closed = DispatchGroup()
        for connection in takeIdle() {
            closed.enter()
            connection.close().whenComplete { _ in
                withExtendedLifetime(connection) {}
                closed.leave()
            }
        }
        closed.wait()
        try? threads.syncShutdownGracefully()
        try? eventLoops.syncShutdownGracefully()
        isShutDown.store(true, ordering: .releasing)
    }

    deinit {
        sweep.withLock { $0?.cancel() }
        guard !isShutDown.load(ordering: .acquiring) else { return }
        // The last reference may go on any thread (one of the pool's own):
        // nothing here waits. Each connection is kept until its close has
        // completed, and only then do the loops and threads stop.
        let loops = eventLoops, threads = threads
        let closed = DispatchGroup()
        for connection in takeIdle() {
            closed.enter()
            connection.close().whenComplete { _ in
                withExtendedLifetime(connection) {}
                closed.leave()
            }
        }
        closed.notify(queue: .global()) {
            threads.shutdownGracefully { _ in }
            loops.shutdownGracefully { _ in }
        }
    }

    private func takeIdle() -> [PostgresConnection] {
        idle.withLock { idle in
            defer { idle.removeAll() }
            return idle.map(\.connection)
        }
    }
}

/// A value handed to one other thread and back, with the hand-over ordered by a semaphore.
private final class UncheckedBox<Value>: @unchecked Sendable {
    var value: Value
    init(_ value: Value) { self.value = value }
}
