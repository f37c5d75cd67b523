import Foundation
import Testing
import TestSupport

/// The configuration files of `Samples/config` (written here in the shapes their tools write)
/// in the real binary under tmux: comments shown, options turned on, values edited — and the file
/// changed only where the person pointed.
@Suite("End to end under tmux: JSON with comments and JSON5", .serialized)
struct ConfigFileTmuxTests {
    /// A copy of `Samples/config/NAME` in a scratch folder of the same layout.
    func copy(_ name: String) throws -> URL {
        let copy = try scratchFolder().appendingPathComponent(name)
        try FileManager.default.createDirectory(at: copy.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: samples.appendingPathComponent("config/\(name)"), to: copy)
        return copy
    }

    @Test func anOptionTurnedOffInATsconfigIsTurnedOnAndSavedAsOnlyThatChange() throws {
        let file = try copy("tsconfig.json")
        let original = try String(contentsOf: file, encoding: .utf8)
        let session = try TmuxSession([file.path, "--schema", samples.appendingPathComponent("schemas/tsconfig.schema.json").path], width: 140, height: 40)
        session.waitFor("the schema's title") { $0.contains("tsconfig (a part of it)") }
        try session.send(":")
        try session.type(".compilerOptions")
        try session.send("Enter", "l")
        // Live options with their comments beside them; options turned off as rows typed by the schema.
        session.waitFor("the options, on and off") {
            $0.contains("strict ") && $0.contains("Turn on every strict type-checking option.") && $0.contains("// incremental")
                && $0.range(of: #"// jsx\s+"preserve"\|"react""#, options: .regularExpression) != nil
        }
        // The last row is the last option turned off: c turns it on.
        try session.send("G")
        session.waitFor("the cursor on the last option turned off") { $0.contains("// skipDefaultLibCheck") }
        try session.send("c")
        session.waitFor("the option on") { $0.contains("skipDefaultLibCheck is on") && $0.contains("● modified") }
        try session.save()
        try session.send("q")
        session.waitForExit()
        let saved = try String(contentsOf: file, encoding: .utf8)
        #expect(saved == original.replacingOccurrences(of: #"    // "skipDefaultLibCheck": true,"#, with: #"    "skipDefaultLibCheck": true,"#))
    }

    @Test func aValueInAJSON5FileIsReplacedAndItsNeighboursKeepTheirLiterals() throws {
        let file = try copy("renovate.json5")
        let original = try String(contentsOf: file, encoding: .utf8)
        let session = try TmuxSession([file.path])
        session.waitFor("the file") { $0.contains("renovate.json5") && $0.contains("prHourlyLimit") }
        try session.send(":")
        try session.type(".prHourlyLimit")
        try session.send("Enter")
        session.waitFor("the cursor on the limit") { $0.contains(".prHourlyLimit") }
        try session.replaceValue(with: "4")
        session.waitFor("the edit") { $0.contains("● modified") }
        try session.save()
        try session.send("q")
        session.waitForExit()
        // Only the value's byte: the hexadecimal limit, the single quotes, the bare keys and the comments stay.
        #expect(try String(contentsOf: file, encoding: .utf8) == original.replacingOccurrences(of: "prHourlyLimit: 2,", with: "prHourlyLimit: 4,"))
    }

    @Test func aSettingInVSCodeSettingsIsEditedKeepingEveryComment() throws {
        let file = try copy(".vscode/settings.json")
        let original = try String(contentsOf: file, encoding: .utf8)
        let session = try TmuxSession([file.path], width: 120)
        session.waitFor("the settings with their comments") { $0.contains("editor.rulers") && $0.contains("the second is the hard limit") }
        try session.find("sswg", expectingPath: #"."[swift]"."editor.defaultFormatter""#)
        try session.replaceValue(with: "swiftlang.swift-format")  // a string of the inferred model: its editor takes text
        session.waitFor("the edit") { $0.contains("swiftlang.swift-format") && $0.contains("● modified") }
        try session.save()
        try session.send("q")
        session.waitForExit()
        #expect(try String(contentsOf: file, encoding: .utf8) == original.replacingOccurrences(of: "\"sswg.swift-lang\"", with: "\"swiftlang.swift-format\""))
    }

    @Test func aJSONFileWithCommentsOpensAsJSONWithCommentsAndSaysSo() throws {
        let file = try scratchFolder().appendingPathComponent("settings.json")
        let text = "{\n  // the port the server listens on\n  \"port\": 8080,\n}\n"
        try text.write(to: file, atomically: true, encoding: .utf8)
        let session = try TmuxSession([file.path], width: 120)
        session.waitFor("the notice and the file") { $0.contains("port") && $0.contains("JSON with comments") }
        try session.send("q")
        session.waitForExit()
        #expect(try String(contentsOf: file, encoding: .utf8) == text)
    }
}
