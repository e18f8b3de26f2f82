import Foundation

/// What a person submits to create a task, checked against the board's rules.
public struct NewTask: Sendable, Equatable {
    public let title: String
    public let column: Column
    public let important: Bool
    public let notes: String

    /// Validates the title; notes arrive already sanitized by the caller.
    public init(title: String, column: Column, important: Bool = false, notes: String = "") throws(PlanError) {
        self.title = try TaskTitle.validate(title)
        self.column = column
        self.important = important
        self.notes = notes
    }
}

/// The editable fields of an existing task.
public struct TaskEdit: Sendable, Equatable {
    public let title: String
    public let important: Bool
    public let notes: String

    public init(title: String, important: Bool, notes: String) throws(PlanError) {
        self.title = try TaskTitle.validate(title)
        self.important = important
        self.notes = notes
    }
}

/// The rules for a task title.
public enum TaskTitle {
    /// Trims surrounding white space and refuses empty, over-long or control-character titles.
    public static func validate(_ raw: String) throws(PlanError) -> String {
        let title = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        if title.isEmpty { throw .titleEmpty }
        if title.count > PlanError.maxTitleLength { throw .titleTooLong(count: title.count) }
        // Cc covers C0/C1 controls (tab, newline, NUL…); the line and paragraph separators would break a card's one line too.
        if title.unicodeScalars.contains(where: { $0.properties.generalCategory == .control || $0.value == 0x2028 || $0.value == 0x2029 }) {
            throw .titleControlCharacters
        }
        return title
    }
}
