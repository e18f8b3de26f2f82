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
    /// Beyond this many bytes of events a catch-up is a `refresh` instead: 200 cards as drawn fit
    /// (a card is about 1 KB), and no request for the stream can make the server send more.
    static let catchUpBytes = 256 * 1024
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
            // A tab that closes ends its stream now, not at the next heartbeat's failed write, and
            // a catch-up under way stops before its next event.
            let peer = PeerPresence()
            if let channel { PeerGoneHandler.whenGone(channel) { peer.left(); wake.finish() } }
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
                try await catchUp(from: &sent, writer: &writer, language: language, peer: peer)
                for await _ in wakeUps {
                    guard peer.isHere else { break }
                    if try await !catchUp(from: &sent, writer: &writer, language: language, peer: peer) {
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
    ///
    /// A catch-up costs the server what the tab needs and no more: each event is the card as drawn
    /// now (never the notes), the whole catch-up stays within `catchUpBytes` or becomes one
    /// `refresh`, events are written one at a time (each write waits while the tab is not reading),
    /// and the work stops as soon as the tab has gone.
    @discardableResult
    private func catchUp(from sent: inout Int64, writer: inout any ResponseBodyWriter, language: Language, peer: PeerPresence) async throws -> Bool {
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
            return try await refresh(from: &sent, writer: &writer)
        }
        // Cards are drawn as the board is now (one read per revision for every stream, one drawing per card).
        let board = try await deps.currentBoard()
        let today = try await deps.today()
        var events: [(revision: Int64, bytes: ByteBuffer)] = []
        var total = 0
        for change in changes {
            guard peer.isHere else { return true }
            // The log keeps tasks without their notes: the task in the event is the one on the board.
            let now = change.task.flatMap { board.task($0.id) }
            let html = try now.map { try deps.cardHTML($0, language, today: today) }
            let event = ChangeEventJSON(change, current: now, html: html)
            let bytes = ServerSentEvent(id: change.revision, event: "change", data: String(decoding: try JSONFormat.encode(event), as: UTF8.self)).bytes
            total += bytes.readableBytes
            // More than a tab should be sent to catch up: the whole board is cheaper, for both sides.
            if total > Self.catchUpBytes { return try await refresh(from: &sent, writer: &writer) }
            events.append((revision: change.revision, bytes: bytes))
        }
        for event in events {
            guard peer.isHere else { return true }
            try await writer.write(event.bytes)
            sent = event.revision
        }
        return true
    }

    /// Tells the tab to fetch the whole board, and goes on from the board's revision now.
    private func refresh(from sent: inout Int64, writer: inout any ResponseBodyWriter) async throws -> Bool {
        let current = try await deps.store.revision()
        try await writer.write(Self.refresh(current))
        sent = current
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
    /// The task as its card shows it now (never its notes: a tab that wants them asks for the
    /// task); absent once it is no longer there (deleted, or in the logbook).
    let task: CardTaskJSON?
    /// Where the change put the task, when it put it somewhere.
    let placement: Placement?
    /// The card as the board draws it now, for tabs that don't have it yet.
    let html: String?

    init(_ change: ChangeEvent, current: PlanTask?, html: String?) {
        revision = change.revision
        kind = change.kind.rawValue
        id = change.taskID
        task = current.map { CardTaskJSON($0) }
        placement = change.task.flatMap { task in change.placement.map { Placement(column: task.column.rawValue, after: $0.after) } }
        self.html = html
    }
}

/// A task in a live event: what its card shows, without the notes, so that an event's size does not
/// grow with them (a stream replaying a task with 250 KB notes sent 100 MB before).
struct CardTaskJSON: Encodable {
    let id: TaskID
    let title: String
    let column: String
    let important: Bool
    let finished: Bool
    let updated: Date

    init(_ task: PlanTask) {
        id = task.id
        title = task.title
        column = task.column.rawValue
        important = task.important
        finished = task.finished
        updated = task.updated
    }
}

/// Whether the tab at the other end of a stream is still there (`PeerGoneHandler` says when it left).
final class PeerPresence: Sendable {
    private let gone = Atomic<Bool>(false)

    var isHere: Bool { !gone.load(ordering: .acquiring) }

    func left() { gone.store(true, ordering: .releasing) }
}

extension HTTPField.Name {
    static let lastEventID = Self("Last-Event-ID")!
    static let xAccelBuffering = Self("X-Accel-Buffering")!
    static let secFetchSite = Self("Sec-Fetch-Site")!
}
