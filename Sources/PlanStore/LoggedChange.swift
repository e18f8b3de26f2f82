import Foundation
import PlanCore

/// One change as a store writes it to its change log, worked out once for every store: the task
/// before and after without their notes (JSON), the way back to the notes the change found (only
/// when it touched them, and never for an undo, which is not undone in turn) and a fingerprint of
/// the notes it left.
package struct LoggedChange: Sendable {
    package let kind: ChangeKind
    package let taskID: TaskID?
    package let before: String?
    package let after: String?
    package let notesBack: String?
    package let notesDigest: Int64?

    package init(_ kind: ChangeKind, before: PlanTask?, after: PlanTask?) throws {
        let encoder = JSONEncoder()
        func json(_ value: some Encodable) throws -> String { String(decoding: try encoder.encode(value), as: UTF8.self) }
        self.kind = kind
        taskID = (after ?? before)?.id
        self.before = try before.map { try json($0.withoutNotes) }
        self.after = try after.map { try json($0.withoutNotes) }
        let back = kind == .undo ? nil : before.flatMap { NotesBack(before: $0, after: after) }
        notesBack = try back.map { try json($0) }
        notesDigest = after?.notesDigest
    }

    /// A task as the log keeps it (JSON), read back.
    package static func task(_ json: String?) throws -> PlanTask? {
        try json.map { try JSONDecoder().decode(PlanTask.self, from: Data($0.utf8)) }
    }

    /// A kept way back to a change's notes (JSON), read back.
    package static func notesBack(_ json: String?) throws -> NotesBack? {
        try json.map { try JSONDecoder().decode(NotesBack.self, from: Data($0.utf8)) }
    }
}
