/// An edit of a text too large to index (a mapped file), made on the smallest container around
/// it: the container is found with `JSONPath.locate` (what comes before it checked, nothing after
/// it read), indexed on its own, and edited as `JSONDocument` edits — the same byte-minimal
/// splice, laid out in the container's own style — and the splice is moved back into the text.
/// The text after the edit is a piece table over the mapping and the new bytes: saving it streams
/// the unchanged ranges from the mapping instead of copying them in memory.
public enum LocatedEdit {
    /// Why such an edit could not be made.
    public enum Failure: Error, Sendable, CustomStringConvertible {
        /// The text breaks before the value (or inside the container edited).
        case invalidJSON(JSONParseError)
        /// The edit does not apply (no container at the path's parent, a wrong kind).
        case edit(JSONEditError)
        /// Saving the edited text failed (`save(setting:at:in:options:to:writing:)`).
        case file(JSONFileError)

        public var description: String {
            switch self {
            case .invalidJSON(let error): "\(error)"
            case .edit(let error): "\(error)"
            case .file(let error): "\(error)"
            }
        }
    }

    /// The splice that sets `value` at `path` (not the root) in `bytes` — replacing the value
    /// there, or adding a missing member to its object — or nil when the text holds it already.
    ///
    /// `passed`, when given, is told offsets the splice cannot start before, as the walk to it goes
    /// (what precedes them can be copied while the walk goes on); the mapping's pages behind them
    /// are let go.
    public static func set(
        _ value: JSONValue, at path: JSONPath, in bytes: JSONBytes, options: JSONParseOptions = .default, passed: (Int) -> Void = { _ in }
    ) throws(Failure) -> JSONSplice? {
        try splice(for: .set(at: path, to: value), in: bytes, options: options, passed: passed)
    }

    /// The container an edit is made in, which `splice(for:in:options:passed:)` locates and
    /// indexes alone: the parent of a set, replaced, removed or renamed value, the container a
    /// member or element is added to.
    public static func containerPath(of edit: JSONEdit) -> JSONPath? {
        switch edit {
        case .set(let path, _), .replace(let path, _), .remove(let path), .renameKey(let path, _): path.parent
        case .insertMember(let path, _, _, _), .insertElement(let path, _, _): path
        }
    }

    /// The splice an edit makes in `bytes`, made on its container alone (`containerPath(of:)`,
    /// which must not be the root: the root is the whole text) — or nil when it would change
    /// nothing (a value set to what it holds). `text`, when given, replaces the value at the edit's
    /// path as written (it must be a valid value in the text's syntax), instead of the edit.
    /// `passed` is as for `set`.
    public static func splice(
        for edit: JSONEdit, text: [UInt8]? = nil, in bytes: JSONBytes, options: JSONParseOptions = .default, passed: (Int) -> Void = { _ in }
    ) throws(Failure) -> JSONSplice? {
        guard let parentPath = containerPath(of: edit), !parentPath.isRoot else { throw .edit(.rootNotAllowed("edit in place of")) }
        let located: (range: Range<Int>, depth: Int)?
        do {
            var released = 0
            located = try JSONLocator.locateWithDepth(parentPath, base: UnsafePointer(bytes.base), count: bytes.count, maxDepth: options.maxDepth) { offset in
                bytes.releasePages(released..<offset)
                released = offset
                passed(offset)
            }
        } catch {
            throw .invalidJSON(JSONParseError(error, in: bytes))
        }
        guard let (range, depth) = located else { throw .edit(.notFound(parentPath)) }
        // The container's first line keeps its indentation, so new lines inside it are indented
        // as they would be in the whole document.
        let indent = leadingWhitespace(ofLineAt: range.lowerBound, in: bytes)
        let container: JSONDocument
        do {
            container = try JSONDocument(bytes: indent + bytes.slice(range), options: JSONParseOptions(maxDepth: options.maxDepth - depth))
        } catch {
            throw .invalidJSON(error)  // checked by `locate` already: not expected
        }
        let relative = JSONEdit.relative(edit, to: parentPath)
        if case .set(let path, let value) = relative, text == nil, container.holds(value, at: path) { return nil }
        var edited = container
        let splice: JSONSplice
        do {
            if let text, case .set(let path, _) = relative, let node = container.node(at: path) {
                splice = JSONSplice(offset: container.range(node).lowerBound, removed: container.rawBytes(node), inserted: text)
                if splice.removed == splice.inserted { return nil }
            } else {
                splice = try container.splice(for: relative, style: documentStyle(of: bytes, options: options))
            }
            try edited.apply(splice)
        } catch {
            throw .edit(error.under(parentPath))
        }
        return JSONSplice(offset: splice.offset - indent.count + range.lowerBound, removed: splice.removed, inserted: splice.inserted)
    }

