/// One change to a document, as a value (so histories, undo and redo are plain arrays).
public enum JSONEdit: Sendable, Hashable {
    /// Replaces the value at a path.
    case replace(at: JSONPath, with: JSONValue)
    /// Replaces the value at a path, or adds it when the path names a missing member of an existing object.
    case set(at: JSONPath, to: JSONValue)
    /// Adds a member to the object at a path, at a member position (`nil`: after the last).
    case insertMember(in: JSONPath, key: String, value: JSONValue, at: Int? = nil)
    /// Adds an element to the array at a path, at an index (`nil`: after the last).
    case insertElement(in: JSONPath, value: JSONValue, at: Int? = nil)
    /// Removes the member or element at a path.
    case remove(at: JSONPath)
    /// Renames the key of the member at a path.
    case renameKey(at: JSONPath, to: String)

    /// The value whose bytes the edit changes: the replaced value, or the container a member or
    /// element is added to, removed from or renamed in.
    public var path: JSONPath {
        switch self {
        case .replace(let path, _), .set(let path, _), .insertMember(let path, _, _, _), .insertElement(let path, _, _): path
        case .remove(let path), .renameKey(let path, _): path.parent ?? .root
        }
    }
}

/// The bytes an edit changed: at `offset`, `removed` became `inserted`.
///
/// Applying a splice's `inverse` undoes it byte for byte.
public struct JSONSplice: Sendable, Hashable {
    /// Where the change starts.
    public var offset: Int
    /// The bytes that were there.
    public var removed: [UInt8]
    /// The bytes that are there now.
    public var inserted: [UInt8]

    /// Creates a splice.
    public init(offset: Int, removed: [UInt8], inserted: [UInt8]) {
        self.offset = offset
        self.removed = removed
        self.inserted = inserted
    }

    /// The splice that undoes this one.
    public var inverse: JSONSplice { JSONSplice(offset: offset, removed: inserted, inserted: removed) }

    /// The range this splice replaces in the text before it.
    public var removedRange: Range<Int> { offset..<(offset + removed.count) }
}

/// Why an edit could not be applied. Nothing is changed when one is thrown.
public enum JSONEditError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Nothing exists at the path.
    case notFound(JSONPath)
    /// The value at the path is not of the kind the edit needs.
    case wrongKind(JSONPath, expected: String, found: JSONKind)
    /// The root has no parent to remove it from or key to rename.
    case rootNotAllowed(String)
    /// The insertion index is past the end.
    case indexOutOfRange(JSONPath, index: Int, count: Int)
    /// The splice does not match the document's bytes (it was made for another version).
    case spliceMismatch(offset: Int)
    /// The edited text failed to parse (for instance, nesting beyond the depth limit).
    case invalidResult(JSONParseError)

    public var description: String {
        switch self {
        case .notFound(let path): "no value at \(path)"
        case .wrongKind(let path, let expected, let found): "\(path) is \(found == .array || found == .object ? "an" : "a") \(found), not \(expected)"
        case .rootNotAllowed(let what): "cannot \(what) the root value"
        case .indexOutOfRange(let path, let index, let count): "index \(index) is out of range for \(path) (\(count) elements)"
        case .spliceMismatch(let offset): "the change at byte \(offset) was made for a different version of the document"
        case .invalidResult(let error): "the edited document is not valid: \(error)"
        }
    }
}
