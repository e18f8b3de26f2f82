import Foundation
import PlanCore

/// One import as a store carries it out: the tasks read from a file, and how they meet what the
/// board holds by the time the import's transaction runs (not when the file was read), so imports
/// running at once can neither bring the same tasks twice nor import one upload twice.
public struct ImportBatch: Sendable {
    public var tasks: [ImportedTask]
    /// Leave out the tasks whose origin a task here already has, as the board stands inside the
    /// import's transaction (`ImportPlan.leftOut`).
    public var skipExisting: Bool
    /// The stashed upload the tasks were read from: claimed in the import's transaction, so it is
    /// imported once however many confirms arrive (the others are `StashedUploadTaken`).
    public var upload: String?
    /// The summary kept with the import, given which tasks (indexes into `tasks`) were left out in
    /// the transaction. Called inside it, so it must be cheap.
    public var summary: @Sendable (_ leftOut: [Int]) -> String?

    public init(
        tasks: [ImportedTask], skipExisting: Bool = false, upload: String? = nil,
        summary: @escaping @Sendable (_ leftOut: [Int]) -> String? = { _ in nil }
    ) {
        self.tasks = tasks
        self.skipExisting = skipExisting
        self.upload = upload
        self.summary = summary
    }
}

/// What an import stored.
public struct ImportOutcome: Sendable {
    /// The tasks stored, in the file's order.
    public var tasks: [PlanTask]
    /// The indexes (into the batch's tasks) of those left out because the board had them already.
    public var leftOut: [Int]

    public init(tasks: [PlanTask], leftOut: [Int]) {
        self.tasks = tasks
        self.leftOut = leftOut
    }
}

/// An upload kept while a person reviews it.
public enum StashedUpload: Sendable, Equatable {
    /// Waiting for the person's choices: the file as uploaded.
    case waiting([UInt8])
    /// Imported already, by the change `revision` (its summary is there).
    case imported(revision: Int64)
}

/// Why an import of a stashed upload did not happen; nothing was changed.
public enum StashedUploadTaken: Error, Equatable, Sendable {
    /// Another request imported it first, as the change `revision`.
    case imported(revision: Int64)
    /// It is not kept (never was, or its hour passed).
    case gone
}

/// How much may wait for review at once: uploads are files of megabytes, and every new session
/// could stash one, so both a session's count and everyone's bytes are bounded.
public struct StashLimits: Sendable, Equatable {
    /// Uploads one session (client) may have waiting at once.
    public var perClient: Int
    /// Bytes of every session's waiting uploads together.
    public var totalBytes: Int

    public init(perClient: Int = 3, totalBytes: Int = 32 << 20) {
        self.perClient = perClient
        self.totalBytes = totalBytes
    }

    /// The refusal for stashing `adding` bytes for a client that has `clientWaiting` uploads waiting
    /// while `bytesWaiting` bytes wait in all (counting only uploads not yet imported or expired).
    package func refusal(clientWaiting: Int, bytesWaiting: Int, adding: Int) -> PlanError? {
        if clientWaiting >= perClient { return .uploadsWaiting(limit: perClient) }
        if bytesWaiting + adding > totalBytes { return .uploadRoomFull }
        return nil
    }
}
