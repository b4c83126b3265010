import Testing

@testable import Stores

/// The folder a store's file is in, which a store locks and syncs: the path up to its last
/// slash, the root for a file at the root, and the working folder for a bare name.
@Suite("The folder of a store's path")
struct StoreFolderSpec {
    @Test(arguments: [
        ("/home/ann/.local/share/appcore/store.sqlite", "/home/ann/.local/share/appcore"),
        ("data/todo.store", "data"), ("todo.store", "."), ("/todo.store", "/"), ("a//b", "a/"),
        ("a/b/", "a/b"), ("./x", "."), ("ü/ß.store", "ü"),
    ])
    func isThePathUpToItsLastSlash(_ path: String, _ folder: String) {
        #expect(POSIXFile.folder(of: path) == folder)
    }
}
