import PlanCore
import PlanStore

/// A store that wakes the live streams after every successful change, whichever route made it.
struct NotifyingStore: BoardStore {
    let base: any BoardStore
    let notifier: ChangeNotifier

    func board() async throws -> Board { try await base.board() }
    func revision() async throws -> Int64 { try await base.revision() }
    func task(_ id: TaskID) async throws -> PlanTask { try await base.task(id) }
    func changes(after revision: Int64, limit: Int) async throws -> [ChangeEvent] { try await base.changes(after: revision, limit: limit) }
    func deriveMissingExcerpts(_ derive: @escaping @Sendable (String) -> String) async throws -> Int { try await base.deriveMissingExcerpts(derive) }

    func create(_ new: NewTask, client: String?) async throws -> Revised<PlanTask> {
        try await notifying { try await base.create(new, client: client) }
    }

    func edit(_ id: TaskID, _ edit: TaskEdit, client: String?) async throws -> Revised<PlanTask> {
        try await notifying { try await base.edit(id, edit, client: client) }
    }

    func move(_ request: MoveRequest, client: String?) async throws -> MoveResult {
        try await notifying { try await base.move(request, client: client) }
    }

    func setFinished(_ id: TaskID, _ finished: Bool, client: String?) async throws -> Revised<PlanTask> {
        try await notifying { try await base.setFinished(id, finished, client: client) }
    }

    func delete(_ id: TaskID, client: String?) async throws -> Revised<PlanTask> {
        try await notifying { try await base.delete(id, client: client) }
    }

    func importTasks(_ tasks: [ImportedTask], client: String?) async throws -> Revised<[PlanTask]> {
        try await notifying { try await base.importTasks(tasks, client: client) }
    }

    func undo(client: String) async throws -> Revised<UndoResult> {
        try await notifying { try await base.undo(client: client) }
    }

    private func notifying<T>(_ change: () async throws -> T) async throws -> T {
        let result = try await change()
        notifier.changed()
        return result
    }
}
