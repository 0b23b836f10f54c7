import Foundation

/// A folder in the temporary directory for one test's store, copies and
/// exports. It is removed with everything in it when its last owner lets it
/// go, and any still there (a store a test keeps to the end, a folder only a
/// path points at) when the test process exits: a run of the suite leaves
/// nothing behind.
public final class TemporaryFolder: Sendable {
    public let url: URL
    public var path: String { url.path }

    /// A new, empty folder named `prefix-<UUID>`.
    public init(_ prefix: String) throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        Leftovers.shared.add(url.path)
    }

    /// The path of `name` inside the folder.
    public func file(_ name: String) -> String {
        url.appendingPathComponent(name).path
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
        Leftovers.shared.remove(url.path)
    }

    /// A folder kept until the test process exits, for helpers that hand out
    /// only a path or a store and so cannot hold the folder themselves.
    public static func untilExit(_ prefix: String) throws -> URL {
        let folder = try TemporaryFolder(prefix)
        Leftovers.shared.keep(folder)
        return folder.url
    }
}

/// Folders not yet removed, swept once when the process exits.
private final class Leftovers: @unchecked Sendable {
    static let shared = Leftovers()
    private let lock = NSLock()
    private var paths: Set<String> = []
    private var kept: [TemporaryFolder] = []

    private init() {
        atexit { Leftovers.shared.sweep() }
    }

    func add(_ path: String) { lock.withLock { _ = paths.insert(path) } }
    func remove(_ path: String) { lock.withLock { _ = paths.remove(path) } }
    func keep(_ folder: TemporaryFolder) { lock.withLock { kept.append(folder) } }

    func sweep() {
        let left = lock.withLock { paths }
        for path in left { try? FileManager.default.removeItem(atPath: path) }
    }
}
