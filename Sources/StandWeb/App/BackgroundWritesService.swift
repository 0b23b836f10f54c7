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

/// Finishes erasures another program's read snapshot held up, from start-up
/// (a pending erasure survives a restart) until shutdown.
struct ErasureService: Service {
    let erasures: PendingErasures
    let logger: Logger

    func run() async throws {
        await cancelWhenGracefulShutdown {
            await erasures.runUntilCancelled(logger: logger)
        }
    }
}

/// Finishes deletions begun and not finished (a console stopped between
/// their steps, or a store that stayed busy), from start-up until shutdown.
struct DeletionsUnderwayService: Service {
    let deletion: AccountDeletion
    let logger: Logger

    func run() async throws {
        await cancelWhenGracefulShutdown {
            await deletion.finishUnderwayUntilCancelled(logger: logger)
        }
    }
}

/// Tells Firebase, AWS… of each deletion until each has confirmed (docs/erasure.md).
struct ErasureDeliveryService: Service {
    let deliveries: ErasureDeliveries
    let logger: Logger

    func run() async throws {
        await cancelWhenGracefulShutdown {
            await deliveries.runUntilCancelled(logger: logger)
        }
    }
}
