import Foundation
import HTTPTypes
import Hummingbird
import PlanCore

/// Every address PlanBoard answers at, in one table: controllers register their handlers by it,
/// links, forms and redirects are written from it, and the board page hands it to the scripts
/// (`scriptTable`), so no path is spelled anywhere else.
///
/// A case names one address with its values (`.move(7)` is `/tasks/7/move`); its `Name` is its
/// row in the table: the template (`/tasks/{id}/move`, which is also the router's pattern), the
/// methods it answers, and the key scripts look it up by.
enum Route: Hashable, Sendable {
    case board
    case healthz
    case addTask
    case task(TaskID)
    case taskActions(TaskID)
    case move(TaskID)
    case finish(TaskID)
    case delete(TaskID)
    /// Ticks or unticks one item of a task's checklist (`CheckItemForm`).
    case check(TaskID)
    /// Sets or clears a task's when-date (`ScheduleForm`).
    case schedule(TaskID)
    /// How the add field reads a typed title (`TypedTitle`), for its chip.
    case reading
    case undo
    case columnFinished(BoardColumn)
    case welcome
    case language
    case export
    case `import`
    case importReview(upload: String)
    case importSummary(revision: Int64)
    /// Takes back the import that made the revision, from its summary page.
    case importUndo(revision: Int64)
    case events
    case login
    case logout
    case search
    // The board's days: the logbook, clearing finished tasks into it, and the board's settings.
    case logbook
    case logbookEntry(TaskID)
    case putBack(TaskID)
    case logbookDelete(TaskID)
    case clearFinished(BoardColumn)
    case settings
    /// Several tasks at once: the page of checkboxes (GET) and the change (POST, `BatchForm`).
    case select

    /// One row of the table.
    enum Name: String, CaseIterable, Sendable {
        case board, healthz, addTask, task, taskActions, move, finish, delete, check, schedule, reading, undo, columnFinished, welcome, language
        case export, `import`, importReview, importSummary, importUndo, events, login, logout, search
        case logbook, logbookEntry, putBack, logbookDelete, clearFinished, settings, select

        /// The path, with `{name}` where a value goes: how scripts fill it in, and the router's pattern.
        var template: String {
            switch self {
            case .board: "/"
            case .healthz: "/healthz"
            case .addTask: "/tasks"
            case .task: "/tasks/{id}"
            case .taskActions: "/tasks/{id}/actions"
            case .move: "/tasks/{id}/move"
            case .finish: "/tasks/{id}/finish"
            case .delete: "/tasks/{id}/delete"
            case .check: "/tasks/{id}/check"
            case .schedule: "/tasks/{id}/schedule"
            case .reading: "/reading"
            case .undo: "/undo"
            case .columnFinished: "/columns/{column}/finished"
            case .welcome: "/welcome"
            case .language: "/language"
            case .export: "/export"
            case .import: "/import"
            case .importReview: "/import/review/{upload}"
            case .importSummary: "/imports/{revision}"
            case .importUndo: "/imports/{revision}/undo"
            case .events: "/events"
            case .login: "/login"
            case .logout: "/logout"
            case .search: "/search"
            case .logbook: "/logbook"
            case .logbookEntry: "/logbook/{id}"
            case .putBack: "/logbook/{id}/put-back"
            case .logbookDelete: "/logbook/{id}/delete"
            case .clearFinished: "/columns/{column}/clear-finished"
            case .settings: "/settings"
            case .select: "/select"
            }
        }

        /// The methods it answers (HEAD comes with every GET).
        var methods: [HTTPRequest.Method] {
            switch self {
            case .board, .healthz, .taskActions, .reading, .export, .importSummary, .events, .search, .logbook, .logbookEntry: [.get]
            case .addTask, .move, .finish, .delete, .check, .schedule, .undo, .columnFinished, .welcome, .language, .logout: [.post]
            case .putBack, .logbookDelete, .clearFinished, .importUndo: [.post]
            case .task, .import, .importReview, .login, .settings, .select: [.get, .post]
            }
        }

