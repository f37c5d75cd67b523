import Foundation
import Testing
import TestSupport

/// The table view in the real binary on a real terminal: a large file's array as a table from its
/// first screen, the last of 400,000 rows reached, a cell edited through the table and saved —
/// only that value's bytes change.
@Suite("Table view under tmux", .serialized)
struct TableTmuxTests {
    @Test func aLargeArrayIsATableWhoseCellIsEditedAndSavedAlone() throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("rows.json")
        let count = 400_000
        func record(_ i: Int, name: String? = nil) -> String {
            #"{"id": \#(i), "name": "\#(name ?? "n\(i)")", "kind": "\#(["a", "b", "c"][i % 3])", "score": \#(i % 100)}"#
        }
        func text(lastName: String? = nil) -> String {
            "[\n  " + (0..<count).map { record($0, name: $0 == count - 1 ? lastName : nil) }.joined(separator: ",\n  ") + "\n]\n"
        }
        try Data(text().utf8).write(to: file)
        #expect(try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int ?? 0 > 16 << 20, "above the first-screen threshold")

        let session = try TmuxSession([file.path], width: 80, height: 24)
        session.waitFor("the first screen") { $0.contains("row 1 of") && $0.contains("n0") }
        // t works on the start while the whole loads (read-only): the array as a table.
        try session.send("t")
        session.waitFor("the table") { $0.contains("id") && $0.contains("kind") && $0.contains("[0]") && $0.contains("t tree") }
        session.waitFor("the whole in place", timeout: 60) { !$0.contains("%…") && !$0.contains("start only") }
        try session.send("G")
        session.waitFor("the last row") { $0.contains("[\(count - 1)]") && $0.contains("row \(count) of \(count)") }
        try session.send("l")
        session.waitFor("its name") { $0.contains(".[\(count - 1)].name") }
        try session.send("Enter")
        try session.send("C-u")
        // The inferred model types name as a string: its editor takes the text itself.
        try session.type("renamed")
        try session.send("Enter")
        session.waitFor("the edit in the table") { $0.contains("● modified") && $0.contains("renamed") && $0.contains("t tree") }
        // Back to the tree, on the cell's value.
        try session.send("t")
        session.waitFor("the tree at the cell") { $0.contains(".[\(count - 1)].name") && $0.contains("\"renamed\"") && !$0.contains("t tree") }
        try session.send("C-s")
        session.waitFor("the save", timeout: 60) { $0.contains("saved ") }
        try session.send("q")
        session.waitForExit()
        #expect(try Data(contentsOf: file) == Data(text(lastName: "renamed").utf8))
    }
}
