import Foundation
import Testing

/// Every colour the web pages draw text in reads at 4.5:1 or more on the page it is drawn on, as
/// WCAG 2.1 AA asks: the light page (white), the dark one (Chromium's #121212), and the marks'
/// white on their own colours. Read from the style sheet the server serves.
@Suite("web, its colours' contrast")
struct WebContrastSpec {
    @Test func everyTextColourReadsAtFourAndAHalfToOneOnItsPage() throws {
        let place = try TodoPlace("sqlite")
        defer { place.remove() }
        let server = try WebServer([], environment: place.environment)
        defer { _ = server.stop() }
        let css = try HTTPExchange.curl(server.base + "/static/app.css").body
        let dark = try #require(css.range(of: "@media (prefers-color-scheme: dark)"))
        let light = variables(in: String(css[..<dark.lowerBound]))
        let darkened = variables(in: String(css[dark.upperBound...].prefix(400)))
        let texts = ["--muted", "--accent", "--late", "--soon", "--busy"]
        #expect(texts.allSatisfy { light[$0] != nil && darkened[$0] != nil }, "\(light) \(darkened)")
        for name in texts {
            let onWhite = try ratio(light[name] ?? "", "#ffffff")
            let onDark = try ratio(darkened[name] ?? "", "#121212")
            #expect(onWhite >= 4.5, "\(name) \(light[name] ?? "") on white: \(onWhite)")
            #expect(onDark >= 4.5, "\(name) \(darkened[name] ?? "") on #121212: \(onDark)")
        }
        for mark in ["overdue", "today", "active"] {
            let rule = try #require(css.range(of: ".mark.\(mark) { background: "))
            let colour = String(css[rule.upperBound...].prefix(7))
            #expect(try ratio("#ffffff", colour) >= 4.5, "white on the \(mark) mark's \(colour)")
        }
        // The grey the pages drew in before, #888, is one no text is drawn in now.
        #expect(!css.contains("color: #888") && !css.contains("fill: #888"))
    }

    /// The `--name: #rrggbb` declarations in `text`.
    private func variables(in text: String) -> [String: String] {
        var found: [String: String] = [:]
        let pattern = try? NSRegularExpression(pattern: "(--[a-z]+): (#[0-9a-fA-F]{6})")
        for match in pattern?.matches(in: text, range: NSRange(text.startIndex..., in: text)) ?? [] {
            if let name = Range(match.range(at: 1), in: text), let value = Range(match.range(at: 2), in: text),
                found[String(text[name])] == nil
            {
                found[String(text[name])] = String(text[value])
            }
        }
        return found
    }

    /// WCAG's contrast ratio of two colours written `#rrggbb`.
    private func ratio(_ first: String, _ second: String) throws -> Double {
        let (a, b) = (try luminance(first), try luminance(second))
        return (max(a, b) + 0.05) / (min(a, b) + 0.05)
    }

    private func luminance(_ colour: String) throws -> Double {
        let hex = try #require(UInt32(colour.dropFirst(), radix: 16))
        let channels = [hex >> 16 & 0xFF, hex >> 8 & 0xFF, hex & 0xFF].map { value -> Double in
            let c = Double(value) / 255
            return c <= 0.03928 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * channels[0] + 0.7152 * channels[1] + 0.0722 * channels[2]
    }
}
