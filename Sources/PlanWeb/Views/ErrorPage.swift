/// A page that says what went wrong and how to get back.
package struct ErrorPage: PageView {
    package static let template = "error"

    let status: Int
    let heading: String
    let message: String
}
