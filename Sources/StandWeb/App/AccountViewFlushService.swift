import ServiceLifecycle
import StandCore

/// Writes buffered account views every half second while the server runs,
/// and once more when it shuts down gracefully, so a SIGTERM loses none.
struct AccountViewFlushService: Service {
    let recorder: AccountViewRecorder

    func run() async throws {
        await cancelWhenGracefulShutdown {
            await recorder.runUntilCancelled()
        }
        // Out here the task is not cancelled, so this last write can run.
        await recorder.flush()
    }
}
