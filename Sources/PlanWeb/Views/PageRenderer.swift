import Foundation
import Hummingbird
import HTTPTypes
import Mustache

/// A view model that names the template it is drawn with.
package protocol PageView: Sendable {
    static var template: String { get }
}

/// Who a page is drawn for: their language's texts, their session's token (for the forms every
/// page has, such as the language switch) and the page's own path (to come back to).
struct Reader: Sendable {
    let strings: Strings
    let csrf: String?
    let path: String
    /// Logged in with the access token's form: the header offers to log out.
    var loggedIn = false

    var language: Language { strings.language }
}

/// Draws pages from the Mustache templates in the configured `Templates/` folder.
package struct PageRenderer: Sendable {
    let library: MustacheLibrary
    /// The static files, for the versioned path every page loads its styles and scripts from.
    let assets: StaticAssets
    /// Every language's texts, from `Templates/strings/`.
    let catalogs: [Language: Strings]
    /// The drag layer's texts per language, ready for the board page's data block.
    let scriptTables: [Language: RenderedHTML]
    /// The route table for the scripts (`Route.scriptTable`), ready for a page's data block.
    let routeTable: RenderedHTML

    init(templates folder: URL, assets: StaticAssets) async throws {
        // Must be registered before the templates are parsed: they name it in a pragma.
        MustacheContentTypes.register(HTMLEscaping(), named: HTMLEscaping.name)
        library = try await MustacheLibrary(directory: folder.path)
        self.assets = assets
        catalogs = try Strings.load(from: folder.appendingPathComponent("strings", isDirectory: true))
        scriptTables = try catalogs.mapValues { try RenderedHTML.script($0.scriptTable) }
        routeTable = try RenderedHTML.script(Route.scriptTable)
        for name in ["board", "task", "error", "partials/card"] where library.getTemplate(named: name) == nil {
            throw TemplateMissing(name: name, folder: folder.path)
        }
    }

    /// One language's texts.
    func strings(_ language: Language) -> Strings {
        catalogs[language]!
    }

    /// The page's HTML, or a thrown error if its template is missing (a deployment fault, not a person's).
    func html(_ page: some PageView, for reader: Reader) throws -> String {
        let envelope = PageEnvelope(page: page, assets: assets.basePath, reader: reader, routeTable: routeTable)
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

    /// The page as a response with the given status, saying which language it is in. The board
    /// is drawn around its cards (`board(_:for:)`).
    func response(_ page: some PageView, for reader: Reader, status: HTTPResponse.Status = .ok) throws -> Response {
        let html = if let board = page as? BoardPage { try self.board(board, for: reader) } else { ByteBuffer(string: try html(page, for: reader)) }
        return Self.page(html, language: reader.language, status: status)
    }

    /// A drawn page's answer: its HTML, in the language it was drawn in.
    static func page(_ html: ByteBuffer, language: Language, status: HTTPResponse.Status = .ok) -> Response {
        var response = Response.html(html, status: status)
        response.say(language: language)
        return response
    }

    struct TemplateMissing: Error, CustomStringConvertible {
        let name: String
        let folder: String
        var description: String { "template \(name).mustache not found in \(folder)" }
    }
}

/// What every page is drawn with besides its own view model: the versioned path of the static
/// files (`{{assets}}`), the reader's texts (`{{t.some.key}}`) and language (`{{lang}}`), what the
/// language switch needs, the paths of the routes (`{{routes.undo}}`) and the route table for
/// scripts (`{{{routeTable.html}}}`). Every other name is the page's.
private struct PageEnvelope: MustacheParent {
    let page: any PageView
    let assets: String
    let reader: Reader
    let routeTable: RenderedHTML

    /// One choice of the language switch.
    struct LanguageOption: MustacheParent {
        let tag: String
        let name: String
        let current: Bool

        func child(named name: String) -> Any? {
            switch name {
            case "tag": tag
            case "name": self.name
            case "current": current
            default: nil
            }
        }
    }

    func child(named name: String) -> Any? {
        switch name {
        case "assets": return assets
        case "t": return StringsScope(strings: reader.strings, prefix: "")
        case "lang": return reader.language.tag
        case "readerCSRF": return reader.csrf
        case "here": return reader.path
        case "loggedIn": return reader.loggedIn
        case "routes": return RoutePaths()
        case "routeTable": return routeTable
        case "languages":
            return Language.allCases.map { LanguageOption(tag: $0.tag, name: $0.nativeName, current: $0 == reader.language) }
        default: break
        }
        if let parent = page as? any MustacheParent { return parent.child(named: name) }
        guard let value = Mirror(reflecting: page).children.first(where: { $0.label == name })?.value else { return nil }
        // Mustache treats a missing value and an empty optional alike.
        let mirror = Mirror(reflecting: value)
        guard mirror.displayStyle == .optional else { return value }
        return mirror.children.first?.value
    }
}

extension Response {
    /// A page. Not stored (pages carry the session's token and may hold typed text); the board,
    /// which has a validator, replaces this with its own `Cache-Control` (`BoardController.cacheControl`).
    static func html(_ html: String, status: HTTPResponse.Status = .ok) -> Response {
        Response.html(ByteBuffer(string: html), status: status)
    }

    static func html(_ html: ByteBuffer, status: HTTPResponse.Status = .ok) -> Response {
        Response(status: status, headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-store"], body: .init(byteBuffer: html))
    }
}
