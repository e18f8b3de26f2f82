import NIOCore

/// Notices, on each HTTP connection, when the client has gone: it closed its side (the server is
/// told `inputClosed`: Hummingbird allows half-closed connections, so the channel itself stays
/// open) or the connection dropped. A live stream asks to be told (`whenGone`) so that it ends
/// and frees its place at once, instead of when its next heartbeat fails to write.
final class PeerGoneHandler: ChannelInboundHandler, RemovableChannelHandler {
    // Passes every part through untouched; only events are looked at.
    typealias InboundIn = NIOAny
    typealias InboundOut = NIOAny

    private var gone = false
    private var waiters: [@Sendable () -> Void] = []

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        context.fireChannelRead(data)
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if case .inputClosed = event as? ChannelEvent { peerGone() }
        context.fireUserInboundEventTriggered(event)
    }

    func channelInactive(context: ChannelHandlerContext) {
        peerGone()
        context.fireChannelInactive()
    }

    private func peerGone() {
        guard !gone else { return }
        gone = true
        let waiting = waiters
        waiters = []
        for action in waiting { action() }
    }

    /// Runs `action` (on the connection's event loop) once the client on `channel` has gone;
    /// at once if it already has. Does nothing on a channel without this handler (tests).
    static func whenGone(_ channel: any Channel, _ action: @escaping @Sendable () -> Void) {
        channel.eventLoop.execute {
            guard let handler = try? channel.pipeline.syncOperations.handler(type: PeerGoneHandler.self) else { return }
            if handler.gone { action() } else { handler.waiters.append(action) }
        }
    }
}
