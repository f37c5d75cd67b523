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

    var count = 0
    /// Each key in the order first seen, with how many objects held it and what.
    var members: [String: (count: Int, shape: ValueShape)] = [:]
    var order: [String] = []
    /// Set once the keys passed `keyLimit`: every value, whatever its key.
    var mapValues: ValueShape?
    /// For each candidate tag key, the objects by their tag value; a key is dropped as a candidate
    /// once an object lacks it, holds a non-string, or it takes too many values.
    var groups: [String: [String: ObjectShape]]?
    /// While one candidate is left, the objects go to its groups alone (adding each object twice
    /// was half the work): `members` is then empty until `settle()` merges the groups into it.
    private var deferredTo: String?
    /// Which object of its parent's made this group (groups settle in the order they began).
    var firstSeen = 0
    let depth: Int

    /// How deep the objects are (see `ValueShape.levelLimit`).
    let level: Int
    /// Whether members were left out for being past `ValueShape.levelLimit`.
    var truncated = false

    init(level: Int, depth: Int = 0, firstSeen: Int = 0) {
        self.level = level
        self.depth = depth
        self.firstSeen = firstSeen
    }

    func add(_ object: JSONObject) {
        count += 1
        guard level < ValueShape.levelLimit else {
            truncated = truncated || !object.members.isEmpty
            return
        }
        if let mapValues {
            for member in object.members { mapValues.add(member.value) }
            return
        }
        if let key = deferredTo {
            if case .string(let tag)? = object[key], let byTag = groups?[key], byTag[tag] != nil || byTag.count < Self.tagValueLimit {
                let shape = byTag[tag] ?? ObjectShape(level: level, depth: depth + 1, firstSeen: count)
                shape.add(object)
                groups?[key]?[tag] = shape
                return
            }
            // No longer a tag: the groups become the members again, and this object joins them.
            settle()
            groups = nil
        }
        for member in object.members {
            // One lookup per member: the count is bumped through the index found.
            if let index = members.index(forKey: member.key) {
                members.values[index].shape.add(member.value)
                members.values[index].count += 1
            } else {
                let shape = ValueShape(level: level + 1)
                shape.add(member.value)
                members[member.key] = (1, shape)
                order.append(member.key)
            }
        }
        if order.count > Self.keyLimit {
            foldIntoMap()
            return
        }
        group(object)
        // One candidate left, holding every object so far: the groups alone from now on.
        if let groups, groups.count == 1, let key = groups.keys.first {
            deferredTo = key
            members = [:]
            order = []
        }
    }

    /// Makes `members` whole again while the objects go to one candidate's groups alone (before
    /// they are read, merged, or the candidate is dropped).
    func settle() {
        guard let key = deferredTo else { return }
        deferredTo = nil
        for group in groups?[key]?.values.sorted(by: { $0.firstSeen < $1.firstSeen }) ?? [] {
            group.settle()
            takeMembers(of: group)
        }
    }

    /// Adds another shape's members to these, key by key (new keys after the known ones).
    private func takeMembers(of other: ObjectShape) {
        for key in other.order {
            guard let theirs = other.members[key] else { continue }
            if let known = members[key] {
                known.shape.merge(theirs.shape)
                members[key] = (known.count + theirs.count, known.shape)
            } else {
                let shape = ValueShape(level: level + 1)
                shape.merge(theirs.shape)
                members[key] = (theirs.count, shape)
                order.append(key)
            }
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
            for key in other.order { if let member = other.members[key] { mapValues.merge(member.shape) } }
            return
        }
        takeMembers(of: other)
        mergeGroups(of: other, after: before)
        if order.count > Self.keyLimit { foldIntoMap() }
    }

    /// Keeps the candidates both shapes still have, their groups merged tag by tag (a nested
    /// tagged union stays one when its parent's groups settle); a shape that had seen nothing
    /// takes the other's. Copies, never shares, the other's groups: both go on being written to.
    private func mergeGroups(of other: ObjectShape, after before: Int) {
        guard let theirs = other.groups, before == 0 || groups != nil else {
            groups = nil
            return
        }
        var merged: [String: [String: ObjectShape]] = [:]
        for (key, theirGroups) in theirs {
            guard var byTag = before == 0 ? [:] : groups?[key] else { continue }
            for (tag, group) in theirGroups {
                if let mine = byTag[tag] {
                    mine.merge(group)
                } else {
                    let copy = ObjectShape(level: level, depth: group.depth, firstSeen: before + group.firstSeen)
                    copy.merge(group)
                    byTag[tag] = copy
                }
            }
            if byTag.count <= Self.tagValueLimit { merged[key] = byTag }
        }
        groups = merged
    }

    /// The objects are a map: one shape for all their values.
    private func foldIntoMap() {
        guard mapValues == nil else { return }
        settle()
        let values = ValueShape(level: level + 1)
        for key in order { if let member = members[key] { values.merge(member.shape) } }
        mapValues = values
        members = [:]
        order = []
        groups = nil
    }

    /// Adds an object to its group under each candidate tag.
    private func group(_ object: JSONObject) {
        guard depth < Self.tagDepthLimit else { return }
        if count == 1 {
            // The first object names the candidates: its string members.
            var candidates: [String: [String: ObjectShape]] = [:]
            for member in object.members { if case .string = member.value { candidates[member.key] = [:] } }
            groups = candidates
        }
        guard var groups, !groups.isEmpty else { return }
        for key in Array(groups.keys) {
            guard case .string(let tag)? = object[key], var byTag = groups[key] else {
                groups[key] = nil
                continue
            }
            let shape = byTag[tag] ?? ObjectShape(level: level, depth: depth + 1, firstSeen: count)
            guard byTag[tag] != nil || byTag.count < Self.tagValueLimit else {
                groups[key] = nil
                continue
            }
            shape.add(object)
            byTag[tag] = shape
            groups[key] = byTag
        }
        self.groups = groups
    }
}
