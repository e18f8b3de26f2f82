import Mustache
import PlanCore

/// The paths every page can print, from the route table: `{{routes.undo}}` is the path of any
/// route that has no value to fill in, by its name in the table (`Route.Name`).
struct RoutePaths: MustacheParent, Sendable {
    func child(named name: String) -> Any? {
        guard let route = Route.Name(rawValue: name), route.isFixed else { return nil }
        return route.template
    }
}

/// The paths of one task's routes, for the pages and the card that link to them or post to them:
/// `{{paths.move}}`, by the routes' names in the table, and `{{paths.onBoard}}`, the board
/// scrolled to its card.
struct TaskPaths: MustacheParent, Sendable, Equatable {
    let id: TaskID

    func child(named name: String) -> Any? {
        switch name {
        case "task": Route.task(id).path
        case "taskActions": Route.taskActions(id).path
        case "move": Route.move(id).path
        case "finish": Route.finish(id).path
        case "delete": Route.delete(id).path
        case "check": Route.check(id).path
        case "schedule": Route.schedule(id).path
        case "onBoard": Route.cardPath(id)
        default: nil
        }
    }
}
