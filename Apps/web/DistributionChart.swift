import AppCore

/// An exact distribution drawn as bars, in SVG made on the server: one bar a total, each with its
/// chance as a tooltip, the most likely reaching the top.
enum DistributionChart {
    /// More totals than this are drawn in groups of neighbouring totals, so that a bar stays wide
    /// enough to see.
    static let mostBars = 120

    static func figure(_ statistics: DiceStatistics) -> HTML {
        let outcomes = statistics.distribution
        guard let low = outcomes.first?.value, let high = outcomes.last?.value else { return "" }
        let groupSize = (outcomes.count + mostBars - 1) / mostBars
        let groups = stride(from: 0, to: outcomes.count, by: groupSize).map { start in
            outcomes[start..<min(start + groupSize, outcomes.count)]
        }
        let (width, height, base) = (640, 220, 200)
        let highest = groups.map { $0.reduce(0) { $0 + $1.probability } }.max() ?? 1
        let barWidth = Double(width) / Double(groups.count)
        let bars = groups.enumerated().map { index, group -> HTML in
            let chance = group.reduce(0) { $0 + $1.probability }
            let barHeight = highest > 0 ? chance / highest * Double(base - 10) : 0
            let (first, last) = (group.first?.value ?? 0, group.last?.value ?? 0)
            let name = first == last ? "\(first)" : "\(first)–\(last)"
            let x = Double(index) * barWidth
            return """
                <rect class="bar" x="\(HTML.number(x))" y="\(HTML.number(Double(base) - barHeight))" \
                width="\(HTML.number(max(barWidth - 1, 0.5)))" height="\(HTML.number(barHeight))">\
                <title>\(name): \(percent(chance))</title></rect>
                """
        }
        let mean = statistics.mean
        return """
            <figure class="chart"><svg viewBox="0 0 \(width) \(height)" role="img" \
            aria-label="Distribution of \(statistics.expression): totals \(low) to \(high), mean \(HTML.number(mean))">\
            \(bars)<line class="axis" x1="0" y1="\(base)" x2="\(width)" y2="\(base)"/>\
            <text x="0" y="\(height - 4)">\(low)</text>\
            <text x="\(width)" y="\(height - 4)" text-anchor="end">\(high)</text></svg>\
            <figcaption><code>\(statistics.expression)</code>: mean \(HTML.number(mean)), \
            \(outcomes.count) totals from \(low) to \(high)</figcaption></figure>
            """
    }

    private static func percent(_ chance: Double) -> String {
        HTML.number(chance * 100, places: 3) + " %"
    }
}

extension HTML {
    /// A number with at most `places` decimals, trailing zeros dropped, and never `-0`.
    static func number(_ value: Double, places: Int = 2) -> String {
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        let rounded = (value * scale).rounded() / scale
        if rounded == 0 { return "0" }
        let whole = Int(rounded)
        if Double(whole) == rounded { return String(whole) }
        var text = String(rounded)
        if let dot = text.firstIndex(of: "."), text.distance(from: dot, to: text.endIndex) > places + 1 {
            text = String(text[...text.index(dot, offsetBy: places)])
        }
        return text
    }
}
