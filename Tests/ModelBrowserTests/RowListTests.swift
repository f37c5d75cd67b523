import LosslessJSON
import Testing
@testable import ModelBrowser

@Suite("Row list")
struct RowListTests {
    @Test func behavesLikeAnArrayAcrossManyChunks() {
        var random = SplitMix(state: 42)
        var largest = 0
        var list = RowList()
        var reference: [Row] = []
        var nextNode = 0
        func rows(_ n: Int) -> [Row] {
            defer { nextNode += n }
            return (0..<n).map { Row(node: Node(id: nextNode + $0), depth: 0, index: 0, parent: nil) }
        }
        for _ in 0..<2_000 {
            switch Int.random(in: 0..<10, using: &random) {
            case 0..<5:  // insert a run, sometimes large enough to split chunks
                let n = Int.random(in: 0..<10, using: &random) == 0 ? Int.random(in: 5_000..<20_000, using: &random) : Int.random(in: 1..<300, using: &random)
                let at = Int.random(in: 0...reference.count, using: &random)
                let added = rows(n)
                list.insert(contentsOf: added, at: at)
                reference.insert(contentsOf: added, at: at)
            case 5..<9 where !reference.isEmpty:  // remove a range, possibly across chunks
                let low = Int.random(in: 0..<reference.count, using: &random)
                let high = Swift.min(reference.count, low + Int.random(in: 0..<6_000, using: &random))
                list.removeSubrange(low..<high)
                reference.removeSubrange(low..<high)
            default:
                break
            }
            #expect(list.count == reference.count)
            largest = Swift.max(largest, reference.count)
        }
        #expect(largest > 10 * RowList.chunkSize, "the run should span many chunks")
        #expect(Array(list) == reference)
    }

    @Test func findsARowByNodeInDocumentOrder() {
        var list = RowList()
        list.insert(contentsOf: (0..<20_000).map { Row(node: Node(id: $0 * 3 + 1), depth: 1, index: $0, parent: Node(id: 0)) }, at: 0)
        list.insert(contentsOf: CollectionOfOne(Row(node: Node(id: 0), depth: 0, index: 0, parent: nil)), at: 0)
        #expect(list.firstIndex(ofNode: Node(id: 0)) == 0)
        #expect(list.firstIndex(ofNode: Node(id: 3 * 12_345 + 1)) == 12_346)
        #expect(list.firstIndex(ofNode: Node(id: 3 * 12_345 + 2)) == nil)
        #expect(list.firstIndex(ofNode: Node(id: 60_001)) == nil)
    }

    @Test func runsReadTheirRowsFromTheDocumentAndSplitLikeRows() throws {
        let document = try JSONDocument("[" + (0..<10_000).map { "\($0)" }.joined(separator: ",") + "]")
        let root = Node(id: 0)
        func row(_ position: Int) -> Row { Row(node: Node(id: position + 1), depth: 1, index: position, parent: root) }
        var list = RowList()
        list.document = document
        list.append(Row(node: root, depth: 0, index: 0, parent: nil))
        list.insert(items: [.run(RowList.Run(parent: root, depth: 1, firstIndex: 0, count: 10_000))], at: 1)
        var reference = [Row(node: root, depth: 0, index: 0, parent: nil)] + (0..<10_000).map(row)
        #expect(list.count == reference.count)
        #expect(list.firstIndex(ofNode: Node(id: 6_000)) == 6_000)
        #expect(list.firstIndex(ofNode: Node(id: 10_001)) == nil)
        var random = SplitMix(state: 7)
        for _ in 0..<300 {
            switch Int.random(in: 0..<3, using: &random) {
            case 0:  // rows of one element's "children" inserted inside the run
                let at = Int.random(in: 1...reference.count, using: &random)
                // Rows standing for some element's children (their nodes are not checked here).
                let added = (0..<Int.random(in: 1..<5, using: &random)).map { Row(node: Node(id: 20_000 + $0), depth: 2, index: $0, parent: nil) }
                list.insert(contentsOf: added, at: at)
                reference.insert(contentsOf: added, at: at)
            default:
                let low = Int.random(in: 1..<reference.count, using: &random)
                let high = Swift.min(reference.count, low + Int.random(in: 0..<40, using: &random))
                list.removeSubrange(low..<high)
                reference.removeSubrange(low..<high)
            }
        }
        #expect(Array(list) == reference)
        #expect(list.end(after: 0, deeperThan: 0) == reference.count)
        let deep = try #require(reference.firstIndex { $0.depth == 2 })
        #expect(list.start(before: deep + 1, notDeeperThan: 1) == reference[..<(deep + 1)].lastIndex { $0.depth <= 1 })
    }
}
