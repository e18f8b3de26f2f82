import Foundation
import Hummingbird
import PlanCore
import PlanStore

extension BoardExport {
    /// About how much of the file is written at a time.
    static let streamChunk = 64 * 1024

    /// The export file of `board`, written a task at a time as the client reads it: the encoded file
    /// is never held whole (a 25 MB board's was held once per unread download), only the board,
    /// one page of the logbook and one chunk. The same document as `encoder` writes, laid out a task
    /// per line. The logbook is read a page at a time (`logbook`) after the board; an entry the
    /// board still held when it was read (the day turned in between) is left out of the logbook.
    static func streamed(
        board: Board, boardID: String, exported: Date,
        logbook: @escaping @Sendable (LogbookCursor?) async throws -> LogbookPage
    ) -> ResponseBody {
        ResponseBody { writer in
            let encoder = JSONEncoder()
            encoder.dateEncodingStrategy = .iso8601
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            let header = Header(board: boardID, exported: exported, format: format, revision: board.revision, version: version)
            var chunk = ByteBuffer(string: "{\"columns\":{")
            for (index, column) in BoardColumn.allCases.sorted(by: { $0.rawValue < $1.rawValue }).enumerated() {
                chunk.writeString(index == 0 ? "\n" : "],\n")
                chunk.writeString("\"\(column.rawValue)\":[")
                for (position, task) in board.tasks(in: column).enumerated() {
                    chunk.writeString(position == 0 ? "\n" : ",\n")
                    chunk.writeBytes(try encoder.encode(Task(task)))
                    if chunk.readableBytes >= streamChunk {
                        try await writer.write(chunk)
                        chunk.clear()
                    }
                }
            }
            chunk.writeString("]\n},\"logbook\":[")
            let onBoard = Set(board.allTasks.map(\.id))
            var cursor: LogbookCursor?
            var first = true
            repeat {
                let page = try await logbook(cursor)
                for entry in page.entries where !onBoard.contains(entry.id) {
                    chunk.writeString(first ? "\n" : ",\n")
                    first = false
                    chunk.writeBytes(try encoder.encode(Task(entry)))
                    if chunk.readableBytes >= streamChunk {
                        try await writer.write(chunk)
                        chunk.clear()
                    }
                }
                cursor = page.next
            } while cursor != nil
            chunk.writeString("\n],")
            // The header's own object, opened already: its fields follow the columns.
            chunk.writeBytes(try encoder.encode(header).dropFirst())
            chunk.writeString("\n")
            try await writer.write(chunk)
            try await writer.finish(nil)
        }
    }

    /// Every field of the file but the columns.
    private struct Header: Encodable {
        let board: String
        let exported: Date
        let format: String
        let revision: Int64
        let version: Int
    }
}

extension BoardExport.Task {
    init(_ task: PlanTask) {
        self.init(
            id: task.id, title: task.title, important: task.important, finished: task.finished, notes: task.notes,
            notesSource: task.notesSource, notesFormat: task.notesFormat, origin: task.origin, created: task.created, updated: task.updated,
            when: task.when?.iso, deadline: task.deadline?.iso, repeats: task.repeats?.code,
            finishedAt: task.finished ? task.finishedAt : nil, column: task.inLogbook ? task.column.rawValue : nil,
            finishedDay: task.inLogbook ? task.finishedDay?.iso : nil)
    }
}
