import Foundation

/// Bytes on a TCP socket to a live console, for what an HTTP client library
/// will not send: headers without the body they announce, a body sent only
/// after the server had a chance to answer.
enum RawHTTP {
    struct Exchange {
        /// The response's status code, or nil if the server closed or stayed silent.
        let status: Int?
        let text: String
        /// Whether the server answered before the body was sent (it did not wait to read it).
        let answeredBeforeBody: Bool
    }

    /// Send `head`, then wait up to `wait` seconds for an answer; only if none
    /// came, send `body`, and read the answer. An answer ends the wait, so the
    /// bound can be long: on a machine busy with other work it comes late.
    static func exchange(port: Int, head: String, body: [UInt8] = [], wait: Double = 20) async throws -> Exchange {
        try await withCheckedThrowingContinuation { continuation in
            // Blocking socket calls on their own thread, off Swift's cooperative pool.
            Thread.detachNewThread {
                continuation.resume(with: Result { try blockingExchange(port: port, head: head, body: body, wait: wait) })
            }
        }
    }

    struct SocketError: Error { let call: String }

    /// A port nothing listens on now, for a server a test starts as a process.
    static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw SocketError(call: "socket") }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0 }
        }
        guard bound else { throw SocketError(call: "bind") }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// Poll `path` until it answers 200 (a server process starting up).
    static func waitUntilAnswering(port: Int, path: String, timeout: Double) async throws {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let answer = try? await exchange(port: port, head: "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
            if answer?.status == 200 { return }
            guard Date() < deadline else { throw SocketError(call: "no answer from \(path) within \(Int(timeout)) s") }
            try await Task.sleep(for: .milliseconds(50))
        }
    }

    private static func blockingExchange(port: Int, head: String, body: [UInt8], wait: Double) throws -> Exchange {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw SocketError(call: "socket") }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw SocketError(call: "connect") }
        try send(fd, Array(head.utf8))
        var answer = read(fd, timeout: wait)
        let answeredBeforeBody = !answer.isEmpty
        if !answeredBeforeBody {
            try? send(fd, body)
            answer = read(fd, timeout: wait)
        }
        let text = String(decoding: answer, as: UTF8.self)
        let status = text.hasPrefix("HTTP/1.1 ") ? Int(text.dropFirst(9).prefix(3)) : nil
        return Exchange(status: status, text: text, answeredBeforeBody: answeredBeforeBody)
    }

    private static func send(_ fd: Int32, _ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard written > 0 else { throw SocketError(call: "send") }
            offset += written
        }
    }

    /// What arrives within `timeout` seconds, until the response's head is complete or the peer closes.
    private static func read(_ fd: Int32, timeout: Double) -> [UInt8] {
        var received: [UInt8] = []
        let deadline = Date().addingTimeInterval(timeout)
        var buffer = [UInt8](repeating: 0, count: 65536)
        while Date() < deadline {
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let remaining = Int32(max(1, deadline.timeIntervalSinceNow * 1000))
            guard poll(&poller, 1, remaining) > 0 else { break }
            let count = recv(fd, &buffer, buffer.count, 0)
            guard count > 0 else { break }
            received += buffer[0..<count]
            if received.count > 12, String(decoding: received, as: UTF8.self).contains("\r\n\r\n") {
                // The head is here; give the (small) body a moment to follow.
                var more = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                while poll(&more, 1, 50) > 0 {
                    let next = recv(fd, &buffer, buffer.count, 0)
                    guard next > 0 else { break }
                    received += buffer[0..<next]
                }
                break
            }
        }
        return received
    }
}
