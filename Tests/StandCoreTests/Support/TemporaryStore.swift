import Foundation
import StandCore

/// A store in a fresh temporary folder.
func temporaryStore() throws -> StandStore {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("stand-core-\(UUID().uuidString)")
    return try StandStore(path: directory.appendingPathComponent("stand.sqlite").path)
}
