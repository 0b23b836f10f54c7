import Foundation
import Logging
import NIOCore
import PostgresNIO

/// A statement the console runs on every request (`cachedStatement`), kept
/// prepared on the server per connection. PostgreSQL then plans it once
/// (or keeps a generic plan) instead of parsing and planning it at every
/// run: at 10,000,000 users planning a page's joins cost more than running
/// them.
///
/// postgres-nio prepares a statement named by its type, and caches it per
/// connection by that name. Our statements' text is only known at run time,
/// so the name and text are handed to the type for the call by task-locals;
/// the name is derived from the text, so one text is one statement on every
/// connection.
enum PostgresReusedStatement {
    @TaskLocal static var current = Text(name: "", sql: "")

    struct Text: Sendable {
        let name: String
        let sql: String

        /// `stand_` and a 64-bit FNV-1a hash of the text, in hex.
        init(sql: String) {
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            for byte in sql.utf8 {
                hash ^= UInt64(byte)
                hash &*= 0x0000_0100_0000_01b3
            }
            self.init(name: "stand_" + String(hash, radix: 16), sql: sql)
        }

        init(name: String, sql: String) {
            self.name = name
            self.sql = sql
        }
    }

    /// Rows of a reused statement.
    struct Query: PostgresPreparedStatement {
        typealias Row = PostgresRow
        static var name: String { PostgresReusedStatement.current.name }
        static var sql: String { PostgresReusedStatement.current.sql }
        let bindings: PostgresBindings

        func makeBindings() -> PostgresBindings { bindings }
        func decodeRow(_ row: PostgresRow) -> PostgresRow { row }
    }

    /// Runs `sql` (numbered placeholders) as a prepared statement on
    /// `connection` and reads all its rows, waiting on the calling thread as
    /// every other statement of a session does. Only for statements read for
    /// their rows: postgres-nio's command form stops the process when a
    /// statement it runs returns rows.
    ///
    /// postgres-nio's prepared statements are async. The caller may be a
    /// thread of Swift's shared pool blocked in `readBlocking` (the seeder):
    /// the task runs on the connection's event loop, which nothing blocks,
    /// so it never waits for a pool thread that is waiting for it.
    static func rows(_ sql: String, _ bindings: PostgresBindings, on connection: PostgresConnection,
                     logger: Logger) throws -> [PostgresRow] {
        let text = Text(sql: sql)
        let promise = connection.eventLoop.makePromise(of: [PostgresRow].self)
        Task(executorPreference: EventLoopTaskExecutor(connection.eventLoop)) {
            do {
                let rows = try await $current.withValue(text) {
                    var rows: [PostgresRow] = []
                    for try await row in try await connection.execute(Query(bindings: bindings), logger: logger) { rows.append(row) }
                    return rows
                }
                promise.succeed(rows)
            } catch {
                promise.fail(error)
            }
        }
        return try promise.futureResult.wait()
    }
}

/// Runs a task's jobs on one NIO event loop.
final class EventLoopTaskExecutor: TaskExecutor, Sendable {
    let eventLoop: any EventLoop

    init(_ eventLoop: any EventLoop) {
        self.eventLoop = eventLoop
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        eventLoop.execute { job.runSynchronously(on: executor) }
    }
}
