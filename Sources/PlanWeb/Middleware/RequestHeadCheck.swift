import NIOCore
import NIOHTTP1

/// Looks at each request's HTTP/1 head as it was sent, before it becomes the `HTTPRequest` the
/// routes see — which keeps neither how the target was written nor, usefully, the transfer codings.
///
/// - An absolute-form target (`GET http://evil.example/ HTTP/1.1`) is only for proxies; an origin
///   server reading just its path would serve it by the `Host` header, so something in front that
///   routes by the target could be told one board and reach another.
/// - `Transfer-Encoding` other than exactly `chunked` (`gzip, chunked`): NIO's parser decodes the
///   chunks and the other coding would be silently ignored, so the body read is not the body sent.
///
/// It does not answer itself: it names the problem in `PlanBoard-Head-Problem`, and
/// `LocalhostGuardMiddleware` refuses the request (400) like any other, in the reader's language.
/// The field is dropped from what clients send, so only this handler can set it.
final class RequestHeadCheck: ChannelInboundHandler, RemovableChannelHandler, Sendable {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart

    static let problemField = "PlanBoard-Head-Problem"

    enum Problem: String {
        case absoluteTarget = "absolute-target"
        case transferCoding = "transfer-coding"
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard case .head(var head) = unwrapInboundIn(data) else {
            context.fireChannelRead(data)
            return
        }
        head.headers.remove(name: Self.problemField)
        if let problem = Self.problem(head) { head.headers.add(name: Self.problemField, value: problem.rawValue) }
        context.fireChannelRead(wrapInboundOut(.head(head)))
    }

    /// What is wrong with a head, if anything.
    static func problem(_ head: HTTPRequestHead) -> Problem? {
        if !head.uri.hasPrefix("/") { return .absoluteTarget }
        let codings = head.headers[canonicalForm: "Transfer-Encoding"]
        if !codings.isEmpty, codings.count != 1 || codings[0].lowercased() != "chunked" { return .transferCoding }
        return nil
    }

    /// Put in Hummingbird's list of extra handlers (which come after the HTTP/1 head has been turned
    /// into an `HTTPRequest`), it puts a `RequestHeadCheck` right after NIO's request decoder.
    final class Installer: ChannelInboundHandler, RemovableChannelHandler, Sendable {
        typealias InboundIn = NIOAny

        func handlerAdded(context: ChannelHandlerContext) {
            let pipeline = context.pipeline.syncOperations
            if let decoder = try? pipeline.context(handlerType: ByteToMessageHandler<HTTPRequestDecoder>.self) {
                try? pipeline.addHandler(RequestHeadCheck(), position: ChannelPipeline.SynchronousOperations.Position.after(decoder.handler))
            }
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            context.fireChannelRead(data)
        }
    }
}
