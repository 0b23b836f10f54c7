import ArgumentParser
import Foundation
import HTMLSafety

struct SanitiseCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sanitise",
        abstract: "Read an HTML fragment on standard input and print what the sanitiser keeps."
    )

    @Flag(help: "Use the policy for the console's own pages instead of the one for outside content.") var page = false

    func run() throws {
        let input = String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
        let pipeline = HTMLPipeline(policy: page ? .page : .fragment)
        print(pipeline.sanitise(fragment: input))
    }
}
