import LosslessJSON

/// The pending changes as a unified diff of the file's lines (the hunks around what differs).
func unifiedDiff(_ old: JSONDocument, _ new: JSONDocument, name: String, context: Int = 3) -> [String] {
    let a = old.text.split(separator: "\n", omittingEmptySubsequences: false)
    let b = new.text.split(separator: "\n", omittingEmptySubsequences: false)
    if a == b { return ["no changes"] }
    // Trim the common head and tail, then align the middle with a longest common subsequence
    // (bounded: a huge middle is shown as removed and added).
    var head = 0
    while head < a.count, head < b.count, a[head] == b[head] { head += 1 }
    var tail = 0
    while tail < a.count - head, tail < b.count - head, a[a.count - 1 - tail] == b[b.count - 1 - tail] { tail += 1 }
    let middleA = Array(a[head..<(a.count - tail)])
    let middleB = Array(b[head..<(b.count - tail)])
    var operations: [(Character, Substring)] = []
    if middleA.count * middleB.count <= 4_000_000 {
        var table = Array(repeating: Array(repeating: 0, count: middleB.count + 1), count: middleA.count + 1)
        for i in stride(from: middleA.count - 1, through: 0, by: -1) {
            for j in stride(from: middleB.count - 1, through: 0, by: -1) {
                table[i][j] = middleA[i] == middleB[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
            }
        }
        var i = 0, j = 0
        while i < middleA.count || j < middleB.count {
            if i < middleA.count, j < middleB.count, middleA[i] == middleB[j] {
                operations.append((" ", middleA[i])); i += 1; j += 1
            } else if j < middleB.count, i == middleA.count || table[i][j + 1] >= table[i + 1][j] {
                operations.append(("+", middleB[j])); j += 1
            } else {
                operations.append(("-", middleA[i])); i += 1
            }
        }
    } else {
        operations = middleA.map { ("-", $0) } + middleB.map { ("+", $0) }
    }
    let before = a[max(0, head - context)..<head].map { (Character(" "), $0) }
    let after = a[(a.count - tail)..<min(a.count, a.count - tail + context)].map { (Character(" "), $0) }
    let body = before + operations + after
    let oldStart = max(0, head - context) + 1
    let oldCount = body.filter { $0.0 != "+" }.count
    let newCount = body.filter { $0.0 != "-" }.count
    return ["--- \(name)", "+++ \(name) (edited)", "@@ -\(oldStart),\(oldCount) +\(oldStart),\(newCount) @@"]
        + body.map { String($0.0) + String($0.1) }
}
