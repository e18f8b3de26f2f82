import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import PlanCore
import PlanStore
import ServiceLifecycle
import Synchronization

/// `GET /events`: the board's changes as Server-Sent Events, for other open tabs.
///
/// Every event's id is its revision. A tab that reconnects sends `Last-Event-ID` and gets what it
/// missed from the change log; one that is too far behind (or ahead, after a restore) is told
/// to `refresh` instead. A heartbeat comment every `heartbeat` keeps proxies from closing the
/// stream and re-reads the change log, so even a missed wake-up is caught within one beat.
struct EventsController {
    let deps: WebDependencies
    let notifier: ChangeNotifier
    var heartbeat: Duration = .seconds(15)
    /// A stream ends after this long and the browser reconnects with `Last-Event-ID`, missing
    /// nothing; bounded connections keep proxies and a long-running server healthy.
    var lifetime: Duration = .seconds(300)
    /// Beyond this many missed changes a full refresh is cheaper than replaying them.
    static let catchUpLimit = 200
    /// Open streams are bounded: each holds a connection and wakes on every change.
    static let maxStreams = 64

    func addRoutes(to router: Router<PlanRequestContext>) {
        router.get(.events, use: stream)
    }

    @Sendable func stream(_ request: Request, context: PlanRequestContext) async throws -> Response {
        // Only the board's own pages follow it: a page elsewhere — even on another port of this
        // machine, which browsers call the same site — could otherwise hold every place open
        // with image requests.
        guard Self.isFromThisBoard(request) else { throw WebError.crossSite }
        guard let slot = notifier.reserve(limit: Self.maxStreams) else { throw WebError.tooManyStreams }
        let current = try await deps.store.revision()
        // EventSource sends Last-Event-ID when it reconnects; `?since=` lets a page start from the revision it was drawn at.
        let since: String? = request.uri.queryParameters["since"].map { String($0) }
        let lastSeen: Int64? = (request.headers[.lastEventID] ?? since).flatMap { Int64($0) }
        let notifier = self.notifier
        let channel = context.channel
        // Cards come drawn in this tab's language.
        let language = context.language
        let heartbeat = self.heartbeat
        let lifetime = self.lifetime
        let body = ResponseBody { writer in
            // Subscribed only once the body is written: a HEAD request builds this response and
            // throws the body away, and must leave nothing behind.
            let (wakeUps, wake) = notifier.subscribe()
            // A tab that closes ends its stream now, not at the next heartbeat's failed write.
            if let channel { PeerGoneHandler.whenGone(channel) { wake.finish() } }
            let beat = Task {
                let clock = ContinuousClock()
                let end = clock.now + lifetime
                while !Task.isCancelled, clock.now < end {
                    try? await Task.sleep(for: min(heartbeat, clock.now.duration(to: end)))
                    wake.yield()
                }
                wake.finish()
            }
            defer {
                beat.cancel()
                wake.finish()
                slot.release()
            }
            // A stopping server ends the stream (no more wake-ups) instead of waiting for the tab to go away.
            try await withGracefulShutdownHandler {
                var sent = lastSeen ?? current
                try await writer.write(ServerSentEvent(retry: 3000, comment: "PlanBoard live updates from revision \(sent)").bytes)
                // Compared without subtracting the client's number: any Int64 may arrive here.
                if let lastSeen, lastSeen > current || lastSeen < 0 || lastSeen < current - Int64(Self.catchUpLimit) {
                    sent = current
                    try await writer.write(Self.refresh(current))
                }
                try await catchUp(from: &sent, writer: &writer, language: language)
                for await _ in wakeUps {
                    if try await !catchUp(from: &sent, writer: &writer, language: language) {
                        try await writer.write(ServerSentEvent.comment("ping").bytes)
                    }
                }
            } onGracefulShutdown: {
                wake.finish()
            }
            try await writer.finish(nil)
        }
        return Response(
            status: .ok,
            headers: [.contentType: "text/event-stream; charset=utf-8", .cacheControl: "no-store", .xAccelBuffering: "no"],
            body: body)
    }

    /// Whether a request for the stream comes from one of the board's own pages: browsers say where
    /// a request comes from (`Sec-Fetch-Site`; `same-origin`, or `none` when typed in), and an
    /// `Origin`, when sent, must be this very board. Clients that say neither (curl, scripts) are
    /// not browsers carrying someone's cookies, and are served.
    static func isFromThisBoard(_ request: Request) -> Bool {
        if let site = request.headers[.secFetchSite]?.lowercased(), site != "same-origin" && site != "none" { return false }
        if let origin = request.headers[.origin]?.lowercased() { return LocalhostGuardMiddleware.isThisBoard(origin, request) }
        return true
    }

    /// Sends every change after `sent`; returns whether anything was sent.
    @discardableResult
    private func catchUp(from sent: inout Int64, writer: inout any ResponseBodyWriter, language: Language) async throws -> Bool {
        let changes = try await deps.store.changes(after: sent, limit: Self.catchUpLimit + 1)
        if changes.isEmpty {
            // Nothing new, unless the board went back in time (a backup was restored): then start over.
            let current = try await deps.store.revision()
            guard current < sent else { return false }
            try await writer.write(Self.refresh(current))
            sent = current
            return true
        }
        // Too many to replay, or a gap (the oldest were pruned from the log): start over.
        if changes.count > Self.catchUpLimit || changes[0].revision > sent + 1 {
            let current = try await deps.store.revision()
            try await writer.write(Self.refresh(current))
            sent = current
            return true
        }
        // Cards are drawn as the board is now (one read per revision for every stream, one drawing per card).
        let board = try await deps.currentBoard()
        let today = try await deps.today()
        var out = ByteBuffer()
        for change in changes {
            // The log keeps tasks without their notes: the task in the event is the one on the board.
            let now = change.task.flatMap { board.task($0.id) }
            let html = try now.map { try deps.cardHTML($0, language, today: today) }
            let event = ChangeEventJSON(change, current: now, html: html)
            ServerSentEvent(id: change.revision, event: "change", data: String(decoding: try JSONFormat.encode(event), as: UTF8.self)).write(to: &out)
            sent = change.revision
        }
        try await writer.write(out)
        return true
    }

    private static func refresh(_ revision: Int64) -> ByteBuffer {
        ServerSentEvent(id: revision, event: "refresh", data: "{\"revision\":\(revision)}").bytes
    }

}

/// One change as the `data:` of an event.
struct ChangeEventJSON: Encodable {
    struct Placement: Encodable {
        let column: String
        let after: TaskID?
    }

    let revision: Int64
    let kind: String
    let id: TaskID?
    /// The task as it is on the board now; absent once it is no longer there (deleted, or in the logbook).
    let task: TaskJSON?
    /// Where the change put the task, when it put it somewhere.
    let placement: Placement?
    /// The card as the board draws it now, for tabs that don't have it yet.
    let html: String?

    init(_ change: ChangeEvent, current: PlanTask?, html: String?) {
        revision = change.revision
        kind = change.kind.rawValue
        id = change.taskID
        task = current.map { TaskJSON($0) }
        placement = change.task.flatMap { task in change.placement.map { Placement(column: task.column.rawValue, after: $0.after) } }
        self.html = html
    }
}

extension HTTPField.Name {
    static let lastEventID = Self("Last-Event-ID")!
    static let xAccelBuffering = Self("X-Accel-Buffering")!
    static let secFetchSite = Self("Sec-Fetch-Site")!
}
