import Foundation
import Testing

/// The to-do list's keys, pressed in a real browser as a keyboard user presses them (a case of the
/// browser suite, so that one browser runs at a time).
extension WebBrowserSpec {
    @Test
    func theListsKeysMoveDownTheRowsTickTheChosenOneAndOpenTheBoxes() throws {
        let place = try TodoPlace("sqlite")
        defer { place.remove() }
        for title in ["pay rent", "call mum", "buy milk"] { _ = try place.todo("add", title) }
        let ids = try place.list().compactMap { $0["id"] as? String }
        let server = try WebServer([], environment: place.environment)
        defer { _ = server.stop() }
        let browser = try Browser()
        try browser.open(server.base + "/todos?sort=created")
        let focused = { () throws -> String in
            (try browser.run("var e = document.activeElement; return e ? (e.getAttribute('href') || e.name) : ''")
                as? String) ?? ""
        }
        #expect(try focused() == "words", "the new to-do's box has the focus on load")
        // A key typed in a box is the box's; Escape leaves it, and the keys are the list's.
        try browser.press("j", Browser.escape, "j", "j")
        #expect(try browser.run("return document.querySelector('form.add input[name=words]').value") as? String == "j")
        #expect(try focused() == "/todos/\(ids[1])")
        #expect(try browser.count("tr.chosen") == 1 && browser.text("tr.chosen td.title") == "call mum")
        try browser.press("k")
        #expect(try browser.text("tr.chosen td.title") == "pay rent")
        try browser.press("j", "x")
        #expect(try browser.waitFor(5) { try place.list("status:done").count == 1 }.came)
        #expect(try place.list("status:done").first?["title"] as? String == "call mum")
        // The page the key's button loads keeps the focus where it was: the row now in the place of
        // the one ticked off is chosen.
        #expect(try browser.waitFor(5) { try browser.count("tr") == 2 && browser.count("tr.chosen") == 1 }.came)
        #expect(try browser.text("tr.chosen td.title") == "buy milk")
        let focusCame = try browser.waitFor(5) { try focused() == "/todos/\(ids[2])" }.came
        let focusedNow = try focused()
        #expect(focusCame, "\(focusedNow)")
        try browser.press("k")
        #expect(try browser.text("tr.chosen td.title") == "pay rent")
        try browser.press("?")
        #expect(try browser.run("return document.getElementById('keys').hidden") as? Bool == false)
        try browser.press("/")
        #expect(try focused() == "filter")
        try browser.press(Browser.escape, "n")
        #expect(try focused() == "words")
        try browser.press(Browser.escape, "e")
        #expect(try browser.waitFor(5) { try browser.count("form.edit") == 1 }.came, "e opens the chosen to-do")
    }
}
