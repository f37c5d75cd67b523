import LosslessJSON

/// Edits of a YAML document as one run of bytes each: a value replaced keeps its style when the
/// new value allows it, a new entry takes its siblings' indentation and style, a removed entry
/// leaves with its lines (the comment ending its last line included; comment lines above it stay).
extension YAMLDocument {
    /// The edit that sets the value at `path`: replaces it, or adds the member or the item after
    /// the last when the path names one past what is there.
    public func edit(setting path: JSONPath, to value: JSONValue) throws(YAMLDocumentError) -> YAMLEdit {
        guard root != nil else { return try editEmptyDocument(setting: path, to: value) }
        // The value already there: nothing to write (a style the writer would choose — `'on'`
        // quoted for YAML 1.1's readers — is not forced on it). No value there: an addition.
        if let location = try? locate(path), (try? stream.value(of: location.node)) == value {
            let at = stream.nodes[location.node].range.lowerBound
            return YAMLEdit(range: at..<at, replacement: [])
        }
        if let (member, inside) = try mergedMember(around: path) {
            // Inside what a merge brings: the member is written here with the change, overriding
            // the merged one (which others may merge too), as a merged member set here is.
            return try edit(setting: member, to: try changed(member, at: inside, to: value))
        }
        do {
            let location = try locate(path)
            if location.merged, let parent = path.parent, case .key(let key)? = path.components.last {
                // Written here, the member overrides the merged one; the merged mapping, which
                // others may merge too, is left alone.
                var edit = try insert(key: key, value: value, into: try locate(parent).target)
                edit.notes.append("\(path) came from a << merge: it is now written in this mapping, overriding it")
                return edit
            }
            return try replace(location, with: value)
        } catch .noValue(let missing, let reason) {
            guard let parent = path.parent, let last = path.components.last else { throw .noValue(missing, reason) }
            let container = try locate(parent).target
            switch (stream.nodes[container].kind, last) {
            case (.mapping, .key(let key)):
                return try insert(key: key, value: value, into: container)
            case (.sequence, _) where last.arrayIndex == stream.nodes[container].count:
                return try append(value, to: container)
            default:
                throw .noValue(missing, reason)
            }
        }
    }

    /// The edit that removes the member or item at `path`.
    public func edit(removing path: JSONPath) throws(YAMLDocumentError) -> YAMLEdit {
        guard let parent = path.parent else { throw .cannotEdit("the root cannot be removed (set it instead)") }
        if let (member, inside) = try mergedMember(around: path) {
            // Inside what a merge brings: the member is written here without it.
            return try edit(setting: member, to: try changed(member, at: inside, to: nil))
        }
        let location = try locate(path)
        guard !location.merged else {
            throw .cannotEdit("\(path) comes from a << merge: remove it from the merged mapping, or set it here to override it")
        }
        guard let container = location.container else { throw .cannotEdit("the root cannot be removed") }
        let move = try anchorMove(outOf: location)
        let cut = try cut(location, at: path, from: container, in: parent)
        guard let move else { return cut }
        guard move.range.lowerBound >= cut.range.upperBound else {
            throw .cannotEdit("it holds the anchor its first alias outside it names on the same line: remove or replace that alias first")
        }
        // One run: the cut, the text up to the alias as it was, the alias written as its node.
        let between = stream.bytes[cut.range.upperBound..<move.range.lowerBound]
        return YAMLEdit(
            range: cut.range.lowerBound..<move.range.upperBound, replacement: cut.replacement + between + move.replacement,
            notes: cut.notes + move.notes, changesAliases: cut.changesAliases)
    }

    /// The cut of the entry at `location` (`path`) from its collection.
    private func cut(_ location: Location, at path: JSONPath, from container: Int, in parent: JSONPath) throws(YAMLDocumentError) -> YAMLEdit {
        let node = stream.nodes[container]
        let isMapping = if case .mapping = node.kind { true } else { false }
        let entries = stream.entries(of: container)
        let step = isMapping ? 2 : 1
        guard let position = isMapping ? entries.firstIndex(of: location.key ?? -1) : entries.firstIndex(of: location.node) else {
            throw .cannotEdit("\(path) was not found among its collection's entries")
        }
        let spans = try stride(from: 0, to: entries.count, by: step).map { (first: Int) throws(YAMLDocumentError) -> Range<Int> in
            try entrySpan(entries[first..<first + step], in: container)
        }
        let index = position / step
        let notes = sharingNotes(of: container)
        if case .sequence(flow: true) = node.kind {
            return YAMLEdit(range: flowCut(spans, index), replacement: [], notes: notes, changesAliases: !notes.isEmpty)
        }
        if case .mapping(flow: true) = node.kind {
            return YAMLEdit(range: flowCut(spans, index), replacement: [], notes: notes, changesAliases: !notes.isEmpty)
        }
        if spans.count == 1 {
            // The collection would have no entry left: it is written `{}` or `[]`.
            var edit = try replace(try locate(parent), with: isMapping ? .object([:]) : .array([]))
            (edit.notes, edit.changesAliases) = (notes, !notes.isEmpty)
            return edit
        }
        let span = spans[index]
        let end = stream.lineEnd(of: stream.lastByte(of: span))
        if stream.startsItsLine(span.lowerBound) {
            return YAMLEdit(range: stream.lineStart(of: span.lowerBound)..<end, replacement: [], notes: notes, changesAliases: !notes.isEmpty)
        }
        // The first entry of a compact collection (`- a: 1`): the next entry moves up to its place.
        guard index + 1 < spans.count else { throw .cannotEdit("\(path) shares its line with what comes before it: it cannot be cut out in place") }
        return YAMLEdit(range: span.lowerBound..<spans[index + 1].lowerBound, replacement: [], notes: notes, changesAliases: !notes.isEmpty)
    }

