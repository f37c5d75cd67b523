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
        var changes: [Change] = []
        Self.collect(from: old, to: new, at: .root, into: &changes)
        var document = self
        var edits: [YAMLEdit] = []
        var notes: [String] = []
        for change in changes {
            let made: (document: YAMLDocument, edit: YAMLEdit)
            switch change {
            case .set(let path, let value): made = try document.setting(path, to: value, reader: reader)
            case .remove(let path): made = try document.removing(path, reader: reader)
            }
            document = made.document
            edits.append(made.edit)
            notes += made.edit.notes
        }
        return (document, edits, notes)
    }

    /// The changes that make `old` into `new`, the smallest this walk finds: members removed,
    /// changed and added; a sequence's items changed in place, removed or appended (else the
    /// sequence is written again).
    static func collect(from old: JSONValue, to new: JSONValue, at path: JSONPath, into changes: inout [Change]) {
        guard old != new else { return }
        switch (old, new) {
        case (.object(let before), .object(let after)):
            let (beforeByName, afterByName) = (MembersByName(before), MembersByName(after))
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
            let prefix = zip(before, after).prefix { $0 == $1 }.count
            let suffix = zip(before[prefix...].reversed(), after[prefix...].reversed()).prefix { $0 == $1 }.count
            let removed = before.count - prefix - suffix
            let added = after.count - prefix - suffix
            if removed == added {
                for index in prefix..<(prefix + removed) {
                    collect(from: before[index], to: after[index], at: path.appending(.index(index)), into: &changes)
                }
            } else if added == 0 {
                for index in (prefix..<(prefix + removed)).reversed() { changes.append(.remove(path.appending(.index(index)))) }
            } else if removed == 0, suffix == 0 {
                for index in before.count..<after.count { changes.append(.set(path.appending(.index(index)), after[index])) }
            } else {
                changes.append(.set(path, new))
            }
        default:
            changes.append(.set(path, new))
        }
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

    subscript(key: String) -> JSONValue? {
        guard let positions else { return object[key] }
        return positions[Array(key.utf8)].map { object.members[$0].value }
    }
}
