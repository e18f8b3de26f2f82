import HTTPTypes
import Hummingbird

extension Response {
    /// Adds `name` to the response's `Vary` (once, whatever the case it was given in).
    mutating func vary(on name: String) {
        guard let vary = headers[.vary], !vary.isEmpty else {
            headers[.vary] = name
            return
        }
        if !vary.lowercased().contains(name.lowercased()) { headers[.vary] = vary + ", " + name }
    }

    /// Says which language the response is in, and that another Accept-Language may get another.
    mutating func say(language: Language) {
        headers[.contentLanguage] = language.tag
        vary(on: "Accept-Language")
    }
}

extension HTTPFields {
    /// `X-Notes-Cleaned` when the sanitizer removed something from the notes a script sent.
    static func notesCleaned(_ notes: NoteRenderer.Rendered?) -> HTTPFields {
        guard let notes, !notes.removed.isEmpty else { return [:] }
        return [.notesCleaned: notes.removed.summary]
    }
}