    /// Sets the value at `path` (see `edit(setting:to:)`) and reads the result again to check it:
    /// the value at `path` must read as `value` and — unless the edit changed an anchored node that
    /// aliases share — the rest of the document as it was. A failed check throws; nothing is
    /// written anywhere.
    public func setting(_ path: JSONPath, to value: JSONValue, reader: some YAMLSyntaxReader = YAMLReaderProcess.standard) throws(YAMLDocumentError) -> (document: YAMLDocument, edit: YAMLEdit) {
        let made = try setting(path, to: value, reader: reader, data: nil)
        return (made.document, made.edit)
    }

    /// Removes the member or item at `path` (see `edit(removing:)`) and checks the result as
    /// `setting` does.
    public func removing(_ path: JSONPath, reader: some YAMLSyntaxReader = YAMLReaderProcess.standard) throws(YAMLDocumentError) -> (document: YAMLDocument, edit: YAMLEdit) {
        let made = try removing(path, reader: reader, data: nil)
        return (made.document, made.edit)
    }

    /// `setting(_:to:reader:)` given this document's data when the caller has it (a wrong one can
    /// only make the check refuse), and giving the data after the edit: changes made one after
    /// another read each document's data once, in the check.
    func setting(_ path: JSONPath, to value: JSONValue, reader: some YAMLSyntaxReader, data: JSONValue?) throws(YAMLDocumentError) -> (document: YAMLDocument, edit: YAMLEdit, data: JSONValue) {
        if let (member, inside) = try mergedMember(around: path) {
            // Checked as the member it writes (see `edit(setting:to:)`).
            return try setting(member, to: try changed(member, at: inside, to: value), reader: reader, data: data)
        }
        let edit = try edit(setting: path, to: value)
        let before = if let data { data } else { try readValue() }
        // The value already there: nothing changed, nothing to read back.
        if edit.range.isEmpty, edit.replacement.isEmpty { return (self, edit, before) }
        var expected = before.replacing(path, with: value)
        if let parent = path.parent, case .key(let key)? = path.components.last, (try? locate(path))?.merged == true {
            // Written in this mapping, the member now stands after its written members.
            expected = before.replacing(path, with: nil)?.replacing(parent, appending: key, value)
        }
        let after = try checked(edit, path: path, value: value, expected: expected, reader: reader)
        return (after.document, edit, after.data)
    }

    /// `removing(_:reader:)` given and giving the data, as `setting(_:to:reader:data:)`.
    func removing(_ path: JSONPath, reader: some YAMLSyntaxReader, data: JSONValue?) throws(YAMLDocumentError) -> (document: YAMLDocument, edit: YAMLEdit, data: JSONValue) {
        if let (member, inside) = try mergedMember(around: path) {
            // Checked as the member it writes (see `edit(removing:)`).
            return try setting(member, to: try changed(member, at: inside, to: nil), reader: reader, data: data)
        }
        let edit = try edit(removing: path)
        let before = if let data { data } else { try readValue() }
        let expected = before.replacing(path, with: nil)
        let after = try checked(edit, path: path, value: nil, expected: expected, reader: reader)
        return (after.document, edit, after.data)
    }

    private func readValue() throws(YAMLDocumentError) -> JSONValue {
        do {
            return try value()
        } catch {
            throw .invalid(error)
        }
    }

