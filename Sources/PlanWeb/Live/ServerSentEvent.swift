import NIOCore

/// One frame of a `text/event-stream`, written in one place so that nothing a frame carries can
/// break the framing: every line of the data gets its own `data:` field, and a field's value never
/// holds a line break. Lines are what the stream's grammar calls lines — split at CR, LF or CRLF
/// only: a browser reads U+2028, U+2029 and U+0085 as ordinary characters of a field, so splitting
/// there would put a raw line break into the JSON the tab joins back together.
struct ServerSentEvent: Equatable {
    /// The revision a reconnecting tab sends back as `Last-Event-ID`.
    var id: Int64?
    /// The event's name (`change`, `refresh`); none is a plain `message`.
    var event: String?
    var data: String?
    /// How long a browser waits before reconnecting, in milliseconds.
    var retry: Int?
    /// A line browsers ignore: a greeting, or a heartbeat that keeps proxies from closing the stream.
    var comment: String?

    static func comment(_ text: String) -> ServerSentEvent { ServerSentEvent(comment: text) }

    /// The frame as sent, ending with the blank line that dispatches it.
    func write(to buffer: inout ByteBuffer) {
        if let retry { buffer.writeString("retry: \(retry)\n") }
        if let comment { Self.write(field: "", value: comment, to: &buffer) }
        if let id { buffer.writeString("id: \(id)\n") }
        if let event { Self.write(field: "event", value: event, to: &buffer) }
        if let data { Self.write(field: "data", value: data, to: &buffer) }
        buffer.writeString("\n")
    }

    var bytes: ByteBuffer {
        var buffer = ByteBuffer()
        write(to: &buffer)
        return buffer
    }

    /// One `field: value` line per line of `value` (an event name or comment has just one).
    private static func write(field: String, value: String, to buffer: inout ByteBuffer) {
        for line in value.split(omittingEmptySubsequences: false, whereSeparator: isStreamLineBreak) {
            buffer.writeString(field)
            buffer.writeString(": ")
            buffer.writeSubstring(line)
            buffer.writeString("\n")
        }
    }
}

/// CR, LF or CRLF (one `Character` in Swift): the only line breaks of `text/event-stream`.
private func isStreamLineBreak(_ character: Character) -> Bool {
    character == "\n" || character == "\r" || character == "\r\n"
}
