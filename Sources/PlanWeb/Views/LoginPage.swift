/// The login form.
package struct LoginPage: PageView {
    package static let template = "login"

    let csrf: String
    let next: String
    let error: String?
}