    /// The document after `edit`, read back and checked, and its data.
    private func checked(_ edit: YAMLEdit, path: JSONPath, value: JSONValue?, expected: JSONValue?, reader: some YAMLSyntaxReader) throws(YAMLDocumentError) -> (document: YAMLDocument, data: JSONValue) {
        let after: YAMLDocument
        let data: JSONValue
        do {
            let stream = try YAMLStream(bytes: edit.applied(to: stream.bytes), reader: reader)
            guard stream.documents.count == self.stream.documents.count || self.stream.documents.isEmpty else {
                throw YAMLDocumentError.cannotEdit("the edit would change how many documents the stream holds; nothing was changed")
            }
            after = try YAMLDocument(stream, document: number)
            if edit.changesAliases {
                // Aliases of the edited node change with it: only the edited value can be checked
                // (and that the data still reads: a `<<` must still merge a mapping).
                data = try after.value()
                // The data reads (above); no value at the path is a value that did not read back.
                if let value, (try? after.value(at: path)) != value {
                    throw YAMLDocumentError.cannotEdit("the value at \(path) would not read back as written; nothing was changed")
                }
            } else {
                data = try after.value()
                guard data == expected else { throw YAMLDocumentError.cannotEdit("the edit would change more than \(path); nothing was changed") }
            }
        } catch let error as YAMLParseError {
            throw .cannotEdit("keepsake could not write this edit as valid YAML (\(error)); nothing was changed")
        } catch let error as YAMLDocumentError {
            throw error
        } catch {
            throw .cannotEdit("\(error)")
        }
        return (after, data)
    }

    /// The member a `<<` merge brings that `path` (or the member it would add) lies inside, and
    /// the rest of the path; nil when the path is not inside one (or is the merged member itself).
    private func mergedMember(around path: JSONPath) throws(YAMLDocumentError) -> (member: JSONPath, inside: JSONPath)? {
        // Most paths pass no merge: one look says so.
        let probe = (try? locate(path)) ?? path.parent.flatMap { try? locate($0) }
        guard probe?.merged == true else { return nil }
        for count in 1..<max(1, path.components.count) {
            let member = JSONPath(Array(path.components.prefix(count)))
            if try locate(member).merged { return (member, JSONPath(Array(path.components.dropFirst(count)))) }
        }
        return nil
    }

    /// The data at `member` with the value at `inside` it set to `value` (removed for nil).
    private func changed(_ member: JSONPath, at inside: JSONPath, to value: JSONValue?) throws(YAMLDocumentError) -> JSONValue {
        guard let result = try self.value(at: member).replacing(inside, with: value) else {
            throw .cannotEdit("\(JSONPath(member.components + inside.components)) could not be changed inside what a << merge brings")
        }
        return result
    }

    /// An entry removed that holds an anchor which aliases outside it name would leave them naming
    /// nothing: the anchor moves to the first of them, written as the data it named (`&name` and
    /// the value, in the style of the alias's place), so every alias keeps its data — as a
    /// round-trip library writes a shared node where it first appears. Nil when no alias outside
    /// names an anchor inside. Refused where the move would lose something: two anchors in use,
    /// tags or anchors inside the anchored node, or an alias used as a key.
    private func anchorMove(outOf location: Location) throws(YAMLDocumentError) -> YAMLEdit? {
        let first = location.key ?? location.node
        let end = stream.nodes[location.node].next
        var inUse: [(anchored: Int, name: String, users: [Int])] = []
        for node in first..<end {
            guard let name = stream.anchor(of: node) else { continue }
            let users = stream.nodes.indices.filter { $0 >= end && stream.nodes[$0].kind == .alias && stream.nodes[$0].target == node }
            if !users.isEmpty { inUse.append((node, name, users)) }
        }
        guard let (anchored, name, users) = inUse.first else { return nil }
        let user = users[0]
        let line = stream.place(of: stream.nodes[user]).line
        func refused(_ reason: String) -> YAMLDocumentError {
            .cannotEdit("it holds the anchor &\(name), which \(users.count) alias\(users.count == 1 ? "" : "es") outside it name (the first at line \(line)), and \(reason): remove or replace those aliases first")
        }
        guard inUse.count == 1 else { throw refused("another anchor in use besides") }
        let inside = anchored..<stream.nodes[anchored].next
        guard !inside.contains(where: { stream.tag(of: $0) != nil || ($0 != anchored && stream.anchor(of: $0) != nil) }) else {
            throw refused("tags or anchors inside it that moving it would lose")
        }
        guard let parent = stream.nodes[user].parent else { throw refused("the alias is a document's root") }
        var key: Int?
        if case .mapping = stream.nodes[parent].kind {
            let entries = stream.entries(of: parent)
            guard let position = entries.firstIndex(of: user), position % 2 == 1 else { throw refused("the first alias is a key") }
            key = entries[position - 1]
        }
        let value: JSONValue
        do {
            value = try stream.value(of: anchored)
        } catch {
            throw .invalid(error)
        }
        var edit = try replace(Location(node: user, target: user, key: key, container: parent, aliasesPassed: [], merged: false), with: value, anchoring: name)
        // The alias is written as what it named: no data changes there, whatever holds it.
        edit.changesAliases = false
        edit.notes = ["the anchor &\(name) moved to its first alias (line \(line)), written as the data it named: \(users.count == 1 ? "its alias keeps its data" : "its \(users.count) aliases keep their data")"]
        return edit
    }
}
