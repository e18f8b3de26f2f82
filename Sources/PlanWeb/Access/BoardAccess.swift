import Synchronization

/// Whether one request got past the door: the right `Host`, an allowed method and origin, and —
/// when an access token is set — the token or a login. Open paths (the login page, the language
/// switch, `/healthz`) are served without it, and their answers, refusals included, then say
/// nothing about the board.
final class BoardAccess: Sendable {
    private let granted = Atomic<Bool>(false)

    var isGranted: Bool { granted.load(ordering: .acquiring) }

    func grant() { granted.store(true, ordering: .releasing) }
}
