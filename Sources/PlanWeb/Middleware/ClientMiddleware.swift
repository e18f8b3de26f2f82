import HTTPTypes
import Hummingbird
import NIOCore

/// Works out who sent a request — its address, whether it came over https, the language it
/// reads — and marks cookies `Secure` when it came over https.
///
/// The client is the connection's peer — unless the peer is a proxy the server was told to trust
/// (`--trusted-proxy`), whose `X-Forwarded-For` (its last entry, the one that proxy added) names
/// the client and whose `X-Forwarded-Proto` says whether the person used https. Those headers
/// from anyone else are ignored: a client could otherwise pick its own address and dodge the
/// limit on token guesses. `--behind-https` says every request came over https.
struct ClientMiddleware: RouterMiddleware {
    typealias Context = PlanRequestContext

    let behindHTTPS: Bool
    let trustedProxies: Set<String>

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var context = context
        let peer = context.channel?.remoteAddress
        var address = peer
        var https = behindHTTPS
        if let peerIP = Self.ip(peer), trustedProxies.contains(peerIP) {
            if let forwarded = Self.lastEntry(request.headers[values: .xForwardedFor]),
               let client = try? SocketAddress(ipAddress: forwarded, port: 0) {
                address = client
            }
            if let proto = Self.lastEntry(request.headers[values: .xForwardedProto])?.lowercased() {
                https = proto == "https"
            }
        }
        context.client = TokenLimiter.client(address)
        context.isHTTPS = https
        context.language = Language(request)
        var response = try await next(request, context)
        if https { Self.markSecure(&response) }
        return response
    }

    /// The peer's address as proxies are named: a v4-mapped IPv6 address (how a dual-stack
    /// listener sees an IPv4 peer) as its IPv4 form.
    static func ip(_ address: SocketAddress?) -> String? {
        guard let ip = address?.ipAddress else { return nil }
        return ip.lowercased().hasPrefix("::ffff:") && ip.contains(".") ? String(ip.dropFirst("::ffff:".count)) : ip
    }

    /// The last comma-separated entry of a header that may come several times.
    static func lastEntry(_ values: [String]) -> String? {
        values.last?.split(separator: ",").last.map { $0.trimmingCharacters(in: .whitespaces) }.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// Adds `Secure` to every cookie the response sets, so the browser sends them over https only.
    static func markSecure(_ response: inout Response) {
        let cookies = response.headers[values: .setCookie]
        guard !cookies.isEmpty else { return }
        response.headers[.setCookie] = nil
        for cookie in cookies {
            let secure = cookie.lowercased().split(separator: ";").contains { $0.trimmingCharacters(in: .whitespaces) == "secure" }
            response.headers.append(HTTPField(name: .setCookie, value: secure ? cookie : cookie + "; Secure"))
        }
    }
}

extension HTTPField.Name {
    static let xForwardedFor = Self("X-Forwarded-For")!
    static let xForwardedProto = Self("X-Forwarded-Proto")!
}
