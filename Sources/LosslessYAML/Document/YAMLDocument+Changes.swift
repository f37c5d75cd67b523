import LosslessJSON

/// A change of JSON's data made into edits of the YAML: each member, item or scalar that differs
/// becomes one edit in place (what the browser changed in the document it shows).
extension YAMLDocument {
    /// One change of the data at a path.
    enum Change: Equatable {
        case set(JSONPath, JSONValue)
        case remove(JSONPath)
    }

    /// This document with its data changed from `old` to `new`, an edit in place for each change,
    /// each read back and checked; the edits in the order made (each on the text the ones before
    /// left) and their notes (aliases sharing them, styles not kept).
    public func applying(changesFrom old: JSONValue, to new: JSONValue, reader: some YAMLSyntaxReader = YAMLReaderProcess.standard) throws(YAMLDocumentError) -> (document: YAMLDocument, edits: [YAMLEdit], notes: [String]) {
        let made = try applying(changesFrom: old, to: new, reader: reader, data: nil)
        return (made.document, made.edits, made.notes)
    }

    /// `applying(changesFrom:to:reader:)` given this document's data when the caller has it (a
    /// wrong one can only make a change's check refuse), and giving the data after the changes as
    /// their checks read it: a source that keeps it reads it no more.
    func applying(changesFrom old: JSONValue, to new: JSONValue, reader: some YAMLSyntaxReader, data: JSONValue?) throws(YAMLDocumentError) -> (document: YAMLDocument, edits: [YAMLEdit], notes: [String], data: JSONValue?) {
        var changes: [Change] = []
        Self.collect(from: old, to: new, at: .root, into: &changes)
        var document = self
        var data = data
        var edits: [YAMLEdit] = []
        var notes: [String] = []
        for change in changes {
            let made: (document: YAMLDocument, edit: YAMLEdit, data: JSONValue)
            do {
                switch change {
                case .set(let path, let value): made = try document.setting(path, to: value, reader: reader, data: data)
                case .remove(let path): made = try document.removing(path, reader: reader, data: data)
                }
            } catch .noValue(let path, let reason) where edits.contains(where: \.changesAliases) {
                // An earlier change edited an anchored node, and what its aliases show changed with it.
                throw .cannotEdit("\(path) changed with an anchored value an earlier change of this save edited (\(reason)): save that change first, then make this one again")
            }
            (document, data) = (made.document, made.data)
            edits.append(made.edit)
            notes += made.edit.notes
        }
        return (document, edits, notes, data)
    }

    /// The changes that make `old` into `new`, the smallest this walk finds: members removed,
    /// changed and added; a sequence's items changed in place, removed or appended (else the
    /// sequence is written again: an item put between others).
    static func collect(from old: JSONValue, to new: JSONValue, at path: JSONPath, into changes: inout [Change]) {
        guard old != new else { return }
        switch (old, new) {
        case (.object(let before), .object(let after)):
            let (beforeByName, afterByName) = (MembersByName(before), MembersByName(after))
            // Two members sharing a name (`1` and `"1"`, `~` and `""`) cannot be told apart by it:
            // the mapping is written again (its check refuses what YAML cannot hold).
            guard beforeByName.namesAreUnique, afterByName.namesAreUnique else {
                changes.append(.set(path, new))
                return
            }
            for member in before.members where afterByName[member.key] == nil {
                changes.append(.remove(path.appending(.key(member.key))))
            }
            for member in after.members {
                if let previous = beforeByName[member.key] {
                    collect(from: previous, to: member.value, at: path.appending(.key(member.key)), into: &changes)
                } else {
                    changes.append(.set(path.appending(.key(member.key)), member.value))
                }
            }
        case (.array(let before), .array(let after)):
            if !collectItems(from: before, to: after, at: path, into: &changes) { changes.append(.set(path, new)) }
        default:
            changes.append(.set(path, new))
        }
    }
}

