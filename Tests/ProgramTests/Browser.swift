import Foundation

/// A real browser, Chromium without a window, driven through chromedriver's WebDriver protocol
/// (JSON over HTTP): what a person's browser does with the pages, their script and their forms.
/// A class, because it is a running driver and browser, ended when the test lets go of it.
final class Browser {
    static let chromium = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }
    static let driver = ["/usr/bin/chromedriver", "/usr/lib/chromium/chromedriver"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }
    static var isInstalled: Bool { chromium != nil && driver != nil }
    static let missing = "no browser here: install Debian's chromium and chromium-driver to run the browser specs"

    private let driverProcess = Process()
    private let endpoint: String
    private let session: String

    init() throws {
        guard let chromium = Self.chromium, let driver = Self.driver else { throw LoopbackFailure(what: Self.missing) }
        let port = try LoopbackHTTP.freePort()
        endpoint = "http://127.0.0.1:\(port)"
        driverProcess.executableURL = URL(fileURLWithPath: driver)
        driverProcess.arguments = ["--port=\(port)"]
        driverProcess.standardOutput = FileHandle.nullDevice
        driverProcess.standardError = FileHandle.nullDevice
        driverProcess.standardInput = FileHandle.nullDevice
        try driverProcess.run()
        let (started, running) = (driverProcess.processIdentifier, driverProcess)
        DispatchQueue.global().asyncAfter(deadline: .now() + 180) { if running.isRunning { kill(started, SIGKILL) } }
        var ready = false
        for _ in 0..<100 where !ready {
            ready = (try? LoopbackHTTP.request("GET", endpoint + "/status"))?.body.contains("\"ready\":true") ?? false
            if !ready { usleep(50_000) }
        }
        let options: [String: Any] = [
            "binary": chromium,
            "args": [
                "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1100,900",
                "--no-first-run", "--disable-extensions",
            ],
        ]
        let capabilities: [String: Any] = [
            "capabilities": ["alwaysMatch": ["browserName": "chrome", "goog:chromeOptions": options]]
        ]
        let made = try Self.value(
            of: LoopbackHTTP.request("POST", endpoint + "/session", json: Self.json(capabilities)))
        guard let session = (made as? [String: Any])?["sessionId"] as? String else {
            kill(driverProcess.processIdentifier, SIGKILL)
            throw LoopbackFailure(what: "chromedriver made no session: \(made)")
        }
        self.session = session
    }

    deinit {
        // Ending the session closes the browser; the driver, which may outlive a polite signal, is killed.
        _ = try? LoopbackHTTP.request("DELETE", "\(endpoint)/session/\(session)")
        kill(driverProcess.processIdentifier, SIGKILL)
        driverProcess.waitUntilExit()
    }

    func open(_ url: String) throws {
        _ = try command("POST", "url", ["url": url])
    }

    /// The first element `selector` names, as the driver refers to it.
    func element(_ selector: String) throws -> String {
        let found = try command("POST", "element", ["using": "css selector", "value": selector])
        guard let reference = (found as? [String: Any])?.values.first as? String else {
            throw LoopbackFailure(what: "no element \(selector): \(found)")
        }
        return reference
    }

    func type(_ text: String, into selector: String) throws {
        _ = try command("POST", "element/\(try element(selector))/value", ["text": text])
    }

    func click(_ selector: String) throws {
        _ = try command("POST", "element/\(try element(selector))/click", [:])
    }

    /// Presses each key in turn, as the keyboard does, wherever the focus is: `"j"`, or
    /// WebDriver's own code for a key without a character (`Browser.escape`).
    func press(_ keys: String...) throws {
        let strokes = keys.flatMap { key in [["type": "keyDown", "value": key], ["type": "keyUp", "value": key]] }
        _ = try command("POST", "actions", ["actions": [["type": "key", "id": "keyboard", "actions": strokes]]])
    }

    static let escape = "\u{E00C}"

    /// Runs `script` in the page and gives what it returns.
    func run(_ script: String) throws -> Any {
        try command("POST", "execute/sync", ["script": script, "args": [Any]()])
    }

    func text(_ selector: String) throws -> String {
        (try run("var e = document.querySelector(\(Self.quoted(selector))); return e ? e.textContent : null") as? String)
            ?? ""
    }

    func count(_ selector: String) throws -> Int {
        (try run("return document.querySelectorAll(\(Self.quoted(selector))).length") as? Int) ?? -1
    }

    /// Lays the page out as a screen `width` CSS pixels wide would, a phone's (390) or a watch's
    /// (200), through Chromium's own device emulation; `dark` as a system in dark mode asks.
    func emulate(width: Int, height: Int = 800, dark: Bool = false) throws {
        _ = try command(
            "POST", "goog/cdp/execute",
            [
                "cmd": "Emulation.setDeviceMetricsOverride",
                "params": ["width": width, "height": height, "deviceScaleFactor": 1, "mobile": true],
            ])
        _ = try command(
            "POST", "goog/cdp/execute",
            [
                "cmd": "Emulation.setEmulatedMedia",
                "params": ["features": [["name": "prefers-color-scheme", "value": dark ? "dark" : "light"]]],
            ])
    }

    /// The page as it looks now, as PNG.
    func screenshot() throws -> Data {
        guard let text = try command("GET", "screenshot", nil) as? String, let data = Data(base64Encoded: text) else {
            throw LoopbackFailure(what: "no screenshot")
        }
        return data
    }

    /// Waits up to `seconds` for `condition`; whether it came, and after how long.
    func waitFor(_ seconds: Double, _ condition: () throws -> Bool) rethrows -> (came: Bool, after: Double) {
        let start = Date()
        while Date().timeIntervalSince(start) < seconds {
            if try condition() { return (true, Date().timeIntervalSince(start)) }
            usleep(20_000)
        }
        return (try condition(), Date().timeIntervalSince(start))
    }

    private func command(_ method: String, _ path: String, _ body: [String: Any]?) throws -> Any {
        let reply = try LoopbackHTTP.request(
            method, "\(endpoint)/session/\(session)/\(path)", json: body.map(Self.json))
        return try Self.value(of: reply)
    }

    private static func value(of reply: LoopbackHTTP.Reply) throws -> Any {
        let object = try JSONSerialization.jsonObject(with: Data(reply.body.utf8), options: [.fragmentsAllowed])
        let value = (object as? [String: Any])?["value"] ?? NSNull()
        if reply.status >= 400 { throw LoopbackFailure(what: "WebDriver answered \(reply.status): \(value)") }
        return value
    }

    private static func json(_ object: [String: Any]) -> String {
        (try? JSONSerialization.data(withJSONObject: object)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }

    private static func quoted(_ text: String) -> String {
        json(["q": text]).dropFirst(5).dropLast().description
    }
}
