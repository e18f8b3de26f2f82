import Foundation
import PlanStore
import PostgresNIO

extension PostgresBoardStore {
    /// Wakes this server's live streams when any server on the board commits a change (the
    /// NOTIFY `recordChange` sends). A woken stream catches up from the change log by revision,
    /// so a wake-up needs no content and one missed while reconnecting is covered by the next.
    public func changeWakeUps() -> AsyncStream<Void>? { wakeUps }

    /// Listens on the board's channel on a connection of its own, again after every loss of the
    /// database, until the task is cancelled.
    func listen() async {
        let channel = self.channel
        let wake = self.wake
        while !Task.isCancelled {
            do {
                // Watched like a request, so that a LISTEN lost with its connection is noticed.
                try await unavailableWhenDisconnected { [client] leased in
                    try await client.withConnection { connection in
                        leased(connection)
                        try await connection.listen(on: channel) { notifications in
                            // Changes made while this server was not listening are in the log: look now.
                            wake.yield()
                            for try await _ in notifications { wake.yield() }
                        }
                    }
                }
            } catch {
                if Task.isCancelled { break }
                logger.debug("listening for changes on \(channel) stopped: \(error); trying again")
            }
            try? await Task.sleep(for: .milliseconds(500))
        }
    }
}
