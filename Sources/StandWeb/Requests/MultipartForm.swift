import Foundation
import Hummingbird
import MultipartKit

/// `multipart/form-data` bodies, read by MultipartKit. Only routes that take a
/// file accept them (`CSRFMiddleware.uploadLimits`); every other form is URL-encoded.
enum MultipartForm {
    /// Decode a body the CSRF middleware has already collected (within the route's limit).
    static func decode<Form: Decodable>(_ type: Form.Type, from request: Request, limit: Int) async throws -> Form {
        guard let contentType = request.headers[.contentType].flatMap(MediaType.init(from:)),
              contentType.isType(.multipartForm),
              let boundary = contentType.parameter, boundary.name.lowercased() == "boundary"
        else {
            throw HTTPError(.unsupportedMediaType, message: "This form sends a file: multipart/form-data is expected.")
        }
        let body = try await request.body.collect(upTo: limit)
        return try FormDataDecoder().decode(Form.self, from: body, boundary: boundary.value)
    }
}
