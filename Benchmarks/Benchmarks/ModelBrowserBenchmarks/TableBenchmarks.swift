import Benchmark
import LosslessJSON
import ModelBrowser

/// Key to frame in the table view of the document's records array (`t` on it): each frame reads
/// the rows on screen from the index and decodes them, so a key's work is a page of rows whatever
/// the array's length. "deep" starts 1,000 pages down; G goes to the last of millions of rows.
func tableBenchmarks(_ size: String, _ opened: BrowserState) {
    var table = opened
    _ = update(&table, .key(.character("t")))
    precondition(table.isShowingTable, "t on the records array should show a table")
    for _ in 0..<1000 { _ = update(&table, .key(.pageDown)) }
    let deep = table
    let scripts: [(String, [Key])] = [
        ("j (next row)", [.down]),
        ("PgDn", [.pageDown]),
        ("G then g (last row, first row)", [.character("G"), .character("g")]),
        ("l then h (next column, back)", [.character("l"), .character("h")]),
        ("t then t (to the tree at the cell and back)", [.character("t"), .character("t")]),
    ]
    for (name, keys) in scripts {
        keysToFrameBenchmark("\(size): table: key to frame: \(name)", from: deep, keys: keys)
    }
}