    /// Bytes of the text's start whose style stands for the whole (`JSONDocument.style` reads the
    /// first megabyte's line breaks and the first values' layout).
    static let styleSample = 1 << 20

    /// The style of the whole text, read from its first megabyte (`JSONDocument.leadingPart`):
    /// so a value set inside a one-line part of a pretty-printed file is laid out as an edit of
    /// the whole parsed document lays it out. Nil, for the container's own style, when that
    /// megabyte holds nothing complete.
    static func documentStyle(of bytes: JSONBytes, options: JSONParseOptions) -> JSONStyle? {
        JSONDocument.leadingPart(of: UnsafeBufferPointer(start: bytes.base, count: min(bytes.count, styleSample)), options: options)?.style
    }

    /// The text of `bytes` with `splice` made: the mapping's bytes stay where they are.
    public static func text(_ bytes: JSONBytes, with splice: JSONSplice) -> JSONText {
        JSONText(bytes).replacing(splice.removedRange, with: splice.inserted)
    }

    /// The spaces and tabs that start the line holding `offset` (none past 64 KB back, as
    /// `JSONDocument.lineIndent` has it).
    private static func leadingWhitespace(ofLineAt offset: Int, in bytes: JSONBytes) -> [UInt8] {
        var lineStart = offset
        while lineStart > 0, bytes[lineStart - 1] != 0x0A {
            lineStart -= 1
            if offset - lineStart > 1 << 16 { return [] }
        }
        var end = lineStart
        while end < offset, bytes[end] == 0x20 || bytes[end] == 0x09 { end += 1 }
        return bytes.slice(lineStart..<end)
    }
}

extension JSONEdit {
    /// The edit with its path taken inside the container at `parent`.
    static func relative(_ edit: JSONEdit, to parent: JSONPath) -> JSONEdit {
        func inside(_ path: JSONPath) -> JSONPath { JSONPath(Array(path.components.dropFirst(parent.components.count))) }
        switch edit {
        case .set(let path, let value): return .set(at: inside(path), to: value)
        case .replace(let path, let value): return .replace(at: inside(path), with: value)
        case .remove(let path): return .remove(at: inside(path))
        case .renameKey(let path, let key): return .renameKey(at: inside(path), to: key)
        case .insertMember(let path, let key, let value, let position): return .insertMember(in: inside(path), key: key, value: value, at: position)
        case .insertElement(let path, let value, let position): return .insertElement(in: inside(path), value: value, at: position)
        }
    }
}

extension JSONEditError {
    /// The error with its paths taken as relative to `parent` (an edit made on that container alone).
    public func under(_ parent: JSONPath) -> JSONEditError {
        func full(_ path: JSONPath) -> JSONPath { JSONPath(parent.components + path.components) }
        switch self {
        case .notFound(let path): return .notFound(full(path))
        case .wrongKind(let path, let expected, let found): return .wrongKind(full(path), expected: expected, found: found)
        case .indexOutOfRange(let path, let index, let count): return .indexOutOfRange(full(path), index: index, count: count)
        case .rootNotAllowed, .spliceMismatch, .invalidResult: return self
        }
    }
}
