import DictionaryStorage
import Foundation
import LosslessJSON
@testable import ModelBrowser
import Testing

@Suite("Screens")
struct ScreenTests {
    @Test func peopleAt80x24() throws {
        var state = try browser("people.json")
        press(&state, "e")
        try assertSnapshot(screen(state), named: "people-80x24")
    }

    @Test func usagesWithVariants() throws {
        var state = try browser("usages.json")
        press(&state, "e")
        try assertSnapshot(screen(state), named: "usages-80x24")
    }

    @Test func invisibleCharactersAreShownEscapedSoKeysCannotPassForOthers() {
        #expect(escapedForDisplay("a\u{200B}b") == "a\\u200bb")
        #expect(escapedForDisplay("x\u{202E}y\u{2066}z") == "x\\u202ey\\u2066z")
        #expect(escapedForDisplay("\u{FEFF}k") == "\\ufeffk")
        #expect(escapedForDisplay("👩\u{200D}💻 é") == "👩\u{200D}💻 é")
    }

    @Test func wideCharactersTakeTwoColumns() throws {
        #expect(displayWidth("山田") == 4)
        #expect(displayWidth("😀") == 2)
        #expect(displayWidth("e\u{301}") == 1)
        #expect(displayWidth("🇯🇵") == 2)
        #expect(displayWidth("👩‍👩‍👧") == 2)
        #expect(displayWidth("❤️") == 2)
        var state = try browser("people.json")
        press(&state, "G")
        press(&state, "l")
        let text = screen(state)
        let row = try #require(text.split(separator: "\n").first { $0.contains("Zoë") })
        // The row fits the screen width when wide characters count double.
        #expect(displayWidth(String(row)) <= 80)
    }

    @Test func loadingScreenShowsThePhaseAndABar() throws {
        let reading = LoadingProgress(sourceName: "/data/huge.json", phase: .reading, done: 450_000_000, total: 1_000_000_000)
        #expect(reading.percent == 45)
        try assertSnapshot(renderLoading(reading, width: 80, height: 24, colors: false).text, named: "loading-80x24")
        let indexing = LoadingProgress(sourceName: "/data/huge.json", phase: .indexing, done: 1_000_000_000, total: 1_000_000_000)
        try assertSnapshot(renderLoading(indexing, width: 20, height: 5, colors: false).text, named: "loading-20x5")
        for (width, height) in [(0, 0), (1, 1), (3, 2), (12, 3)] {
            let grid = renderLoading(indexing, width: width, height: height, colors: true)
            #expect(grid.width == width && grid.height == height)
        }
        // Work not counted in bytes (a YAML document made into the view): the phase, no bar.
        let making = LoadingProgress(sourceName: "/data/huge.yaml", phase: .making, done: 0, total: 0)
        #expect(making.summary == "making the view")
        let text = renderLoading(making, width: 60, height: 12, colors: false).text
        #expect(text.contains("making the view…") && !text.contains("%") && !text.contains("░") && !text.contains("MB"), "\(text)")
    }

    @Test func resizeTo40x10And20x5() throws {
        var state = try browser("people.json")
        press(&state, "e")
        _ = update(&state, .resize(width: 40, height: 10))
        try assertSnapshot(screen(state), named: "people-40x10")
        _ = update(&state, .resize(width: 20, height: 5))
        try assertSnapshot(screen(state), named: "people-20x5")
        for size in [(1, 1), (2, 2), (5, 3), (20, 5), (7, 4)] {
            _ = update(&state, .resize(width: size.0, height: size.1))
            press(&state, "jjJK<Enter><Esc>?<Esc>")
            _ = screen(state)
        }
    }

    @Test func escapeSequencesAreDrawnEscaped() throws {
        var state = try browser("people.json")
        press(&state, "e")
        let text = screen(state)
        #expect(text.contains("\\u001b[2J"))
        var grid = Grid(width: 80, height: 24)
        render(state, into: &grid)
        for y in 0..<24 {
            for x in 0..<80 {
                if let character = grid[x, y].character {
                    #expect(!character.unicodeScalars.contains { $0.value < 0x20 || ($0.value >= 0x7F && $0.value < 0xA0) })
                }
            }
        }
    }
}
