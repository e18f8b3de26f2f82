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

    package init(templates folder: URL) async throws {
        // Must be registered before the templates are parsed: they name it in a pragma.
        MustacheContentTypes.register(HTMLEscaping(), named: HTMLEscaping.name)
        library = try await MustacheLibrary(directory: folder.path)
        for name in ["board", "task", "error"] where library.getTemplate(named: name) == nil {
            throw TemplateMissing(name: name, folder: folder.path)
        }
    }

    /// The page's HTML, or a thrown error if its template is missing (a deployment fault, not a person's).
    package func html(_ page: some PageView) throws -> String {
        guard let html = library.render(page, withTemplate: type(of: page).template) else {
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

    struct TemplateMissing: Error, CustomStringConvertible {
        let name: String
        let folder: String
        var description: String { "template \(name).mustache not found in \(folder)" }
    }
}

extension Response {
    static func html(_ html: String, status: HTTPResponse.Status = .ok) -> Response {
        Response(
            status: status,
            headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-store"],
            body: .init(byteBuffer: ByteBuffer(string: html)))
    }

    /// POST → 303 → GET: the browser follows with a GET, so a reload never repeats the post.
    static func seeOther(_ location: String) -> Response {
        Response(status: .seeOther, headers: [.location: location])
    }
}
