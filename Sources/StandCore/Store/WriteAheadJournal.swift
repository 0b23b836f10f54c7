import Foundation

/// Lines a process appends to its own file before it keeps them in memory for
/// a later batch, so that a process killed between two batches (kill -9, a
/// crash, the OOM killer) loses none: the next start replays what it left.
///
/// A file survives the process once `write(2)` returns: the kernel holds it,
/// whatever happens to the process. (Power loss can still take the last
/// half-second; the batch's own transaction is what is synced to disk.)
///
/// The journal is a folder of segments. A process writes to one segment at a
/// time and holds an exclusive `flock` on every segment it has not yet
/// discarded, so another process replays only the segments of a process that
/// is gone. A segment is created under a hidden name, locked, then renamed
/// into view: no process ever sees a live segment unlocked.
///
/// Not thread-safe: its owner calls it under its own lock, the same lock that
/// guards the items in memory, so that a segment sealed for a batch holds
/// exactly that batch's items.
final class WriteAheadJournal {
    struct Segment: Sendable {
        let path: String
        let descriptor: Int32
    }

    static let segmentExtension = "jsonl"

    let directory: String
    private var current: Segment?
    /// Whether `current` holds a line yet: an empty segment is kept, not sealed
    /// (flushes that fail while the store is busy would otherwise leave one
    /// empty file, and one open descriptor, per attempt).
    private(set) var currentHasLines = false
    private var sealed: [Segment] = []

    init(directory: String) {
        self.directory = directory
    }

    deinit {
        if let current { close(current.descriptor) }
        for segment in sealed { close(segment.descriptor) }
    }

    /// Append one line (a newline is added). Throws `StoreFault` when the disk
    /// refuses it: the caller must not act as if it were recorded.
    func append(_ line: [UInt8]) throws {
        let segment = try current ?? Self.openSegment(in: directory)
        current = segment
        currentHasLines = true
        var bytes = line
        bytes.append(UInt8(ascii: "\n"))
        try bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = write(segment.descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    throw Self.fault(errno, "write")
                }
                offset += written
            }
        }
    }

    /// End the current segment and go on in `next` (opened beforehand, off the
    /// caller's lock, by `openSegment`; if that failed, the next line opens
    /// one). Returns every segment not yet discarded (those of earlier batches
    /// that failed too), for `discard` once their items are in the store.
    func seal(continuingIn next: Segment?) -> [Segment] {
        guard currentHasLines else {
            // Nothing new since the last seal: go on in the same (empty) segment.
            if let next { Self.remove([next]) }
            return sealed
        }
        if let current { sealed.append(current) }
        current = next
        currentHasLines = false
        return sealed
    }

    /// Forget segments whose items are now in the store, and return them for
    /// `remove`, which the caller runs after letting go of its lock (an unlink
    /// may wait on the file system).
    func discard(_ segments: [Segment]) -> [Segment] {
        let paths = Set(segments.map(\.path))
        sealed.removeAll { paths.contains($0.path) }
        return segments
    }

    /// Unlink, then unlock.
    static func remove(_ segments: [Segment]) {
        for segment in segments {
            unlink(segment.path)
            close(segment.descriptor)
        }
    }

    /// A new segment, created, locked and in view. Needs no lock of the caller's.
    static func openSegment(in directory: String) throws -> Segment {
        if mkdir(directory, 0o700) != 0 && errno != EEXIST {
            // The local-files folder of a PostgreSQL store is made when first needed (`StandStore`).
            guard errno == ENOENT else { throw Self.fault(errno, "mkdir") }
            let parent = (directory as NSString).deletingLastPathComponent
            try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
            if mkdir(directory, 0o700) != 0 && errno != EEXIST { throw Self.fault(errno, "mkdir") }
        }
        let name = "\(getpid())-\(String(UInt64.random(in: 0...UInt64.max), radix: 36))"
        let hidden = "\(directory)/.\(name).tmp"
        let path = "\(directory)/\(name).\(Self.segmentExtension)"
        let descriptor = open(hidden, O_WRONLY | O_APPEND | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw Self.fault(errno, "open") }
        guard flock(descriptor, LOCK_EX) == 0, rename(hidden, path) == 0 else {
            let failure = errno
            close(descriptor)
            unlink(hidden)
            throw Self.fault(failure, "rename")
        }
        return Segment(path: path, descriptor: descriptor)
    }

    static func fault(_ code: Int32, _ call: String) -> StoreFault {
        let name = "\(call): \(String(cString: strerror(code)))"
        return StoreFault(kind: code == ENOSPC || code == EDQUOT ? .diskFull : .ioError, code: name)
    }
}

extension WriteAheadJournal {
    /// A segment left by a process that is gone, locked by the caller until
    /// `finish` (its lines are in the store) or `release` (they could not be written).
    struct Orphan {
        let path: String
        let descriptor: Int32
        let lines: [Substring]

        func finish() {
            unlink(path)
            close(descriptor)
        }

        func release() {
            close(descriptor)
        }
    }

    /// The segments in `directory`, oldest process first; `claim` one to replay it.
    static func segments(in directory: String) -> [String] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return [] }
        return names.filter { $0.hasSuffix(".\(segmentExtension)") && !$0.hasPrefix(".") }.sorted().map { "\(directory)/\($0)" }
    }

    /// The segment at `path` read whole and locked, if no live process holds
    /// it (else nil), so two processes starting together never replay one twice.
    static func claim(_ path: String) -> Orphan? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        // Another process may have replayed and removed it between the listing and the lock.
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0, access(path, F_OK) == 0,
              let data = FileManager.default.contents(atPath: path) else {
            close(descriptor)
            return nil
        }
        return Orphan(path: path, descriptor: descriptor, lines: String(decoding: data, as: UTF8.self).split(separator: "\n"))
    }
}
