import Synchronization

/// How the background loops (pending erasures, erasure deliveries) sleep:
/// until a wake-up, a time limit, or cancellation, whichever comes first.
/// (Racing a sleep against an `AsyncStream` ended the stream the first time
/// the sleep won, and the loop then spun.)
/// A wake-up is never lost: one given while nobody waits is kept for the next wait.
final class WakeSignal: Sendable {
    private struct State {
        var pending = false
        var waiter: CheckedContinuation<Void, Never>?
    }
    private let state = Mutex(State())

    func signal() {
        let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
            guard let waiter = state.waiter else {
                state.pending = true
                return nil
            }
            state.waiter = nil
            return waiter
        }
        waiter?.resume()
    }

    /// Until a signal, `duration` passes, or the task is cancelled.
    func wait(upTo duration: Duration) async {
        let timer = Task { [weak self] in
            try? await Task.sleep(for: duration)
            if !Task.isCancelled { self?.signal() }
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let resumeNow = state.withLock { state -> Bool in
                    if state.pending || Task.isCancelled {
                        state.pending = false
                        return true
                    }
                    state.waiter = continuation
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            signal()
        }
        timer.cancel()
        // A timer that fired as a real signal arrived leaves one spare wake-up: one extra look, harmless.
    }
}
