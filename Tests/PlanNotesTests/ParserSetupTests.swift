import CLibXML2
import Testing
@testable import PlanNotes

/// How the sanitizer drives libxml2: its flags and its error handlers.
struct ParserSetupTests {
    @Test func networkAccessIsAlwaysForbidden() {
        #expect(HTMLParseOptions.sanitizer.contains(.noNetwork))
        #expect(HTMLParseOptions.sanitizer.contains(.ignoreEncoding))
        #expect(HTMLParseOptions.noNetwork.rawValue == Int32(HTML_PARSE_NONET.rawValue))
    }

    @Test func errorsNeverReachTheThreadsHandlerAndTheHandlerIsPutBack() throws {
        let calls = UnsafeMutablePointer<Int>.allocate(capacity: 1)
        calls.initialize(to: 0)
        defer { calls.deallocate() }
        let counter: xmlStructuredErrorFunc = { context, _ in
            context?.assumingMemoryBound(to: Int.self).pointee += 1
        }
        xmlSetStructuredErrorFunc(calls, counter)
        defer { xmlSetStructuredErrorFunc(nil, nil) }

        _ = try NoteSanitizer().sanitize("<p><b>unclosed <zz:x>&bogus; </i></table></p><<")
        #expect(calls.pointee == 0)

        // The handler installed before the call is the one installed after it.
        let current = planboard_silenceErrors()
        planboard_restoreErrors(current)
        #expect(current.structuredContext == UnsafeMutableRawPointer(calls))
    }

    @Test func metaCharsetCannotSwitchTheDecoder() throws {
        let note = try NoteSanitizer().sanitize("<meta charset=\"ISO-8859-1\"><p>café 中文</p>")
        #expect(note.html.html == "<p>café 中文</p>")
    }

    @Test func autoCloseTableMatchesWhatLibxml2DoesWithParagraphs() {
        #expect(AutoCloseTable.closes(.p, whenOpening: .ul))
        #expect(AutoCloseTable.closes(.p, whenOpening: .p))
        #expect(!AutoCloseTable.closes(.div, whenOpening: .p))
        #expect(!AutoCloseTable.closes(.p, whenOpening: .b))
    }
}
