import HTTPTypes
import StandCore

extension StoreFault {
    /// A full disk is 507 Insufficient Storage (the request was fine; the
    /// server has no room); damage and I/O failures are the server's 500.
    var status: HTTPResponse.Status {
        kind == .diskFull ? .insufficientStorageStatus : .internalServerError
    }
}

extension StoreHealth.Problem {
    /// One line for `/healthz`, the dashboard and the banner on every page.
    var summary: String {
        "\(fault.heading) since \(StoreTimestamp.string(since)) UTC (\(fault.code), met by \(purpose))."
    }
}

extension HTTPResponse.Status {
    /// 507 Insufficient Storage (RFC 4918), which HTTPTypes does not name.
    static let insufficientStorageStatus = HTTPResponse.Status(code: 507, reasonPhrase: "Insufficient Storage")
}
