import PlanCore

/// The board as the template draws it.
package struct BoardPage: PageView {
    package static let template = "board"

    let revision: Int64
    let csrf: String
    let banner: Banner?
    let columns: [ColumnView]
    let taskCountLabel: String

    /// What the add-task form in one column shows after a refused submission.
    package struct AddForm: Sendable {
        var title = ""
        var important = false
        var error: String?
    }

    /// One column: its heading, count, cards and add form.
    struct ColumnView: Sendable {
        let id: String
        let title: String
        let count: Int
        let countLabel: String
        let cards: [CardView]
        let add: AddForm
    }

    /// One card with the forms that make it work without JavaScript.
    struct CardView: Sendable {
        /// Copied onto every card and button: Mustache resolves names up the context stack, and
        /// finding them on the nearest object keeps a 3,000-card page from walking it 30,000 times.
        let csrf: String
        let id: TaskID
        let title: String
        let important: Bool
        let finished: Bool
        let excerpt: String?
        /// "important, finished" for screen readers; nil for an ordinary open task.
        let state: String?
        let moves: [MoveButton]
        let finishValue: Bool
        let finishLabel: String
        let deleteLabel: String
    }

    /// A form that places the card after `after` in `column`.
    struct MoveButton: Sendable {
        /// "up", "down" or "column": lets the drag layer redo the move from the order it shows now.
        let kind: String
        let csrf: String
        let revision: Int64
        let taskID: TaskID
        let column: String
        let after: String
        let moveID: String
        let symbol: String
        let label: String
    }

    package init(board: Board, csrf: String, banner: Banner? = nil, addForms: [Column: AddForm] = [:], excerpt: (PlanTask) -> String? = Excerpt.of) {
        revision = board.revision
        self.csrf = csrf
        self.banner = banner
        let total = board.allTasks.count
        taskCountLabel = total == 1 ? "1 task" : "\(total) tasks"
        columns = Column.allCases.map { column in
            let tasks = board.tasks(in: column)
            return ColumnView(
                id: column.rawValue, title: column.title, count: tasks.count,
                countLabel: tasks.count == 1 ? "1 task" : "\(tasks.count) tasks",
                cards: tasks.indices.map { index in
                    Self.card(tasks[index], at: index, in: tasks, board: board, csrf: csrf, excerpt: excerpt(tasks[index]))
                },
                add: addForms[column] ?? AddForm())
        }
    }

    /// The card of one task as the board would draw it now; nil if the task is not on the board.
    static func card(for id: TaskID, on board: Board, csrf: String, excerpt: (PlanTask) -> String? = Excerpt.of) -> CardView? {
        for column in Column.allCases {
            let tasks = board.tasks(in: column)
            if let index = tasks.firstIndex(where: { $0.id == id }) {
                return card(tasks[index], at: index, in: tasks, board: board, csrf: csrf, excerpt: excerpt(tasks[index]))
            }
        }
        return nil
    }

    private static func card(_ task: PlanTask, at index: Int, in tasks: [PlanTask], board: Board, csrf: String, excerpt: String?) -> CardView {
        let title = "“\(task.title)”"
        var moves: [MoveButton] = []
        if !task.finished {
            func move(_ kind: String, _ column: Column, after: TaskID?, symbol: String, label: String) -> MoveButton {
                let anchor = after.map(String.init) ?? ""
                return MoveButton(
                    kind: kind, csrf: csrf, revision: board.revision, taskID: task.id, column: column.rawValue, after: anchor,
                    // Derived from what the page showed, so a double-submitted form is one move, not two.
                    moveID: "form-\(board.revision)-\(task.id)-\(column.rawValue)-\(anchor)",
                    symbol: symbol, label: label)
            }
            if index > 0 {
                moves.append(move("up", task.column, after: index >= 2 ? tasks[index - 2].id : nil, symbol: "↑", label: "Move \(title) up"))
            }
            if index < tasks.count - 1 {
                moves.append(move("down", task.column, after: tasks[index + 1].id, symbol: "↓", label: "Move \(title) down"))
            }
            for other in Column.allCases where other != task.column {
                let symbol = other < task.column ? "← \(other.title)" : "\(other.title) →"
                moves.append(move("column", other, after: board.tasks(in: other).last?.id, symbol: symbol, label: "Move \(title) to \(other.title)"))
            }
        }
        let states = [task.important ? "important" : nil, task.finished ? "finished" : nil].compactMap { $0 }
        return CardView(
            csrf: csrf, id: task.id, title: task.title, important: task.important, finished: task.finished,
            excerpt: excerpt, state: states.isEmpty ? nil : states.joined(separator: ", "), moves: moves,
            finishValue: !task.finished,
            finishLabel: task.finished ? "Mark \(title) as not finished" : "Mark \(title) as finished",
            deleteLabel: "Delete \(title)")
    }
}

/// A message across the top of a page: why something was refused, or what just happened.
package struct Banner: Sendable {
    let kind: String
    let message: String

    static func error(_ message: String) -> Banner { Banner(kind: "error", message: message) }
    static func notice(_ message: String) -> Banner { Banner(kind: "notice", message: message) }
}
