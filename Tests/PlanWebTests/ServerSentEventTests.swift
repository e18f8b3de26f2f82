import NIOCore
import Testing

@testable import PlanWeb

struct ServerSentEventTests {
    private func text(_ event: ServerSentEvent) -> String { String(buffer: event.bytes) }

    @Test func aChangeIsOneFrameEndedByABlankLine() {
        #expect(text(ServerSentEvent(id: 42, event: "change", data: #"{"revision":42}"#)) == "id: 42\nevent: change\ndata: {\"revision\":42}\n\n")
    }

    @Test func everyLineOfTheDataIsItsOwnField() {
        // A line break inside the data must not end the frame or start a field of its own.
        #expect(text(ServerSentEvent(data: "one\nid: 9\r\n\nfour")) == "data: one\ndata: id: 9\ndata: \ndata: four\n\n")
        #expect(text(.comment("ping\nid: 7")) == ": ping\n: id: 7\n\n")
    }

    @Test func aGreetingAndAHeartbeatAreComments() {
        #expect(text(ServerSentEvent(retry: 3000, comment: "hello")) == "retry: 3000\n: hello\n\n")
        #expect(text(.comment("ping")) == ": ping\n\n")
    }

    @Test func lineSeparatorsStayInsideTheirLine() {
        // Browsers split a stream at CR and LF only; U+2028, U+2029 and U+0085 are characters of the field.
        let data = "{\"notes\":\"one\u{2028}two\u{2029}three\u{85}four\"}"
        #expect(text(ServerSentEvent(data: data)) == "data: \(data)\n\n")
    }

    @Test func jsonEscapesLineSeparators() throws {
        let json = String(decoding: try JSONFormat.encode(["notes": "a\u{2028}b\u{2029}c\u{85}d é 中"]), as: UTF8.self)
        #expect(json == #"{"notes":"a\u2028b\u2029c\u0085d é 中"}"#)
    }
}
