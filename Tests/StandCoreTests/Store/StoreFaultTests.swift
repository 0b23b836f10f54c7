import GRDB
import Testing
@testable import StandCore

@Suite struct StoreFaultTests {
    /// A store that cannot even open on a full disk says "the disk is full", not "disk I/O error".
    @Test(.sqliteOnly) func anIOErrorWithNoRoomLeftIsAFullDisk() throws {
        let error = DatabaseError(resultCode: .SQLITE_IOERR_WRITE, message: "disk I/O error")
        #expect(StoreFault(error, directory: "/")?.kind == (StoreFault.freeBytes("/")! < StoreFault.nearlyFull ? .diskFull : .ioError))
        #expect(StoreFault(DatabaseError(resultCode: .SQLITE_FULL), directory: "/")?.kind == .diskFull)
        #expect(StoreFault(DatabaseError(resultCode: .SQLITE_CORRUPT_INDEX), directory: "/")?.code == "SQLITE_CORRUPT_INDEX")
        #expect(StoreFault(DatabaseError(resultCode: .SQLITE_CONSTRAINT), directory: "/") == nil)
    }
}
