extension JSONText {
    /// The changes from `old` to this text as a unified diff of lines: one hunk around each changed
    /// place, `context` lines around it, headed by `name`.
    ///
    /// The changed places come from the pieces the two texts share (`differences(from:)`), so the
    /// cost is the changes and their surroundings, plus one count of the line feeds before the last
    /// hunk for its line numbers — never splitting the whole text into lines.
    public func unifiedDiff(from old: JSONText, name: String, context: Int = 3) -> [String] {
        unifiedDiffLines(old, self, name: name, context: context)
    }

    /// The unified diff of `edits` made in turn on `text` (each range as the edits before it left
    /// the text), for a source that saves edits of a text of its own (a YAML file): its hunks are
    /// the edits', however far apart, never the whole stretch between them.
    public static func unifiedDiff(of text: [UInt8], edits: [(range: Range<Int>, replacement: [UInt8])], name: String, context: Int = 3) -> [String] {
        let storage = JSONBytes(uninitializedCount: text.count)
        text.withUnsafeBufferPointer { buffer in
            if let base = buffer.baseAddress { storage.base.update(from: base, count: buffer.count) }
        }
        let old = JSONText(storage)
        let new = edits.reduce(old) { $0.replacing($1.range, with: $1.replacement) }
        return unifiedDiffLines(old, new, name: name, context: context)
    }
}

private func unifiedDiffLines(_ old: JSONText, _ new: JSONText, name: String, context: Int) -> [String] {
    let changes = new.differences(from: old)
    guard !changes.isEmpty else { return ["no changes"] }
    // Each change widened to whole lines and `context` lines around; overlapping ones join.
    var hunks: [(old: Range<Int>, new: Range<Int>)] = []
    for change in changes {
        let widened = lines(of: old, around: change.old, context: context)
        // The bytes between a change and its context are the same on both sides.
        let newRange = (change.new.lowerBound - (change.old.lowerBound - widened.lowerBound))
            ..< (change.new.upperBound + (widened.upperBound - change.old.upperBound))
        if let last = hunks.last, widened.lowerBound <= last.old.upperBound {
            hunks[hunks.count - 1] = (last.old.lowerBound..<widened.upperBound, last.new.lowerBound..<newRange.upperBound)
        } else {
            hunks.append((widened, newRange))
        }
    }
    var output = ["--- \(name)", "+++ \(name) (edited)"]
    var countedTo = 0
    var line = 1
    var shift = 0
    for hunk in hunks {
        line += old.lineFeeds(in: countedTo..<hunk.old.lowerBound)
        countedTo = hunk.old.lowerBound
        let body = lineDiff(textLines(old, hunk.old), textLines(new, hunk.new))
        let oldCount = body.filter { $0.first != "+" }.count
        let newCount = body.filter { $0.first != "-" }.count
        output.append("@@ -\(line),\(oldCount) +\(line + shift),\(newCount) @@")
        output += body
        shift += newCount - oldCount
    }
    return output
}

/// Lines longer than this on either side of a change are shown from or up to this far.
private let longLine = 4096

/// `range` widened to the lines holding it and `context` lines before and after (a line longer than
/// `longLine` is cut there: a minified document is one line).
private func lines(of text: JSONText, around range: Range<Int>, context: Int) -> Range<Int> {
    var start = range.lowerBound
    var lineFeeds = 0
    while start > 0, range.lowerBound - start < longLine * (context + 1) {
        if text[start - 1] == 0x0A {
            if lineFeeds == context { break }
            lineFeeds += 1
        }
        start -= 1
    }
    var end = range.upperBound
    // The line of the change's last byte ends at the first line feed at or after it (or at it).
    lineFeeds = !range.isEmpty && text[end - 1] == 0x0A ? 1 : 0
    while end < text.count, end - range.upperBound < longLine * (context + 1) {
        end += 1
        if text[end - 1] == 0x0A {
            if lineFeeds == context { break }
            lineFeeds += 1
        }
    }
    return start..<end
}

/// The lines of `range` (its last line feed ends the last line rather than starting an empty one).
private func textLines(_ text: JSONText, _ range: Range<Int>) -> [Substring] {
    var string = text.string(range)
    if string.hasSuffix("\n") { string.removeLast() }
    return string.split(separator: "\n", omittingEmptySubsequences: false)
}

/// The lines of a hunk aligned by a longest common subsequence (a huge one is shown as removed
/// and added), each marked " ", "-" or "+".
private func lineDiff(_ a: [Substring], _ b: [Substring]) -> [String] {
    var head = 0
    while head < a.count, head < b.count, a[head] == b[head] { head += 1 }
    var tail = 0
    while tail < a.count - head, tail < b.count - head, a[a.count - 1 - tail] == b[b.count - 1 - tail] { tail += 1 }
    let middleA = Array(a[head..<(a.count - tail)])
    let middleB = Array(b[head..<(b.count - tail)])
    var operations: [(Character, Substring)] = a[..<head].map { (" ", $0) }
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
            } else if i < middleA.count, j == middleB.count || table[i + 1][j] >= table[i][j + 1] {
                // Removed lines first, as diff(1) prints them.
                operations.append(("-", middleA[i])); i += 1
            } else {
                operations.append(("+", middleB[j])); j += 1
            }
        }
    } else {
        operations += middleA.map { ("-", $0) } + middleB.map { ("+", $0) }
    }
    operations += a[(a.count - tail)...].map { (" ", $0) }
    return operations.map { String($0.0) + String($0.1) }
}
