/// A page that says what went wrong and how to get back.
package struct ErrorPage: PageView {
    package static let template = "error"

    let status: Int
    let heading: String
    let message: String
    /// For a page the database could not answer just now: the address to try again, which the
    /// page also reloads by itself every `retrySeconds` (nil for every other refusal).
    var retry: Retry? = nil

    struct Retry {
        let location: String
        let seconds: Int
        let note: String
    }
}
