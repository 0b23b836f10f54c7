import Foundation
import Synchronization

/// Time spent per stage of one request, reported in the `Server-Timing` header
/// (`db`, `render`, `html`) so the split can be read from outside.
public final class RequestTiming: Sendable {
    public enum Stage: String, Sendable, CaseIterable {
        case db
        case render
        case html
    }

    private let nanoseconds = Mutex<[Stage: UInt64]>([:])

    public init() {}

    public func measure<T>(_ stage: Stage, _ work: () throws -> T) rethrows -> T {
        let start = DispatchTime.now().uptimeNanoseconds
        defer { add(stage, DispatchTime.now().uptimeNanoseconds - start) }
        return try work()
    }

    public func measure<T>(_ stage: Stage, _ work: () async throws -> T) async rethrows -> T {
        let start = DispatchTime.now().uptimeNanoseconds
        defer { add(stage, DispatchTime.now().uptimeNanoseconds - start) }
        return try await work()
    }

    public func add(_ stage: Stage, _ elapsed: UInt64) {
        nanoseconds.withLock { $0[stage, default: 0] += elapsed }
    }

    /// `db;dur=0.210, render;dur=0.350, html;dur=0.080` (milliseconds).
    public var headerValue: String {
        let values = nanoseconds.withLock { $0 }
        return Stage.allCases.compactMap { stage in
            values[stage].map { "\(stage.rawValue);dur=\(Self.milliseconds($0, decimals: 3))" }
        }.joined(separator: ", ")
    }

    /// `1.234` from nanoseconds; `String(format:)` goes through NSString and
    /// showed up in the dashboard's profile.
    static func milliseconds(_ nanoseconds: UInt64, decimals: Int) -> String {
        let scale: UInt64 = decimals == 3 ? 1_000 : 100_000
        let units = (nanoseconds + scale / 2) / scale
        let divisor: UInt64 = decimals == 3 ? 1_000 : 10
        let fraction = String(units % divisor)
        return "\(units / divisor)." + String(repeating: "0", count: decimals - fraction.count) + fraction
    }
}
