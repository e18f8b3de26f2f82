/// What is done to several tasks at once: a selection on the board, or the Select page without
/// JavaScript. One request, one change, one Undo.
public enum BatchAction: Sendable, Equatable {
    case finish(Bool)
    case important(Bool)
    /// To the end of a column, in the order the tasks had on the board.
    case move(BoardColumn)
    case delete

    /// The most tasks one request may change.
    public static let maxTasks = 500

    /// Reads the action's name as a form sends it: finish, reopen, important, unimportant, delete,
    /// or a column's id (a move there).
    public init(parsing raw: String) throws(PlanError) {
        switch raw {
        case "finish": self = .finish(true)
        case "reopen": self = .finish(false)
        case "important": self = .important(true)
        case "unimportant": self = .important(false)
        case "delete": self = .delete
        default:
            guard let column = BoardColumn(rawValue: raw) else { throw .invalidField(name: "action", problem: .unknownBatchAction) }
            self = .move(column)
        }
    }

    /// Its name as a form sends it (`init(parsing:)` reads it back).
    public var name: String {
        switch self {
        case .finish(let finished): finished ? "finish" : "reopen"
        case .important(let important): important ? "important" : "unimportant"
        case .move(let column): column.rawValue
        case .delete: "delete"
        }
    }

    /// The change log's kind for it.
    public var kind: ChangeKind {
        switch self {
        case .finish: .finish
        case .important: .edit
        case .move: .move
        case .delete: .delete
        }
    }
}