        /// The router's pattern: Hummingbird reads `{id}` as a parameter named `id`.
        var pattern: RouterPath { RouterPath(template) }

        /// Whether the path has no value to fill in (a template may then print it as it is).
        var isFixed: Bool { !template.contains("{") }

        /// Whether `path` is this row's address: its segments, with any one non-empty segment for each `{name}`.
        func matches(_ path: String) -> Bool {
            let wanted = template.split(separator: "/")
            let given = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
            guard path.hasPrefix("/"), wanted.count == given.count else { return path == template }
            return zip(wanted, given).allSatisfy { part, segment in
                part.first == "{" && part.last == "}" ? !segment.isEmpty : part == segment
            }
        }

        /// The template with its `{name}` parts replaced by `values`.
        func path(_ values: [String: String]) -> String {
            var path = ""
            for segment in template.split(separator: "/") {
                path += "/"
                if segment.first == "{", segment.last == "}", let value = values[String(segment.dropFirst().dropLast())] {
                    path += value
                } else {
                    path += segment
                }
            }
            return path.isEmpty ? "/" : path
        }
    }

    /// Its row in the table.
    var name: Name {
        switch self {
        case .board: .board
        case .healthz: .healthz
        case .addTask: .addTask
        case .task: .task
        case .taskActions: .taskActions
        case .move: .move
        case .finish: .finish
        case .delete: .delete
        case .check: .check
        case .schedule: .schedule
        case .reading: .reading
        case .undo: .undo
        case .columnFinished: .columnFinished
        case .welcome: .welcome
        case .language: .language
        case .export: .export
        case .import: .import
        case .importReview: .importReview
        case .importSummary: .importSummary
        case .importUndo: .importUndo
        case .events: .events
        case .login: .login
        case .logout: .logout
        case .search: .search
        case .logbook: .logbook
        case .logbookEntry: .logbookEntry
        case .putBack: .putBack
        case .logbookDelete: .logbookDelete
        case .clearFinished: .clearFinished
        case .settings: .settings
        case .select: .select
        }
    }

    /// The path of a link, a form's action or a redirect. Every value that goes into one is safe
    /// in a path as it is: numbers, a column's name, an upload's base64url id.
    var path: String {
        switch self {
        case .task(let id), .taskActions(let id), .move(let id), .finish(let id), .delete(let id), .check(let id), .schedule(let id): name.path(["id": String(id)])
        case .logbookEntry(let id), .putBack(let id), .logbookDelete(let id): name.path(["id": String(id)])
        case .columnFinished(let column), .clearFinished(let column): name.path(["column": column.rawValue])
        case .importReview(let upload): name.path(["upload": upload])
        case .importSummary(let revision), .importUndo(let revision): name.path(["revision": String(revision)])
        default: name.template
        }
    }

    /// The path with a `#fragment`: a place in the page.
    func path(fragment: String) -> String {
        path + "#" + fragment
    }

    /// The path with a query (already encoded).
    func path(query: String) -> String {
        path + "?" + query
    }

    /// The board scrolled to a task's card (`id="task-ID"`, `partials/card.mustache`): where a
    /// change made from the board comes back to.
    static func cardPath(_ id: TaskID) -> String {
        Route.board.path(fragment: "task-\(id)")
    }

    /// The login form, coming back to `next` once logged in.
    static func loginPath(next: String) -> String {
        Route.login.path(query: "next=" + (next.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "/"))
    }

    /// The table as the scripts read it: every name and its template (`RenderedHTML.script`
    /// makes it the page's `<script type="application/json" id="planboard-routes">`).
    static var scriptTable: [String: String] {
        Dictionary(uniqueKeysWithValues: Name.allCases.map { ($0.rawValue, $0.template) })
    }
}
