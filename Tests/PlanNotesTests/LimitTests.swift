import CLibXML2
import Testing
@testable import PlanNotes

/// Size and nesting limits give a typed error with a message a person can act on, never a crash.
struct LimitTests {
    @Test func noteAtTheSizeLimitIsAccepted() throws {
        let note = String(repeating: "a", count: NoteSanitizer.maximumBytes)
        #expect(try NoteSanitizer().sanitize(note).html.html.utf8.count == NoteSanitizer.maximumBytes)
    }

    @Test func noteOverTheSizeLimitIsRefusedWithAnActionableMessage() {
        let note = String(repeating: "x", count: 300 * 1024)
        #expect(throws: NoteSanitizerError.tooLarge(bytes: 300 * 1024, limit: 256 * 1024)) {
            try NoteSanitizer().sanitize(note)
        }
        #expect(
            NoteSanitizerError.tooLarge(bytes: 300 * 1024, limit: 256 * 1024).message
                == "Notes are 300 KB; the limit is 256 KB. Shorten them or split them across tasks."
        )
    }

    @Test func sizeLimitCountsUTF8BytesNotCharacters() {
        // 90,000 Chinese characters are 270,000 UTF-8 bytes.
        let note = String(repeating: "中", count: 90_000)
        #expect(throws: NoteSanitizerError.tooLarge(bytes: 270_000, limit: 256 * 1024)) {
            try NoteSanitizer().sanitize(note)
        }
    }

    @Test func oneByteOverTheLimitNeverReadsAsTheLimitItself() {
        let message = NoteSanitizerError.tooLarge(bytes: 256 * 1024 + 1, limit: 256 * 1024).message
        #expect(message.hasPrefix("Notes are 257 KB;"))
    }

    @Test func noteThatGrowsPastTheLimitWhenEscapedIsRefused() {
        // 100,000 "<" are 100 KB typed and 400 KB once escaped as "&lt;"; stored, they could
        // not be sanitized again, so they are refused up front.
        let note = String(repeating: "< ", count: 100_000)
        #expect(throws: NoteSanitizerError.tooLargeOnceCleaned(bytes: 500_000 - 1, limit: 256 * 1024)) {
            try NoteSanitizer().sanitize(note)
        }
        #expect(NoteSanitizerError.tooLargeOnceCleaned(bytes: 500_000 - 1, limit: 256 * 1024).message
            .hasPrefix("Notes come to 489 KB once cleaned up"))
    }

    @Test func nestingAtTheDepthLimitIsAccepted() throws {
        let depth = NoteSanitizer.maximumDepth
        let note = String(repeating: "<div>", count: depth) + "deep" + String(repeating: "</div>", count: depth)
        #expect(try NoteSanitizer().sanitize(note).html.html == note)
    }

    @Test func nestingOneLevelTooDeepIsRefused() {
        let depth = NoteSanitizer.maximumDepth + 1
        let note = String(repeating: "<blockquote>", count: depth) + "deep"
        #expect(throws: NoteSanitizerError.nestedTooDeeply(limit: 64)) {
            try NoteSanitizer().sanitize(note)
        }
    }

    @Test func unwrappedElementsCountTowardsTheDepth() {
        let note = String(repeating: "<section>", count: 100) + "deep"
        #expect(throws: NoteSanitizerError.nestedTooDeeply(limit: 64)) {
            try NoteSanitizer().sanitize(note)
        }
    }

    @Test func nestingBeyondLibxml2sOwnLimitIsRefusedNotTruncated() {
        // Past 256 open elements libxml2 (without HTML_PARSE_HUGE) stops reading and returns
        // what it has; the sanitizer's lower limit turns that into an error instead.
        let note = String(repeating: "<div>", count: 300) + "deep" + "<p>after</p>"
        #expect(throws: NoteSanitizerError.nestedTooDeeply(limit: 64)) {
            try NoteSanitizer().sanitize(note)
        }
    }

    @Test func nestingPastLibxml2sLimitInElementsTheWalkerDoesNotCountIsRefused() {
        // libxml2 2.9 does not know <embed> is void and nests what follows inside it; the
        // walker does not count it, but libxml2 still halts at 256 and that must not go unnoticed.
        let note = String(repeating: "<embed>", count: 300) + "text"
        #expect(throws: NoteSanitizerError.nestedTooDeeply(limit: 64)) {
            try NoteSanitizer().sanitize(note)
        }
    }

    @Test func libxml2HaltingAtLevel256IsReportedNotIgnored() throws {
        // Characterises the installed libxml2, which the comment on maximumDepth relies on.
        let markup = Array(("<body>" + String(repeating: "<div>", count: 300) + "x").utf8)
        #expect(throws: NoteSanitizerError.nestedTooDeeply(limit: 64)) {
            try LibXML2.withDocument(parsing: markup, options: .sanitizer) { _ in }
        }
        let shallow = Array(("<body>" + String(repeating: "<div>", count: 250) + "x").utf8)
        let depth = try LibXML2.withDocument(parsing: shallow, options: .sanitizer) { document in
            var depth = 0
            var node = document.pointee.children
            while let current = node {
                if current.pointee.type == XML_ELEMENT_NODE { depth += 1 }
                node = current.pointee.children ?? (current.pointee.next)
            }
            return depth
        }
        // Below the cap the whole tree is there: html, body and 250 divs.
        #expect(depth == 252)
    }

    @Test func aFullSizeNoteOfNestedTagsIsRefusedWithoutCrashing() {
        let note = String(repeating: "<b>", count: NoteSanitizer.maximumBytes / 3)
        #expect(throws: NoteSanitizerError.nestedTooDeeply(limit: 64)) {
            try NoteSanitizer().sanitize(note)
        }
    }

    @Test func aFullSizeNoteOfSiblingsIsSanitized() throws {
        let item = "<li><b onclick=\"x()\">bold</b> and <a href=\"mailto:a@example.com\">mail</a></li>"
        let note = String(repeating: item, count: NoteSanitizer.maximumBytes / item.utf8.count)
        let result = try NoteSanitizer().sanitize(note)
        #expect(result.removed[.eventAttribute] == NoteSanitizer.maximumBytes / item.utf8.count)
    }

    @Test func depthErrorMessageSaysWhatToDo() {
        #expect(NoteSanitizerError.nestedTooDeeply(limit: 64).message.contains("more than 64 levels"))
        #expect(NoteSanitizerError.nestedTooDeeply(limit: 64).message.contains("Flatten"))
    }
}
