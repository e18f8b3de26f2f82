import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A minimal HTTP/1.1 client on one kept-alive loopback connection: enough to time the board page
/// the way a browser fetches it, without a client library's own overhead in the figures.
final class LoopbackClient {
    struct Response {
        let status: Int
        let headers: [String: String]
        let body: [UInt8]
    }

    private let port: Int
    private var socket: Int32 = -1
    /// Bytes received and not yet returned, from `start` on.
    private var pending: [UInt8] = []
    private var start = 0

    init(port: Int) throws {
        self.port = port
        try connect()
    }

    deinit { close(socket) }

    private func connect() throws {
        socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard result == 0 else { throw ClientError.connect(errno) }
        var one: Int32 = 1
        setsockopt(socket, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        pending = []
        start = 0
    }

    /// Sends one request and reads the whole response.
    func send(_ method: String, _ path: String, headers: [String: String] = [:], body: [UInt8] = []) throws -> Response {
        var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        if !body.isEmpty || method == "POST" { head += "Content-Length: \(body.count)\r\n" }
        head += "\r\n"
        let bytes = Array(head.utf8) + body
        var sent = 0
        while sent < bytes.count {
            let n = bytes[sent...].withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard n > 0 else { throw ClientError.closed }
            sent += n
        }
        let headerEnd = try readUntilHeaderEnd()
        let headerText = String(decoding: pending[start..<headerEnd], as: UTF8.self)
        start = headerEnd + 4
        var lines = headerText.components(separatedBy: "\r\n")
        let status = Int(lines.removeFirst().split(separator: " ")[1]) ?? 0
        var fields: [String: String] = [:]
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { continue }
            fields[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        let length = method == "HEAD" || status == 304 ? 0 : Int(fields["content-length"] ?? "0") ?? 0
        while pending.count - start < length { try fill() }
        let responseBody = Array(pending[start..<(start + length)])
        start += length
        if start == pending.count {
            pending.removeAll(keepingCapacity: true)
            start = 0
        }
        return Response(status: status, headers: fields, body: responseBody)
    }

    private func readUntilHeaderEnd() throws -> Int {
        var scanned = start
        while true {
            if pending.count >= 4 {
                while scanned + 3 < pending.count {
                    if pending[scanned] == 13 && pending[scanned + 1] == 10 && pending[scanned + 2] == 13 && pending[scanned + 3] == 10 {
                        return scanned
                    }
                    scanned += 1
                }
            }
            try fill()
        }
    }

    /// Appends what the socket has into `pending`, reading straight into its spare capacity.
    private func fill() throws {
        let chunk = 256 * 1024
        let before = pending.count
        pending.reserveCapacity(before + chunk)
        var received = 0
        pending.append(contentsOf: repeatElement(0, count: chunk))
        pending.withUnsafeMutableBytes { bytes in
            received = recv(socket, bytes.baseAddress! + before, chunk, 0)
        }
        pending.removeLast(chunk - max(received, 0))
        guard received > 0 else { throw ClientError.closed }
    }

    enum ClientError: Error {
        case connect(Int32)
        case closed
    }
}