extension YAMLDocument {
    /// The changes that make a sequence's items `before` into `after`: the items both keep found
    /// by their longest common run (so a removal and a change in one save stay two edits), each gap
    /// between them items changed in place, removed, or — after the last kept item — appended.
    /// False when that cannot make it (an item put between others, or too many items to align).
    static func collectItems(from before: [JSONValue], to after: [JSONValue], at path: JSONPath, into changes: inout [Change]) -> Bool {
        let prefix = zip(before, after).prefix { $0 == $1 }.count
        let suffix = zip(before[prefix...].reversed(), after[prefix...].reversed()).prefix { $0 == $1 }.count
        let old = Array(before[prefix..<(before.count - suffix)]), new = Array(after[prefix..<(after.count - suffix)])
        // Items both keep, in order (a longest common subsequence), as index pairs into old and new.
        guard old.count * new.count <= 250_000 else { return false }
        var lengths = [[Int32]](repeating: [Int32](repeating: 0, count: new.count + 1), count: old.count + 1)
        for i in stride(from: old.count - 1, through: 0, by: -1) {
            for j in stride(from: new.count - 1, through: 0, by: -1) {
                lengths[i][j] = old[i] == new[j] ? lengths[i + 1][j + 1] + 1 : max(lengths[i + 1][j], lengths[i][j + 1])
            }
        }
        var kept: [(Int, Int)] = []
        var (i, j) = (0, 0)
        while i < old.count, j < new.count {
            if old[i] == new[j] {
                kept.append((i, j))
                (i, j) = (i + 1, j + 1)
            } else if lengths[i + 1][j] >= lengths[i][j + 1] {
                i += 1
            } else {
                j += 1
            }
        }
        kept.append((old.count, new.count))
        // Each gap before a kept item (and the one at the end): changed in place, removed, added.
        var inPlace: [Change] = []
        var removals: [Int] = []
        var appended: [JSONValue] = []
        var (oldStart, newStart) = (0, 0)
        for (keptOld, keptNew) in kept {
            let (oldGap, newGap) = (oldStart..<keptOld, newStart..<keptNew)
            let paired = min(oldGap.count, newGap.count)
            for t in 0..<paired {
                collect(from: old[oldGap.lowerBound + t], to: new[newGap.lowerBound + t], at: path.appending(.index(prefix + oldGap.lowerBound + t)), into: &inPlace)
            }
            removals += (oldGap.lowerBound + paired..<oldGap.upperBound).map { prefix + $0 }
            if newGap.count > paired {
                // Only after every item kept can an item be added in place (an append).
                guard keptOld == old.count, suffix == 0 else { return false }
                appended += new[(newGap.lowerBound + paired)..<newGap.upperBound]
            }
            (oldStart, newStart) = (keptOld + 1, keptNew + 1)
        }
        changes += inPlace
        changes += removals.reversed().map { .remove(path.appending(.index($0))) }
        let length = before.count - removals.count
        changes += appended.enumerated().map { .set(path.appending(.index(length + $0.offset)), $0.element) }
        return true
    }
}

/// An object's members by name, found at once in a large object (a linear search for each member
/// of a mapping of 65,000 made a save quadratic): names compared by their scalars, the last of a
/// name two members share, as `JSONObject`'s subscript finds them.
private struct MembersByName {
    let object: JSONObject
    let positions: [[UInt8]: Int]?

    init(_ object: JSONObject) {
        self.object = object
        guard object.count > 16 else {
            positions = nil
            return
        }
        var positions: [[UInt8]: Int] = [:]
        positions.reserveCapacity(object.count)
        for (position, member) in object.members.enumerated() { positions[Array(member.key.utf8)] = position }
        self.positions = positions
    }

    /// Whether no two members share a name.
    var namesAreUnique: Bool {
        if let positions { return positions.count == object.count }
        return Set(object.members.map { Array($0.key.utf8) }).count == object.count
    }

    subscript(key: String) -> JSONValue? {
        guard let positions else { return object[key] }
        return positions[Array(key.utf8)].map { object.members[$0].value }
    }
}
