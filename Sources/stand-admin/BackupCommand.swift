import ArgumentParser
import Foundation
import StandCore

struct BackupCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "backup", abstract: "Copy the store to a new file while the server keeps running.")

    @OptionGroup var store: StoreOptions
    @Option(help: "The new file to write; it must not exist.") var to: String

    func run() throws {
        let progress = TerminalProgress()
        let started = Date()
        try store.open().backup(to: to) { copied, total in progress.update("pages", copied, total) }
        let size = (try? FileManager.default.attributesOfItem(atPath: to)[.size] as? Int) ?? 0
        print("backed up \(store.path) to \(to): \(size / 1024) KiB in \(String(format: "%.1f", Date().timeIntervalSince(started))) s")
    }
}
