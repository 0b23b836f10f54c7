#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// A program the tests start (the server binary, Python as another program
/// on the store), through `posix_spawn`. Not Foundation's `Process`: on
/// Linux its `run()` crashes now and then (a buffer over-read while it lists
/// `/proc/self/fd`, swift-corelibs-foundation PR #5472, in Swift 6.3.1), and
/// a suite that starts a few dozen programs met it about one run in five.
public final class ChildProcess: @unchecked Sendable {
    public let pid: pid_t
    /// Writes to the program's standard input (when asked for).
    public let input: FileHandle?
    /// Reads the program's standard output (when asked for; else /dev/null).
    public let output: FileHandle?
    private var status: Int32?

    /// Start `arguments[0]` (looked up in PATH) with the rest as arguments.
    /// Standard error goes to /dev/null; descriptors above 2 stay with the tests.
    /// `environment` is added to (and overrides) the tests' own.
    public init(_ arguments: [String], directory: String? = nil, environment: [String: String] = [:],
                pipeInput: Bool = false, pipeOutput: Bool = false) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var stdinPipe: [Int32] = [-1, -1], stdoutPipe: [Int32] = [-1, -1]
        if pipeInput {
            guard GNU.pipe2(&stdinPipe, O_CLOEXEC) == 0 else { throw ChildProcessError.spawn(errno) }
            posix_spawn_file_actions_adddup2(&actions, stdinPipe[0], 0)
        } else {
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        }
        // STAND_TEST_CHILD_LOG=FILE: what the programs print goes there (debugging a test).
        let log = ProcessInfo.processInfo.environment["STAND_TEST_CHILD_LOG"] ?? "/dev/null"
        let logFlags = log == "/dev/null" ? O_WRONLY : O_WRONLY | O_CREAT | O_APPEND
        if pipeOutput {
            guard GNU.pipe2(&stdoutPipe, O_CLOEXEC) == 0 else { throw ChildProcessError.spawn(errno) }
            posix_spawn_file_actions_adddup2(&actions, stdoutPipe[1], 1)
        } else {
            posix_spawn_file_actions_addopen(&actions, 1, log, logFlags, 0o644)
        }
        posix_spawn_file_actions_addopen(&actions, 2, log, logFlags, 0o644)
        // Nothing else of the test process (its stores, its sockets) goes to the child.
        GNU.addCloseFrom(&actions, 3)
        if let directory { GNU.addChdir(&actions, directory) }

        let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        let merged = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        let envp: [UnsafeMutablePointer<CChar>?] = merged.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in envp { free(pointer) } }
        // The spawning thread may block signals (Dispatch's and Swift's worker
        // threads do), and a child inherits that mask: SIGTERM would never
        // reach it. It starts with none blocked and default handlers.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t(), termination = sigset_t()
        sigemptyset(&noSignals)
        sigemptyset(&termination)
        for signal in [SIGTERM, SIGINT, SIGHUP, SIGPIPE] { sigaddset(&termination, signal) }
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &termination)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var child: pid_t = 0
        let result = posix_spawnp(&child, arguments[0], &actions, &attributes, argv, envp)
        if pipeInput { close(stdinPipe[0]) }
        if pipeOutput { close(stdoutPipe[1]) }
        guard result == 0 else {
            if pipeInput { close(stdinPipe[1]) }
            if pipeOutput { close(stdoutPipe[0]) }
            throw ChildProcessError.spawn(result)
        }
        pid = child
        input = pipeInput ? FileHandle(fileDescriptor: stdinPipe[1], closeOnDealloc: true) : nil
        output = pipeOutput ? FileHandle(fileDescriptor: stdoutPipe[0], closeOnDealloc: true) : nil
    }

    /// Wait for the program to end: its exit status, or 128 + the signal that ended it.
    @discardableResult
    public func wait() -> Int32 {
        if let status { return status }
        var raw: Int32 = 0
        while waitpid(pid, &raw, 0) == -1 && errno == EINTR {}
        let code = (raw & 0x7f) == 0 ? (raw >> 8) & 0xff : 128 + (raw & 0x7f)
        status = code
        return code
    }

    /// Whether the program ended by `signal` (after `wait()`).
    public func endedBy(_ signal: Int32) -> Bool { wait() == 128 + signal }

    public func kill(_ signal: Int32 = SIGKILL) {
        if status == nil { _ = Glibc.kill(pid, signal) }
    }

    deinit {
        if status == nil {
            kill()
            wait()
        }
    }
}

/// glibc's GNU extensions (2.34+; Debian 12 has 2.36), which Swift's Glibc
/// module does not declare: looked up once by name.
private enum GNU {
    typealias Pipe2 = @convention(c) (UnsafeMutablePointer<Int32>, Int32) -> Int32
    typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
    typealias Chdir = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32

    static let pipe2: Pipe2 = symbol("pipe2")
    static let addCloseFrom: CloseFrom = symbol("posix_spawn_file_actions_addclosefrom_np")
    static let addChdir: Chdir = symbol("posix_spawn_file_actions_addchdir_np")

    private static func symbol<T>(_ name: String) -> T {
        guard let address = dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) else { fatalError("glibc has no \(name)") }
        return unsafeBitCast(address, to: T.self)
    }
}

public enum ChildProcessError: Error {
    case spawn(Int32)
}
