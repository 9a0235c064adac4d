import Foundation
import Hummingbird

/// The web Pokédex: plain HTML, CSS and JavaScript served from the service's bundle, with no
/// build step.
///
/// `GET /` is the page; `GET /web/app.js` and `GET /web/style.css` are its script and style.
/// The page signs in with the user's sync token, browses and searches through `/pokemon`,
/// opens entries through `/pokemon/{id}/entry`, marks favorites and notes through ``UserRoutes``,
/// and follows `/sync/notices`, so that a favorite set on another device shows without a
/// reload.
enum WebPage {
    /// The files served, by path, with their content types.
    static let files: [(path: String, resource: String, type: String)] = [
        ("", "index.html", "text/html; charset=utf-8"),
        ("web/app.js", "app.js", "text/javascript; charset=utf-8"),
        ("web/style.css", "style.css", "text/css; charset=utf-8"),
    ]

    /// Adds a route for each file, read once from the bundle.
    ///
    /// - Throws: `CocoaError` when a file is missing from the bundle.
    static func add(to router: Router<some RequestContext>) throws {
        for file in files {
            guard
                let url = Bundle.module.url(
                    forResource: file.resource, withExtension: nil, subdirectory: "Web")
            else {
                throw CocoaError(
                    .fileNoSuchFile, userInfo: [NSFilePathErrorKey: "Web/\(file.resource)"])
            }
            let bytes = try Data(contentsOf: url)
            let type = file.type
            router.get(RouterPath(file.path)) { _, _ in
                Response(
                    status: .ok, headers: [.contentType: type, .cacheControl: "no-cache"],
                    body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
            }
        }
    }
}
