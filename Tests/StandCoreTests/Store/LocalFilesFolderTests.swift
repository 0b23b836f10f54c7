import Foundation
import StandTestSupport
import Testing
@testable import StandCore

/// A PostgreSQL store's own files (the view journal, exports) live in a local
/// folder. It is made by the first file written there, so a command that
/// writes none (verify-draw, migrate) leaves no folder behind. (The tests'
/// verify-draw runs once left `data/postgres---…` folders in the checkout.)
@Suite struct LocalFilesFolderTests {
    @Test(.postgresOnly) func theFolderIsMadeByTheFirstFileWrittenThere() throws {
        let folder = try TemporaryFolder("local-files")
        let local = folder.url.appendingPathComponent("not/yet/there").path
        let store = try StandStore(path: try TestDatabase.location(in: folder.url), localFiles: local, postgres: TestDatabase.postgresOptions)
        defer { store.close() }
        #expect(!FileManager.default.fileExists(atPath: local))
        let segment = try WriteAheadJournal.openSegment(in: AccountViewRecorder.journalDirectory(store))
        close(segment.descriptor)
        #expect(FileManager.default.fileExists(atPath: segment.path))
    }
}
