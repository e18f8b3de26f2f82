import ServiceLifecycle

/// Wakes this server's live streams for every change a store shared by several servers reports
/// (PostgreSQL's NOTIFY: made here or through another server), beside the server, until the
/// server stops.
struct WakeUpForwarder: Service {
    let wakeUps: AsyncStream<Void>
    let notifier: ChangeNotifier

    func run() async {
        for await _ in wakeUps.cancelOnGracefulShutdown() { notifier.changed() }
        // A store that stopped listening has nothing more to report; the service still lasts as
        // long as the server, since one that ends early would stop the server with it.
        try? await gracefulShutdown()
    }
}
