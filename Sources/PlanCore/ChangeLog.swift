import Foundation

/// The way back from a newer text to an older one: the newer text's first `prefix` and last
/// `suffix` characters (Unicode scalars) are the same in both, and `middle` is what stood between
/// them before. An edit of a long note usually changes one stretch, so a change keeps that
/// stretch instead of a second copy of the whole note.
public struct TextPatch: Codable, Equatable, Sendable {
    public let prefix: Int
    public let suffix: Int
    public let middle: String

    /// The patch that turns `newer` back into `older`.
    public init(from newer: String, backTo older: String) {
        let new = Array(newer.unicodeScalars), old = Array(older.unicodeScalars)
        var prefix = 0
        while prefix < new.count, prefix < old.count, new[prefix] == old[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < new.count - prefix, suffix < old.count - prefix, new[new.count - 1 - suffix] == old[old.count - 1 - suffix] {
            suffix += 1
        }
        self.prefix = prefix
        self.suffix = suffix
        var middle = String.UnicodeScalarView()
        middle.append(contentsOf: old[prefix..<(old.count - suffix)])
        self.middle = String(middle)
    }

    /// The older text, from the newer one it was made against; nil when `newer` is not that text
    /// (too short to hold the kept parts).
    public func apply(to newer: String) -> String? {
        let new = Array(newer.unicodeScalars)
        guard prefix >= 0, suffix >= 0, prefix + suffix <= new.count else { return nil }
        var text = String.UnicodeScalarView()
        text.append(contentsOf: new[..<prefix])
        text.append(contentsOf: middle.unicodeScalars)
        text.append(contentsOf: new[(new.count - suffix)...])
        return String(text)
    }

    /// What it takes to keep, in bytes.
    public var size: Int { middle.utf8.count }
}

/// What a change keeps of a task's notes so that it can be undone: the way back from the notes it
/// left to the ones it found, or nothing when it did not touch them.
public struct NotesBack: Codable, Equatable, Sendable {
    public let format: NoteFormat
    public let source: TextPatch
    public let html: TextPatch
    public let excerpt: String?

    /// The way back from `after`'s notes to `before`'s; nil when they are the same. A deleted task
    /// has `after` nil: its notes are kept whole, as a patch back from nothing.
    public init?(before: PlanTask, after: PlanTask?) {
        let afterSource = after?.notesSource ?? "", afterHTML = after?.notes ?? ""
        if let after, after.notesSource == before.notesSource, after.notes == before.notes, after.notesFormat == before.notesFormat {
            return nil
        }
        format = before.notesFormat
        source = TextPatch(from: afterSource, backTo: before.notesSource)
        html = TextPatch(from: afterHTML, backTo: before.notes)
        excerpt = before.excerpt
    }

    /// The notes as they were before the change, from the notes it left (`current`, checked
    /// unchanged by the caller); nil when the patch does not fit them.
    public func restore(from current: PlanTask?) -> TaskNotes? {
        guard let source = source.apply(to: current?.notesSource ?? ""), let html = html.apply(to: current?.notes ?? "") else { return nil }
        return TaskNotes(source: source, format: format, html: html, excerpt: excerpt ?? "")
    }

    /// What it takes to keep, in bytes (about).
    public var size: Int { source.size + html.size + (excerpt?.utf8.count ?? 0) }
}

extension PlanTask {
    /// The task as the change log keeps it: everything but the notes (and their excerpt), which
    /// live in the log only as `NotesBack` and `notesDigest`, so that history neither holds a copy
    /// of every version nor keeps a deleted task's notes past its undo.
    public var withoutNotes: PlanTask {
        var thin = self
        thin.notes = ""
        thin.notesSource = ""
        thin.excerpt = nil
        return thin
    }

    /// A fingerprint of the notes (as written, their format and as shown), so that an undo can
    /// tell the notes are still the ones a change left without the log keeping them. (FNV-1a.)
    public var notesDigest: Int64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        func mix(_ byte: UInt8) { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        notesFormat.rawValue.utf8.forEach(mix)
        mix(0xFF)  // a separator no UTF-8 text contains
        notesSource.utf8.forEach(mix)
        mix(0xFF)
        notes.utf8.forEach(mix)
        return Int64(bitPattern: hash)
    }
}

/// How much history the change log keeps: what undo and other tabs catching up need, and no more.
///
/// A change can be undone while it is among the last `undoDepth` changes of its session and
/// younger than `undoWindow`, and while the notes kept for undoing (`notesBudget` bytes for the
/// whole board, newest first) still hold it. Past that it is set aside: its notes are dropped —
/// so a deleted task's notes are gone once its delete can no longer be undone — and only what
/// other tabs and messages need (titles, columns, places) stays, until the row is older than
/// `keepDays` or beyond the newest `keepChanges`.
public struct ChangeLogPolicy: Sendable, Equatable {
    public var undoDepth: Int
    public var undoWindow: TimeInterval
    public var notesBudget: Int
    public var keepChanges: Int
    public var keepDays: Int

    public init(undoDepth: Int = 100, undoWindow: TimeInterval = 7 * 24 * 60 * 60, notesBudget: Int = 8 << 20, keepChanges: Int = 10_000, keepDays: Int = 30) {
        self.undoDepth = undoDepth
        self.undoWindow = undoWindow
        self.notesBudget = notesBudget
        self.keepChanges = keepChanges
        self.keepDays = keepDays
    }
}
