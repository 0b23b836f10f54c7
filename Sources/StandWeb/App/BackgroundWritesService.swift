import Logging
import ServiceLifecycle
import StandCore

/// Writes buffered account views and session touches every half second while
/// the server runs, and once more when it shuts down gracefully, so a SIGTERM
/// loses none.
struct BufferedWritesService: Service {
    let flush: @Sendable () async -> Void

    func run() async throws {
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                try? await Task.sleep(for: AccountViewRecorder.flushInterval)
                await flush()
            }
        }
        // Out here the task is not cancelled, so this last write can run.
        await flush()
    }
}

/// A background loop of the console, from start-up until shutdown: finishing
/// erasures another program's read snapshot held up (a pending erasure
/// survives a restart), finishing deletions begun and not finished, telling
/// Firebase, AWS… of each deletion (docs/erasure.md).
struct BackgroundLoopService: Service {
    let loop: @Sendable (Logger) async -> Void
    let logger: Logger

    func run() async throws {
        await cancelWhenGracefulShutdown {
            await loop(logger)
        }
    }
}
