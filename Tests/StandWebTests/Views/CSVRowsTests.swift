import CSV
import Foundation
import Testing
@testable import StandWeb

/// The downloads' CSV, written byte by byte, is what CSV.swift's writer wrote
/// (it wrote every download before) and what its reader reads back.
@Suite struct CSVRowsTests {
    static let awkwardRows: [[String]] = [
        ["plain", "", "with, comma", "with \"quotes\"", "line\nbreak", "carriage\rreturn", "crlf\r\nend"],
        ["Zoë", "日本語, 2", "\"", ",", "=SUM(A1)", "+1 555", "-1", "@x", "\tTab", "\rCR", "a'b"],
        ["only one"],
    ]

    @Test func rowsAreWrittenAsCSVSwiftsWriterWroteThem() throws {
        #expect(CSVRows.encode(Self.awkwardRows) == (try Self.writtenByCSVSwift(Self.awkwardRows)))
    }

    @Test func quotingFollowsRFC4180() {
        #expect(String(decoding: CSVRows.encode([["a", "b,c", "say \"hi\"", ""], ["x\ny"]]), as: UTF8.self)
                == "a,\"b,c\",\"say \"\"hi\"\"\",\r\n\"x\ny\"\r\n")
        #expect(CSVRows.encode([]) == [])
    }

    @Test func whatIsWrittenReadsBackAsTyped() throws {
        let reader = try CSVReader(string: String(decoding: CSVRows.encode(Self.awkwardRows), as: UTF8.self))
        var read: [[String]] = []
        while let row = reader.next() { read.append(row) }
        #expect(read == Self.awkwardRows.map { $0.map(CSVRows.formulaSafe) })
    }

    /// The former `CSVRows.encode`: CSV.swift's writer into memory, CRLF after the last row.
    static func writtenByCSVSwift(_ rows: [[String]]) throws -> [UInt8] {
        let stream = OutputStream(toMemory: ())
        stream.open()
        let writer = try CSVWriter(stream: stream, newline: .crlf)
        for row in rows { try writer.write(row: row.map(CSVRows.formulaSafe)) }
        stream.close()
        let data = stream.property(forKey: .dataWrittenToMemoryStreamKey) as? Data ?? Data()
        return rows.isEmpty ? [] : Array(data) + [13, 10]
    }
}
