import Foundation

/// Progress on one terminal line (redrawn in place on a TTY, every tenth on a pipe).
final class TerminalProgress: @unchecked Sendable {
    private let isTerminal = isatty(STDERR_FILENO) != 0
    private var lastShown: [String: Int] = [:]
    private let lock = NSLock()

    func update(_ label: String, _ done: Int, _ total: Int) {
        lock.lock(); defer { lock.unlock() }
        let percent = total == 0 ? 100 : done * 100 / total
        if isTerminal {
            FileHandle.standardError.write(Data("\r\(label): \(done)/\(total) (\(percent)%)\u{1B}[K".utf8))
            if done >= total { FileHandle.standardError.write(Data("\n".utf8)) }
        } else if percent / 10 != (lastShown[label] ?? -1) / 10 || done >= total {
            lastShown[label] = percent
            FileHandle.standardError.write(Data("\(label): \(done)/\(total) (\(percent)%)\n".utf8))
        }
    }
}
