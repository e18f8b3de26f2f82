import Foundation
import Hummingbird
import Mustache

/// A view model that names the template it is drawn with.
package protocol PageView: Sendable {
    static var template: String { get }
}

/// Draws pages from the Mustache templates in the configured `Templates/` folder.
package struct PageRenderer: Sendable {
    let library: MustacheLibrary
    /// The static files, for the versioned path every page loads its styles and scripts from.
    let assets: StaticAssets

    init(templates folder: URL, assets: StaticAssets) async throws {
        // Must be registered before the templates are parsed: they name it in a pragma.
        MustacheContentTypes.register(HTMLEscaping(), named: HTMLEscaping.name)
        library = try await MustacheLibrary(directory: folder.path)
        self.assets = assets
        for name in ["board", "task", "error", "partials/card"] where library.getTemplate(named: name) == nil {
            throw TemplateMissing(name: name, folder: folder.path)
        }
    }

    /// The page's HTML, or a thrown error if its template is missing (a deployment fault, not a person's).
    package func html(_ page: some PageView) throws -> String {
        let envelope = PageEnvelope(page: page, assets: assets.basePath)
        guard let html = library.render(envelope, withTemplate: type(of: page).template) else {
            throw TemplateMissing(name: type(of: page).template, folder: "")
        }
        return html
    }

    /// A piece of a page drawn from a partial, such as one card for a live update.
    func fragment(_ object: Any, template: String) throws -> String {
        guard let html = library.render(object, withTemplate: template) else {
            throw TemplateMissing(name: template, folder: "")
        }
        return html
    }

    /// The page as a response with the given status.
    func response(_ page: some PageView, status: HTTPResponse.Status = .ok) throws -> Response {
        Response.html(try html(page), status: status)
    }

    /// The board page as a response with the given status.
    func response(_ page: BoardPage, status: HTTPResponse.Status = .ok, cacheControl: String = "no-store") throws -> Response {
        Response.html(try board(page), status: status, cacheControl: cacheControl)
    }

    struct TemplateMissing: Error, CustomStringConvertible {
        let name: String
        let folder: String
        var description: String { "template \(name).mustache not found in \(folder)" }
    }
}

/// What every page is drawn with besides its own view model: the versioned path of the static
/// files (`{{assets}}` in the layout). Every other name is the page's.
private struct PageEnvelope: MustacheParent {
    let page: any PageView
    let assets: String

    func child(named name: String) -> Any? {
        if name == "assets" { return assets }
        if let parent = page as? any MustacheParent { return parent.child(named: name) }
        guard let value = Mirror(reflecting: page).children.first(where: { $0.label == name })?.value else { return nil }
        // Mustache treats a missing value and an empty optional alike.
        let mirror = Mirror(reflecting: value)
        guard mirror.displayStyle == .optional else { return value }
        return mirror.children.first?.value
    }
}

extension Response {
    /// A page. Not stored by default (pages carry the session's token and may hold typed text);
    /// the board, which has a validator, is stored privately and revalidated (`private, no-cache`).
    static func html(_ html: String, status: HTTPResponse.Status = .ok, cacheControl: String = "no-store") -> Response {
        Response.html(ByteBuffer(string: html), status: status, cacheControl: cacheControl)
    }

    static func html(_ html: ByteBuffer, status: HTTPResponse.Status = .ok, cacheControl: String = "no-store") -> Response {
        Response(
            status: status,
            headers: [.contentType: "text/html; charset=utf-8", .cacheControl: cacheControl],
            body: .init(byteBuffer: html))
    }

    /// POST → 303 → GET: the browser follows with a GET, so a reload never repeats the post.
    static func seeOther(_ location: String) -> Response {
        Response(status: .seeOther, headers: [.location: location])
    }
}
