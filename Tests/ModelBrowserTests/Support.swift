import DictionaryStorage
import Foundation
import LosslessJSON
@testable import ModelBrowser
import SampleModels
import Testing

/// The repository's Samples folder.
let samplesFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Samples")

func sample(_ name: String) throws -> JSONDocument {
    try JSONDocument(contentsOfFile: samplesFolder.appendingPathComponent(name).path)
}

func browser(_ name: String, model: String? = nil, width: Int = 80, height: Int = 24) throws -> BrowserState {
    var state = BrowserState(
        document: try sample(name), sourceName: "Samples/\(name)", canSaveInPlace: true, registry: SampleModels.registry,
        modelName: model, width: width, height: height)
    state.colors = false
    return state
}

/// Parses a key script: plain characters, and `<Enter>`, `<Esc>`, `<Down>`, `<C-s>` … in angle brackets.
func keys(_ script: String) -> [Key] {
    var result: [Key] = []
    var characters = Array(script)[...]
    while let c = characters.first {
        characters = characters.dropFirst()
        guard c == "<", let close = characters.firstIndex(of: ">") else {
            result.append(.character(c))
            continue
        }
        let name = String(characters[..<close])
        characters = characters[(close + 1)...]
        switch name {
        case "Enter": result.append(.enter)
        case "Esc": result.append(.escape)
        case "Up": result.append(.up)
        case "Down": result.append(.down)
        case "Left": result.append(.left)
        case "Right": result.append(.right)
        case "Home": result.append(.home)
        case "End": result.append(.end)
        case "PgUp": result.append(.pageUp)
        case "PgDn": result.append(.pageDown)
        case "BS": result.append(.backspace)
        case "Del": result.append(.delete)
        case "Tab": result.append(.tab)
        case "F1": result.append(.function(1))
        case "lt": result.append(.character("<"))
        default:
            if name.hasPrefix("C-"), let letter = name.dropFirst(2).first { result.append(.control(letter)) }
        }
    }
    return result
}

/// Sends a key script; returns every effect.
@discardableResult
func press(_ state: inout BrowserState, _ script: String) -> [Effect] {
    var effects: [Effect] = []
    for key in keys(script) { effects += update(&state, .key(key)) }
    return effects
}

func screen(_ state: BrowserState) -> String {
    var grid = Grid(width: state.width, height: state.height)
    render(state, into: &grid)
    return grid.text
}

/// Compares a rendered screen with its stored snapshot; `KEEPSAKE_RECORD_SNAPSHOTS=1` re-records on purpose.
func assertSnapshot(_ text: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Snapshots/\(name).txt")
    if ProcessInfo.processInfo.environment["KEEPSAKE_RECORD_SNAPSHOTS"] == "1" {
        try (text + "\n").write(to: url, atomically: true, encoding: .utf8)
        return
    }
    guard let stored = try? String(contentsOf: url, encoding: .utf8) else {
        Issue.record("no snapshot \(name).txt; record with KEEPSAKE_RECORD_SNAPSHOTS=1", sourceLocation: sourceLocation)
        return
    }
    #expect(text + "\n" == stored, "screen differs from Snapshots/\(name).txt:\n\(text)", sourceLocation: sourceLocation)
}

/// A role's letter in styled snapshots (upper case: reverse video).
private let roleLetters: [Style.Role: Character] = [
    .normal: "n", .key: "k", .string: "s", .number: "u", .bool: "b", .null: "z", .type: "t", .kept: "p", .warning: "w",
    .title: "i", .status: "a", .hint: "h", .marker: "m", .selection: "c", .dim: "d",
]

/// A screen as text, then its styles: a line of role letters per row (upper case where reversed),
/// then a line marking bold cells with `*` — so a snapshot pins colours and emphasis, not only text.
func styledScreen(_ state: BrowserState) -> String {
    var grid = Grid(width: state.width, height: state.height)
    render(state, into: &grid)
    var roles: [String] = []
    var bold: [String] = []
    for y in 0..<grid.height {
        var roleLine = ""
        var boldLine = ""
        for x in 0..<grid.width {
            let style = grid[x, y].style
            let letter = roleLetters[style.role] ?? "?"
            roleLine.append(style.reverse ? Character(letter.uppercased()) : letter)
            boldLine.append(style.bold ? "*" : " ")
        }
        while boldLine.last == " " { boldLine.removeLast() }
        roles.append(roleLine)
        bold.append(boldLine)
    }
    return grid.text + "\n\n-- roles (upper case: reverse)\n" + roles.joined(separator: "\n") + "\n\n-- bold\n" + bold.joined(separator: "\n")
}
