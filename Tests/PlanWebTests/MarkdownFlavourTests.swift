import Foundation
import HummingbirdTesting
import Testing
@testable import PlanWeb

/// One Markdown renderer, two readings: notes typed here use reference links; Trello descriptions
/// keep `[label]: url` lines as text, as Trello shows them. Both get GitHub's tables and task lists.
@Suite struct MarkdownFlavourTests {
    private static let text = "See [the docs][d].\n\n[d]: https://docs.example/\n\n- [x] done\n- [ ] open"

    @Test func typedNotesUseReferenceLinks() async throws {
        try await TestApp.make().test(.router) { client in
            let response = try await client.post(
                "/tasks", ["title": "Typed", "column": "today", "notes": Self.text, "notes_format": "markdown"], json: true)
            #expect(response.status == .created, "\(response.text)")
            let notes = try #require(try response.jsonObject()["notes"] as? String)
            #expect(notes.contains(#"<a href="https://docs.example/" rel="noopener noreferrer nofollow">the docs</a>"#))
            #expect(!notes.contains("[d]:"))
            #expect(notes.contains(#"<input type="checkbox" checked="" disabled="">"#))
            #expect(notes.contains(#"<input type="checkbox" disabled="">"#))
        }
    }

    @Test func trelloDescriptionsKeepDefinitionsAsText() async throws {
        try await TestApp.make().test(.router) { client in
            let response = try await TransferRouteTests.upload(
                client, try TransferRouteTests.trelloBoard(card: "From Trello", description: Self.text))
            #expect(response.status == .ok, "\(response.text)")
            let board = try await client.get("/", json: true).jsonObject()
            let notes = try #require((board["columns"] as? [String: [[String: Any]]])?["today"]?.first?["notes"] as? String)
            #expect(notes.contains("See [the docs][d].</p>"))
            #expect(notes.contains(#"[d]: <a href="https://docs.example/""#))
            #expect(notes.contains(#"<input type="checkbox" checked="" disabled="">"#))
        }
    }
}
