import AsyncHTTPClient
import Crypto
import Foundation
import NIOCore

/// Sends one delivery to its system's endpoint: the signed JSON body of
/// docs/erasure.md, one POST, the status or "no answer". Never throws.
public final class ErasureCourier: Sendable {
    let targets: ErasureTargets

    /// One client for the process, never shut down (like `HTTPClient.shared`,
    /// whose configuration follows redirects): a redirect would carry the
    /// signed body somewhere nobody configured.
    private static let client: HTTPClient = {
        var configuration = HTTPClient.Configuration(redirectConfiguration: .disallow, timeout: .init(connect: .seconds(5)))
        configuration.connectionPool.concurrentHTTP1ConnectionsPerHostSoftLimit = ErasureDeliveries.concurrentDeliveries
        return HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
    }()

    public init(targets: ErasureTargets) {
        self.targets = targets
    }

    struct Body: Encodable {
        let type = "account.deleted"
        let deliveryId: String
        let system: String
        let accountUUID: String
        let deletedAt: String
        let attempt: Int

        enum CodingKeys: String, CodingKey {
            case type, system, attempt
            case deliveryId = "delivery_id"
            case accountUUID = "account_uuid"
            case deletedAt = "deleted_at"
        }
    }

    public func send(_ delivery: ErasureDelivery, sentAt: Date = Date()) async -> ErasureOutbox.Answer {
        guard let target = targets.target(delivery.system) else {
            return .noAnswer("\(delivery.system) is not in STAND_ERASURE_TARGETS")
        }
        let body = Self.body(for: delivery)
        var request = HTTPClientRequest(url: target.url.absoluteString)
        request.method = .POST
        request.headers.add(name: "Content-Type", value: "application/json")
        request.headers.add(name: "User-Agent", value: "stand-admin-erasure/1")
        request.headers.add(name: "Stand-Delivery", value: delivery.deliveryId)
        request.headers.add(name: "Stand-Signature", value: Self.signature(body: body, secret: target.secret, at: sentAt))
        request.body = .bytes(ByteBuffer(bytes: body))
        let timeout = targets.timeout
        do {
            let response = try await Self.client.execute(request, timeout: .nanoseconds(Int64(timeout.seconds * 1e9)))
            // The answer's body means nothing to us; read a little so the connection can be reused.
            _ = try? await response.body.collect(upTo: 64 * 1024)
            return .status(Int(response.status.code))
        } catch let error as HTTPClientError where [.deadlineExceeded, .readTimeout].contains(error) {
            return .noAnswer("no answer within \(Int(timeout.seconds)) s")
        } catch let error as HTTPClientError where error == .connectTimeout {
            return .noAnswer("could not connect within 5 s")
        } catch {
            return .noAnswer(Self.phrase(error))
        }
    }

    /// The JSON body, keys sorted: the same delivery gives the same bytes (the signature covers them).
    static func body(for delivery: ErasureDelivery) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let body = Body(deliveryId: delivery.deliveryId, system: delivery.system, accountUUID: delivery.accountUUID,
                        deletedAt: UTCDate.rfc3339Milliseconds(delivery.deletedAt), attempt: delivery.attempts + 1)
        return Array((try? encoder.encode(body)) ?? Data())
    }

    /// `t=<unix seconds>,v1=<hex HMAC-SHA-256 of "t.body">` (docs/erasure.md, "The signature").
    static func signature(body: [UInt8], secret: String, at time: Date) -> String {
        let seconds = String(Int64(time.timeIntervalSince1970.rounded(.down)))
        var message = Array(seconds.utf8)
        message.append(UInt8(ascii: "."))
        message += body
        let mac = HMAC<SHA256>.authenticationCode(for: message, using: SymmetricKey(data: Array(secret.utf8)))
        return "t=\(seconds),v1=" + mac.map { String(format: "%02x", $0) }.joined()
    }

    /// A short, fixed phrase for a failed connection: no addresses or bodies in the store.
    private static func phrase(_ error: any Error) -> String {
        let text = String(describing: error)
        if text.contains("refused") || text.contains("ECONNREFUSED") { return "connection refused" }
        if text.contains("reset") { return "connection reset" }
        if text.contains("remoteConnectionClosed") { return "connection closed before an answer" }
        return "could not connect (\(type(of: error)))"
    }
}
