import Foundation

/// A file sent in a `multipart/form-data` form.
struct UploadedFile: Sendable, Equatable {
    let field: String
    let filename: String
    let contentType: String?
    let bytes: [UInt8]
}

/// Reads `multipart/form-data` bodies (RFC 7578) as browsers send them for file uploads.
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

    /// The text fields and files of a body, read where it lies (an upload of megabytes is copied
    /// once, into its file's bytes). `body` is indexed from 0.
    static func parse<Bytes: RandomAccessCollection>(
        _ body: Bytes, boundary: String
    ) throws(WebError) -> (FormFields, [UploadedFile]) where Bytes.Element == UInt8, Bytes.Index == Int {
        let delimiter = Array("--\(boundary)".utf8)
        let lineDelimiter = Array("\r\n--\(boundary)".utf8)
        guard body.starts(with: delimiter) else { throw .badRequest(.malformedMultipart) }
        var fields: [String: String] = [:]
        var files: [UploadedFile] = []
        var position = delimiter.count
        var parts = 0
        while true {
            // After a delimiter: "--" ends the body, CRLF starts a part.
            if body[position...].starts(with: [UInt8(ascii: "-"), UInt8(ascii: "-")]) { break }
            guard body[position...].starts(with: [13, 10]) else { throw .badRequest(.malformedMultipart) }
            position += 2
            parts += 1
            if parts > maxParts { throw .badRequest(.tooManyParts(limit: maxParts)) }
            guard let headerEnd = firstIndex(of: [13, 10, 13, 10], in: body, from: position, limit: maxHeaderBytes) else {
                throw .badRequest(.unterminatedPartHeaders)
            }
            guard let headerText = String(validating: body[position..<headerEnd], as: UTF8.self) else {
                throw .badRequest(.partHeadersNotUTF8)
            }
            let contentStart = headerEnd + 4
            guard let contentEnd = firstIndex(of: lineDelimiter, in: body, from: contentStart, limit: nil) else {
                throw .badRequest(.truncated)
            }
            let disposition = try Disposition(headers: headerText)
            let content = Array(body[contentStart..<contentEnd])
            if let filename = disposition.filename {
                files.append(UploadedFile(field: disposition.name, filename: filename, contentType: disposition.contentType, bytes: content))
            } else if fields[disposition.name] == nil {
                guard let text = String(validating: content, as: UTF8.self) else {
                    throw .badRequest(.fieldNotUTF8(name: disposition.name))
                }
                fields[disposition.name] = text
            }
            position = contentEnd + lineDelimiter.count
            guard position <= body.count else { throw .badRequest(.truncated) }
        }
        return (FormFields(fields), files)
    }

    /// What a part's headers say about it.
    private struct Disposition {
        var name = ""
        var filename: String?
        var contentType: String?

        init(headers: String) throws(WebError) {
            var sawDisposition = false
            for line in headers.split(separator: "\r\n") {
                let pair = line.split(separator: ":", maxSplits: 1)
                guard pair.count == 2 else { continue }
                let value = pair[1].trimmingCharacters(in: .whitespaces)
                switch pair[0].lowercased() {
                case "content-disposition":
                    sawDisposition = true
                    for parameter in Self.parameters(value) {
                        if parameter.key == "name" { name = parameter.value }
                        if parameter.key == "filename" { filename = parameter.value }
                    }
                case "content-type":
                    contentType = value
                default:
                    break
                }
            }
            guard sawDisposition, !name.isEmpty else { throw .badRequest(.partWithoutName) }
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

    private static func firstIndex<Bytes: RandomAccessCollection>(
        of needle: [UInt8], in haystack: Bytes, from start: Int, limit: Int?
    ) -> Int? where Bytes.Element == UInt8, Bytes.Index == Int {
        guard !needle.isEmpty, haystack.count >= needle.count else { return nil }
        let last = haystack.count - needle.count
        let end = limit.map { min(last, start + $0) } ?? last
        guard start <= end else { return nil }
        var index = start
        while index <= end {
            if haystack[index] == needle[0] && haystack[index..<index + needle.count].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }
}
