import PlanCore

/// Where the board lives. The SQLite store is the embedded default; a server database can take its place.
///
/// Every method that changes something does it in one transaction, raises the board revision once,
/// and throws `PlanError` for anything a person did wrong.
public protocol BoardStore: Sendable {
    /// The whole board at one consistent revision.
    func board() async throws -> Board
    /// Only the current revision, cheaply.
    func revision() async throws -> Int64
    /// One task, or `PlanError.taskNotFound`.
    func task(_ id: TaskID) async throws -> PlanTask
    /// Adds a task at the end of its column.
    func create(_ new: NewTask, client: String?) async throws -> Revised<PlanTask>
    /// Changes title, importance and notes.
    func edit(_ id: TaskID, _ edit: TaskEdit, client: String?) async throws -> Revised<PlanTask>
    /// Places a task after another one (or first) in a column; see `MoveRules`.
    func move(_ request: MoveRequest, client: String?) async throws -> MoveResult
    /// Marks a task finished or not.
    func setFinished(_ id: TaskID, _ finished: Bool, client: String?) async throws -> Revised<PlanTask>
    /// Removes a task (an undo can bring it back).
    func delete(_ id: TaskID, client: String?) async throws -> Revised<PlanTask>
    /// Reverts this client's most recent change that is not yet undone, checked like any change.
    func undo(client: String) async throws -> Revised<UndoResult>
    /// Adds every task at the end of its column in one transaction and one revision: all or nothing.
    func importTasks(_ tasks: [ImportedTask], client: String?) async throws -> Revised<[PlanTask]>
    /// The changes made after `revision`, oldest first, at most `limit` of them.
    func changes(after revision: Int64, limit: Int) async throws -> [ChangeEvent]
    /// Gives every task stored before excerpts were kept its excerpt, derived from its notes by
    /// `derive`; returns how many it derived. Derived data only: the revision stays as it is.
    func deriveMissingExcerpts(_ derive: @escaping @Sendable (_ notesHTML: String) -> String) async throws -> Int
}
