import Foundation

/// The repository's folder (Package.swift, scripts/, Templates/), for tests
/// that run its scripts or read its files.
public let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
