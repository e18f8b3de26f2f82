import Foundation
import MultipartKit
import NIOCore

/// A file sent in a `multipart/form-data` form.
struct UploadedFile: Sendable, Equatable {
    let field: String
    let filename: String
    let bytes: ByteBuffer
}

/// Reads `multipart/form-data` bodies (RFC 7578) as browsers send them for file uploads, with
/// MultipartKit's parser.
///
/// Strict and bounded: a fixed number of parts, short part headers, UTF-8 text fields. Anything
/// else is a 400 with a sentence saying what is wrong.
enum MultipartForm {
    static let maxParts = 20
    static let maxHeaderBytes = 8 * 1024

    /// The boundary named in a `Content-Type: multipart/form-data; boundary=…` header.
    static func boundary(in contentType: String) -> String? {
        for parameter in contentType.split(separator: ";").dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard pair.count == 2, pair[0].lowercased() == "boundary" else { continue }
            let value = pair[1].hasPrefix("\"") && pair[1].hasSuffix("\"") && pair[1].count >= 2 ? String(pair[1].dropFirst().dropLast()) : pair[1]
            return (1...70).contains(value.utf8.count) ? value : nil
        }
        return nil
    }

    /// The text fields and files of a body. MultipartKit finds the parts; here they are counted,
    /// named and sorted into fields (UTF-8 text, the first value of a name wins) and files.
    static func parse(_ body: ByteBuffer, boundary: String) throws(WebError) -> (FormFields, [UploadedFile]) {
        // The framing: every part completed, then the closing delimiter (the parser itself does
        // not say whether the body ended in the middle of a part).
        var trimmed = body.readableBytesView[...]
        while let last = trimmed.last, last == 13 || last == 10 { trimmed = trimmed.dropLast() }
        guard trimmed.starts(with: Array("--\(boundary)".utf8)), trimmed.reversed().starts(with: Array("--\(boundary)--".utf8).reversed()) else {
            throw .badRequest(trimmed.starts(with: Array("--\(boundary)".utf8)) ? .truncated : .malformedMultipart)
        }
        var parts: [MultipartPart] = []
        var current = MultipartPart(body: ByteBuffer())
        var headerBytes = 0
        var overLimit = false
        let parser = MultipartParser(boundary: boundary)
        parser.onHeader = { name, value in
            headerBytes += name.utf8.count + value.utf8.count + 4
            if headerBytes > maxHeaderBytes { overLimit = true }
            current.headers.add(name: name, value: value)
        }
        parser.onBody = { chunk in current.body.writeBuffer(&chunk) }
        parser.onPartComplete = {
            if parts.count < maxParts + 1 { parts.append(current) }
            current = MultipartPart(body: ByteBuffer())
            headerBytes = 0
        }
        do {
            try parser.execute(body)
        } catch {
            throw .badRequest(.malformedMultipart)
        }
        if overLimit { throw .badRequest(.unterminatedPartHeaders) }
        if parts.count > maxParts { throw .badRequest(.tooManyParts(limit: maxParts)) }
        var fields: [String: String] = [:]
        var files: [UploadedFile] = []
        for part in parts {
            let disposition = try Disposition(header: part.headers.first(name: "Content-Disposition"))
            if let filename = disposition.filename {
                files.append(UploadedFile(field: disposition.name, filename: filename, bytes: part.body))
            } else if fields[disposition.name] == nil {
                guard let text = String(validating: part.body.readableBytesView, as: UTF8.self) else {
                    throw .badRequest(.fieldNotUTF8(name: disposition.name))
                }
                fields[disposition.name] = text
            }
        }
        return (FormFields(fields), files)
    }

    /// What a part's `Content-Disposition` says about it: its field name, and its file name when it is a file.
    private struct Disposition {
        var name = ""
        var filename: String?

        init(header: String?) throws(WebError) {
            guard let header else { throw .badRequest(.partWithoutName) }
            for parameter in Self.parameters(header) {
                if parameter.key == "name" { name = parameter.value }
                if parameter.key == "filename" { filename = parameter.value }
            }
            guard !name.isEmpty else { throw .badRequest(.partWithoutName) }
        }

        /// `form-data; name="a"; filename="b.json"` as key/value pairs (quotes removed).
        private static func parameters(_ value: String) -> [(key: String, value: String)] {
            var result: [(String, String)] = []
            var rest = Substring(value)
            while let semicolon = rest.firstIndex(of: ";") {
                rest = rest[rest.index(after: semicolon)...].drop { $0 == " " }
                guard let equals = rest.firstIndex(of: "=") else { break }
                let key = rest[..<equals].trimmingCharacters(in: .whitespaces).lowercased()
                rest = rest[rest.index(after: equals)...]
                var parsed = ""
                if rest.first == "\"" {
                    rest = rest.dropFirst()
                    var escaped = false
                    while let character = rest.first {
                        rest = rest.dropFirst()
                        if escaped { parsed.append(character); escaped = false; continue }
                        if character == "\\" { escaped = true; continue }
                        if character == "\"" { break }
                        parsed.append(character)
                    }
                } else {
                    let end = rest.firstIndex(of: ";") ?? rest.endIndex
                    parsed = rest[..<end].trimmingCharacters(in: .whitespaces)
                    rest = rest[end...]
                }
                result.append((key, parsed))
            }
            return result
        }
    }
}
