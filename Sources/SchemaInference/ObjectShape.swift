import LosslessJSON

/// The objects seen at one place: each member's shape and how many objects held it, and — for a
/// member that may be a tag (a string member with few values) — the objects grouped by its value,
/// so that a tagged union shows as one group per tag.
final class ObjectShape {
    /// Beyond this many distinct keys, the objects are a map: every member value folds into one
    /// shape and the keys are no longer kept.
    static let keyLimit = 1_000
    /// A member is a tag candidate while its values are strings with at most this many distinct.
    static let tagValueLimit = 16
    /// How deep tag groups nest (a group's objects may have tags of their own).
    static let tagDepthLimit = 2

    /// A key the objects held: how many held it, and what.
    final class Member {
        let key: String
        @exclusivity(unchecked) var count = 0
        let shape: ValueShape

        init(key: String, level: Int) {
            self.key = key
            shape = ValueShape(level: level)
        }
    }

    @exclusivity(unchecked) var count = 0
    /// Each key in the order first seen (`keys` holds their bytes, at the same positions).
    @exclusivity(unchecked) private(set) var members: [Member] = []
    @exclusivity(unchecked) private var keys = ByteKeys()
    /// Set once the keys passed `keyLimit`: every value, whatever its key.
    @exclusivity(unchecked) var mapValues: ValueShape?
    /// The members that may tag the objects, each with the objects grouped by its value; one is
    /// dropped once an object lacks it, holds a non-string, or it takes too many values.
    @exclusivity(unchecked) private(set) var candidates: [TagCandidate]?
    /// While one candidate is left, the objects go to its groups alone (adding each object twice
    /// was half the work): `members` is then empty until `settle()` merges the groups into it.
    @exclusivity(unchecked) private var deferred: TagCandidate?
    /// Which object of its parent's made this group (groups settle in the order they began).
    var firstSeen = 0
    let depth: Int

    /// How deep the objects are (see `ValueShape.levelLimit`).
    let level: Int
    /// Whether members were left out for being past `ValueShape.levelLimit`.
    @exclusivity(unchecked) var truncated = false

    init(level: Int, depth: Int = 0, firstSeen: Int = 0) {
        self.level = level
        self.depth = depth
        self.firstSeen = firstSeen
    }

    /// The member with this key, if an object held it.
    func member(named key: String) -> Member? {
        keys.position(of: key).map { members[$0] }
    }

    /// Takes one more object: a tape's entry. `budget` bounds the shapes tag groups may make.
    func add(_ tape: JSONTape, _ object: Int, budget: ShapeBudget) {
        count += 1
        guard level < ValueShape.levelLimit else {
            truncated = truncated || tape.count(object) > 0
            return
        }
        if let mapValues {
            tape.forEachMember(of: object) { _, value in mapValues.add(tape, value, budget: budget) }
            return
        }
        if let deferred {
            if let group = deferred.group(for: tape, object, in: self, budget: budget) {
                group.add(tape, object, budget: budget)
                return
            }
            // No longer a tag: the groups become the members again, and this object joins them.
            settle()
            candidates = nil
        }
        addMembers(tape, object, budget: budget)
        if members.count > Self.keyLimit {
            foldIntoMap()
            return
        }
        group(tape, object, budget: budget)
        // One candidate left, holding every object so far: the groups alone from now on.
        if let candidates, candidates.count == 1 {
            deferred = candidates[0]
            members = []
            keys = ByteKeys()
        }
    }

    /// Counts each member and adds its value. Objects at one place mostly hold their keys in one
    /// order, so each key is first compared with the one after the previous key's.
    private func addMembers(_ tape: JSONTape, _ object: Int, budget: ShapeBudget) {
        var expected = 0
        tape.forEachMember(of: object) { key, value in
            let position: Int
            if let bytes = tape.unescapedBytes(key) {
                position = keys.holds(bytes, at: expected) ? expected : keys.position(of: bytes) ?? append(bytes, key: nil)
            } else {
                let text = tape.string(key)
                var utf8 = text
                position = utf8.withUTF8 { keys.position(of: $0) ?? append($0, key: text) }
            }
            let member = members[position]
            member.count += 1
            member.shape.add(tape, value, budget: budget)
            expected = position + 1
        }
    }

    private func append(_ bytes: UnsafeBufferPointer<UInt8>, key: String?) -> Int {
        members.append(Member(key: key ?? String(decoding: bytes, as: UTF8.self), level: level + 1))
        return keys.append(bytes)
    }

    /// Makes `members` whole again while the objects go to one candidate's groups alone (before
    /// they are read, merged, or the candidate is dropped).
    func settle() {
        guard let deferred else { return }
        self.deferred = nil
        for group in deferred.groups.sorted(by: { $0.firstSeen < $1.firstSeen }) {
            group.settle()
            takeMembers(of: group)
        }
    }

    /// Adds another shape's members to these, key by key (new keys after the known ones).
    private func takeMembers(of other: ObjectShape) {
        for theirs in other.members {
            var key = theirs.key
            let position = key.withUTF8 { keys.position(of: $0) ?? append($0, key: theirs.key) }
            members[position].shape.merge(theirs.shape)
            members[position].count += theirs.count
        }
    }

