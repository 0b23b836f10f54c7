import Foundation
import NIOSSL
import PostgresNIO

/// A `postgres://user:password@host:port/database` URL, as libpq reads it;
/// `?host=/run/postgresql` (a socket folder) instead of a TCP host, and
/// libpq's `sslmode` and `sslrootcert` for TLS.
///
/// `sslmode` is `disable` unless the URL says otherwise (libpq's default,
/// `prefer`, takes TLS when offered but a man in the middle can simply not
/// offer it): ask for `verify-full` where the network is not trusted.
/// - `disable`, `allow`: no TLS.
/// - `prefer`: TLS if the server offers it, the certificate not checked.
/// - `require`: TLS or no connection; the certificate is not checked, unless
///   `sslrootcert` names the authority, when it is (libpq does the same).
/// - `verify-ca`: TLS, the certificate signed by `sslrootcert`'s authority
///   (or the system's, with `sslrootcert=system` or none given).
/// - `verify-full`: `verify-ca` and the certificate names the host. The host
///   must be a name: postgres-nio sends no name for an IP address, so it
///   could not be checked, and the URL is refused rather than half-checked.
/// Over a Unix socket there is no TLS, whatever `sslmode` says (as libpq).
struct PostgresLocation {
    let configuration: PostgresConnection.Configuration
    let displayName: String

    init(_ text: String) throws {
        guard let url = URLComponents(string: text), ["postgres", "postgresql"].contains(url.scheme ?? "") else {
            throw StoreError.notAPostgresURL(text)
        }
        func parameter(_ name: String) -> String? { url.queryItems?.first { $0.name == name }?.value }
        let user = url.user.flatMap { $0.removingPercentEncoding ?? $0 } ?? "postgres"
        let password = url.password.flatMap { $0.removingPercentEncoding ?? $0 }
        let database = url.path.split(separator: "/").first.map(String.init) ?? user
        let port = url.port ?? 5432
        let socketFolder = parameter("host")
        if let socketFolder, socketFolder.hasPrefix("/") {
            configuration = .init(unixSocketPath: socketFolder + "/.s.PGSQL.\(port)", username: user, password: password, database: database)
            displayName = "postgres://\(user)@[\(socketFolder)]:\(port)/\(database)"
        } else {
            let host = url.host ?? "localhost"
            let tls = try Self.tls(mode: parameter("sslmode") ?? "disable", rootCertificate: parameter("sslrootcert"), host: host)
            configuration = .init(host: host, port: port, username: user, password: password, database: database, tls: tls)
            displayName = "postgres://\(user)@\(host):\(port)/\(database)"
        }
    }

    private static func tls(mode: String, rootCertificate: String?, host: String) throws -> PostgresConnection.Configuration.TLS {
        switch mode {
        case "disable", "allow":
            return .disable
        case "prefer":
            return .prefer(try context(verifying: nil, rootCertificate: nil))
        case "require":
            return .require(try context(verifying: rootCertificate == nil ? nil : .noHostnameVerification, rootCertificate: rootCertificate))
        case "verify-ca":
            return .require(try context(verifying: .noHostnameVerification, rootCertificate: rootCertificate))
        case "verify-full":
            guard !isIPAddress(host) else { throw StoreError.tlsSetting("sslmode=verify-full needs the server's name in the URL, not an IP address: the name is what the certificate is checked against") }
            return .require(try context(verifying: .fullVerification, rootCertificate: rootCertificate))
        default:
            throw StoreError.tlsSetting("sslmode=\(mode) is not one of disable, allow, prefer, require, verify-ca, verify-full")
        }
    }

    /// A client context; `verifying` nil: any certificate is taken (TLS against eavesdroppers only).
    private static func context(verifying: CertificateVerification?, rootCertificate: String?) throws -> NIOSSLContext {
        var configuration = TLSConfiguration.makeClientConfiguration()
        configuration.certificateVerification = verifying ?? .none
        if let rootCertificate, rootCertificate != "system" {
            guard let roots = try? NIOSSLCertificate.fromPEMFile(rootCertificate), !roots.isEmpty else {
                throw StoreError.tlsSetting("sslrootcert=\(rootCertificate): no PEM certificate could be read there")
            }
            configuration.trustRoots = .certificates(roots)
        }
        do {
            return try NIOSSLContext(configuration: configuration)
        } catch {
            throw StoreError.tlsSetting("TLS could not be set up: \(error)")
        }
    }

    private static func isIPAddress(_ host: String) -> Bool {
        var v4 = in_addr(), v6 = in6_addr()
        let bare = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        return inet_pton(AF_INET, bare, &v4) == 1 || inet_pton(AF_INET6, bare, &v6) == 1
    }
}
