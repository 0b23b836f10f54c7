import Foundation
import StandCore
import StandTestSupport
import Testing

/// TLS to the run's cluster (scripts/postgres-cluster starts it with a
/// self-signed certificate for localhost and 127.0.0.1): the console's
/// connections are encrypted when the URL asks, and a certificate the URL's
/// authority did not sign is refused.
@Suite(.postgresOnly) struct PostgresTLSTests {
    /// The test's database, reached as `host` with `query` added to its URL.
    static func url(host: String = "127.0.0.1", _ query: String) async throws -> String {
        let folder = try TemporaryFolder.untilExit("postgres-tls")
        var components = try #require(URLComponents(string: try await onOwnThread { try TestDatabase.location(in: folder) }))
        components.host = host
        return components.string! + query
    }

    static var rootCertificate: String {
        get throws { try #require(ProcessInfo.processInfo.environment["STAND_TEST_POSTGRES_ROOT_CERT"]) }
    }

    /// Whether the store's own connection to the server is encrypted, as the server sees it.
    static func encrypted(_ url: String) async throws -> Bool {
        let folder = try TemporaryFolder.untilExit("postgres-tls")
        let store = try await onOwnThread {
            try StandStore(path: url, localFiles: folder.appendingPathComponent("local").path, postgres: TestDatabase.postgresOptions)
        }
        defer { store.close() }
        let ssl = try await store.read { db in
            try String.fetchOne(db, sql: "SELECT ssl::text FROM pg_stat_ssl WHERE pid = pg_backend_pid()")
        }
        return ssl == "true"
    }

    @Test func theConnectionIsEncryptedWhenTheURLAsks() async throws {
        #expect(try await Self.encrypted(Self.url("")) == false, "sslmode=disable unless the URL says otherwise")
        #expect(try await Self.encrypted(Self.url("?sslmode=require")))
        #expect(try await Self.encrypted(Self.url("?sslmode=verify-ca&sslrootcert=\(Self.rootCertificate)")))
        #expect(try await Self.encrypted(Self.url(host: "localhost", "?sslmode=verify-full&sslrootcert=\(Self.rootCertificate)")))
    }

    @Test func aCertificateTheNamedAuthorityDidNotSignIsRefused() async throws {
        let folder = try TemporaryFolder("postgres-tls-other")
        let other = folder.file("other.crt")
        let openssl = try ChildProcess(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=localhost",
                                        "-keyout", folder.file("other.key"), "-out", other])
        #expect(await openssl.exitStatus() == 0)
        for url in [try await Self.url("?sslmode=verify-ca&sslrootcert=\(other)"),
                    try await Self.url(host: "localhost", "?sslmode=verify-full&sslrootcert=\(other)")] {
            await #expect { try await Self.encrypted(url) } throws: { error in
                "\(error)".contains("CERTIFICATE_VERIFY_FAILED")
            }
        }
    }
}