    func merge(_ other: ObjectShape) {
        settle()
        other.settle()
        let before = count
        count += other.count
        truncated = truncated || other.truncated
        if let theirs = other.mapValues {
            foldIntoMap()
            mapValues?.merge(theirs)
            return
        }
        if let mapValues {
            for member in other.members { mapValues.merge(member.shape) }
            return
        }
        takeMembers(of: other)
        mergeGroups(of: other, after: before)
        if members.count > Self.keyLimit { foldIntoMap() }
    }

    /// Keeps the candidates both shapes still have, their groups merged tag by tag (a nested
    /// tagged union stays one when its parent's groups settle); a shape that had seen nothing
    /// takes the other's. Copies, never shares, the other's groups: both go on being written to.
    private func mergeGroups(of other: ObjectShape, after before: Int) {
        guard let theirs = other.candidates, before == 0 || candidates != nil else {
            candidates = nil
            return
        }
        var merged: [TagCandidate] = []
        for their in theirs {
            guard let mine = before == 0 ? TagCandidate(key: their.key) : candidates?.first(where: { $0.key.utf8.elementsEqual(their.key.utf8) }) else { continue }
            for (position, group) in their.groups.enumerated() {
                their.tags.keys[position].withUnsafeBufferPointer { tag in
                    if let known = mine.tags.position(of: tag) {
                        mine.groups[known].merge(group)
                    } else {
                        let copy = ObjectShape(level: level, depth: group.depth, firstSeen: before + group.firstSeen)
                        copy.merge(group)
                        mine.append(tag, text: their.texts[position], group: copy)
                    }
                }
            }
            if mine.groups.count <= Self.tagValueLimit { merged.append(mine) }
        }
        candidates = merged
    }

    /// The objects are a map: one shape for all their values.
    private func foldIntoMap() {
        guard mapValues == nil else { return }
        settle()
        let values = ValueShape(level: level + 1)
        for member in members { values.merge(member.shape) }
        mapValues = values
        members = []
        keys = ByteKeys()
        candidates = nil
    }

    /// Adds an object to its group under each candidate tag.
    private func group(_ tape: JSONTape, _ object: Int, budget: ShapeBudget) {
        guard depth < Self.tagDepthLimit else { return }
        if count == 1 {
            // The first object names the candidates: its string members.
            var named: [TagCandidate] = []
            tape.forEachMember(of: object) { key, value in
                let text = tape.string(key)
                if tape.kind(value) == .string, !named.contains(where: { $0.key.utf8.elementsEqual(text.utf8) }) {
                    named.append(TagCandidate(key: text))
                }
            }
            candidates = named
        }
        // Past the budget the candidates' groups — copies — are let go: no tag is claimed here.
        guard budget.allowsGroups else {
            candidates = nil
            return
        }
        candidates?.removeAll { candidate in
            guard let group = candidate.group(for: tape, object, in: self, budget: budget) else { return true }
            group.add(tape, object, budget: budget)
            return false
        }
    }
}

/// A member that may tag its objects, and the objects grouped by its value.
final class TagCandidate {
    let key: String
    private let keyBytes: [UInt8]
    /// The tag values (their UTF-8) in the order first seen, each one's text and group.
    private(set) var tags = ByteKeys()
    private(set) var texts: [String] = []
    @exclusivity(unchecked) private(set) var groups: [ObjectShape] = []

    init(key: String) {
        self.key = key
        keyBytes = Array(key.utf8)
    }

    /// The group an object goes to (made when its tag value is new and there is room for one),
    /// or nil when it lacks the tag, holds no string there, or there is no room.
    func group(for tape: JSONTape, _ object: Int, in parent: ObjectShape, budget: ShapeBudget) -> ObjectShape? {
        let found = keyBytes.withUnsafeBufferPointer { tape.value(of: object, forKey: $0) }
        guard let value = found, tape.kind(value) == .string else { return nil }
        if let bytes = tape.unescapedBytes(value) { return group(bytes, text: nil, in: parent, budget: budget) }
        let text = tape.string(value)
        var utf8 = text
        return utf8.withUTF8 { group($0, text: text, in: parent, budget: budget) }
    }

    private func group(_ tag: UnsafeBufferPointer<UInt8>, text: String?, in parent: ObjectShape, budget: ShapeBudget) -> ObjectShape? {
        if let position = tags.position(of: tag) { return groups[position] }
        guard groups.count < ObjectShape.tagValueLimit, budget.allowsGroups else { return nil }
        let group = ObjectShape(level: parent.level, depth: parent.depth + 1, firstSeen: parent.count)
        budget.made += 1
        append(tag, text: text ?? String(decoding: tag, as: UTF8.self), group: group)
        return group
    }

    func append(_ tag: UnsafeBufferPointer<UInt8>, text: String, group: ObjectShape) {
        _ = tags.append(tag)
        texts.append(text)
        groups.append(group)
    }
}

/// The places (object shapes) an inferrer has made, which bound the tag groups it makes. A group
/// holds a copy of its objects' shapes, and groups within groups copy again: on a recursive
/// document (a tree of rules nested twenty deep, a candidate tag at every level) the copies grow
/// with the candidates to the power of the depth, and inference never finished. Past `groupLimit`
/// places no new group is made and a place that still has candidates lets them go with their
/// groups when it next takes an object — so no tag is claimed there (the schema stays sound), and
/// the copies stop growing. (A place whose one candidate holds its objects keeps its groups: they
/// are not copies.)
final class ShapeBudget {
    static let groupLimit = 20_000
    @exclusivity(unchecked) var made = 0

    var allowsGroups: Bool { made < Self.groupLimit }
}
