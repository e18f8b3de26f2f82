import HTTPTypes
import Hummingbird
import NIOHTTP1
import PlanCore
import PlanStore

/// The one place where the board's refusals become HTTP statuses.
extension PlanError {
    var status: HTTPResponse.Status {
        switch self {
        case .taskNotFound, .taskDeleted, .importNotFound: .notFound
        case .staleAnchor, .movedSince, .editedElsewhere, .changedSince, .cannotGoBack: .conflict
        case .titleEmpty, .titleTooLong, .titleControlCharacters, .unknownColumn, .taskFinished, .anchorIsTask,
            .moveIDReused, .invalidField, .nothingToUndo, .notesRejected, .importRejected, .importNotUndoable, .taskInLogbook,
            .importTasksNotLogged:
            .unprocessableContent
        case .notInLogbook, .importRepeats, .importUndoneAlready, .importChangedSince: .conflict
        case .uploadsWaiting: .tooManyRequests
        case .uploadRoomFull: .serviceUnavailable
        }
    }
}

/// A refusal as the person or script sees it, whichever layer raised it, in their language.
struct Refusal: Error, Sendable {
    let status: HTTPResponse.Status
    let code: String
    let message: String
    /// Sent with the refusal in either form: how to authenticate, which methods are answered,
    /// when to ask again.
    private(set) var headers: HTTPFields = [:]

    init(_ error: PlanError, _ strings: Strings) {
        self.init(status: error.status, code: error.code, message: strings.message(error))
        if error == .uploadRoomFull { retry(after: Self.uploadRoomRetry) }
    }

    init(_ error: WebError, _ strings: Strings) {
        self.init(status: error.status, code: error.code, message: strings.message(error))
        switch error {
        case .unauthorized: headers[.wwwAuthenticate] = "Bearer"
        case .methodNotAllowed: headers[.allow] = "GET, HEAD, POST"
        case .tooManyGuesses(let wait), .heavyRequestsBusy(let wait): retry(after: wait)
        default: break
        }
    }

    init(status: HTTPResponse.Status, code: String, message: String) {
        self.status = status
        self.code = code
        self.message = message
    }

    /// The refusal as a script reads it: `{"error":{"code","message"},"revision"}`, with the whole
    /// board when the script's view was stale (it re-renders from it). The one place it is made.
    func json(revision: Int64?, board: BoardJSON? = nil) throws -> Response {
        try .json(
            ErrorJSON(error: .init(code: code, message: message), revision: revision, board: board),
            status: status, headers: headers)
    }

    /// Says when the same request may succeed (`Retry-After`, whole seconds).
    private mutating func retry(after wait: Duration) {
        headers[.retryAfter] = String(wait.components.seconds)
    }

    /// Any error thrown while answering; unknown ones are `nil` and become a plain 500.
    init?(_ error: any Error, _ strings: Strings) {
        switch error {
        case let refusal as Refusal: self = refusal
        case let error as PlanError: self.init(error, strings)
        case let error as WebError: self.init(error, strings)
        // The database is away (restarting, unreachable): the request may succeed in a moment.
        case is StoreUnavailable:
            self.init(status: .serviceUnavailable, code: "unavailable", message: strings("web.databaseUnavailable"))
            retry(after: Self.databaseRetry)
        case let error as any HTTPResponseError where error.status.kind == .clientError:
            self.init(status: error.status, code: Self.code(for: error.status), message: Self.message(for: error.status, strings))
        // The request's body could not be read as HTTP (an unknown Transfer-Encoding, a broken
        // chunk): NIO's parser stops at it while the route reads the body.
        case is HTTPParserError:
            self.init(status: .badRequest, code: "bad_request", message: strings("web.notUnderstood"))
        default: return nil
        }
    }

    /// When to upload again while the room for uploads waiting for review is full: uploads leave it
    /// as they are imported or pass their hour.
    static let uploadRoomRetry: Duration = .seconds(60)

    /// When to ask a database that was away again: it is usually back within moments (a restart, a failover).
    static let databaseRetry: Duration = .seconds(2)

    private static func code(for status: HTTPResponse.Status) -> String {
        switch status {
        case .notFound: "not_found"
        case .methodNotAllowed: "method_not_allowed"
        case .contentTooLarge: "too_large"
        default: "bad_request"
        }
    }

    private static func message(for status: HTTPResponse.Status, _ strings: Strings) -> String {
        switch status {
        case .notFound: strings.message(WebError.notFound)
        case .methodNotAllowed: strings("web.methodNotAccepted")
        case .contentTooLarge: strings("web.requestTooLarge")
        default: strings("web.notUnderstood")
        }
    }
}
