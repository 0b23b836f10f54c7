import Foundation
import StandCore
import StandTestSupport

/// A store in a fresh temporary folder, removed when the test process exits.
func temporaryStore() throws -> StandStore {
    try StandStore(path: try TemporaryFolder.untilExit("stand-core").appendingPathComponent("stand.sqlite").path)
}
