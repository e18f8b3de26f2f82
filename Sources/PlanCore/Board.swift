/// The whole board at one revision: every column's tasks in display order.
public struct Board: Sendable, Equatable {
    /// Raised by every change and never reused, so a client can tell whether what it shows is current.
    public var revision: Int64
    public var columns: [BoardColumn: [PlanTask]]

    public init(revision: Int64, columns: [BoardColumn: [PlanTask]]) {
        self.revision = revision
        self.columns = columns
    }

    /// Builds a board from tasks in any order, sorting each column by order key.
    public init(revision: Int64, tasks: some Sequence<PlanTask>) {
        var columns = Dictionary(uniqueKeysWithValues: BoardColumn.allCases.map { ($0, [PlanTask]()) })
        for task in tasks { columns[task.column, default: []].append(task) }
        for column in BoardColumn.allCases { columns[column]?.sort { $0.orderKey < $1.orderKey } }
        self.init(revision: revision, columns: columns)
    }

    /// The tasks of one column in display order.
    public func tasks(in column: BoardColumn) -> [PlanTask] { columns[column] ?? [] }

    /// One task by id, if it is on the board.
    public func task(_ id: TaskID) -> PlanTask? {
        for column in BoardColumn.allCases {
            if let task = tasks(in: column).first(where: { $0.id == id }) { return task }
        }
        return nil
    }

    /// Where a task sits: its index in its column and how many tasks the column holds.
    public func position(of task: PlanTask) -> (index: Int, count: Int)? {
        let tasks = tasks(in: task.column)
        return tasks.firstIndex { $0.id == task.id }.map { ($0, tasks.count) }
    }

    /// Every task, column by column.
    public var allTasks: [PlanTask] { BoardColumn.allCases.flatMap { tasks(in: $0) } }
}
