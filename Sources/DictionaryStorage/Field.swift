import LosslessJSON

/// Where a field lives in its object and how it reads: built once per property by the macro.
///
/// Reading: the current key (or key path) first, matched exactly; then, for a lenient field only, a
/// key that spells the same words in another style (`my_url` or `MyURL` for `myURL`); then each
/// legacy key in order. Writing goes back to the key that was read — a lenient match writes to the
/// spelling it found, never adds a second one — and legacy keys that are present are updated too,
/// so an older app version that still reads them sees the new value; they are never removed by a write.
public struct Field<Value>: @unchecked Sendable {
    /// The Swift property name.
    public let name: String
    /// The key path of the value in the object (one key for most fields).
    public let path: [String]
    /// Keys the value was stored under by earlier versions, read in order when `path` is absent.
    public let legacyKeys: [String]
    /// Whether a key spelled in another style also matches (lenient fields only).
    public let matchesOtherSpellings: Bool
    /// Strategy and leniency.
    public let options: FieldOptions
    /// A missing or null value is an error finding.
    public let required: Bool
    /// Setting an optional to nil writes `null` instead of removing the key.
    public let writesNullForNil: Bool
    /// How values are coded.
    public let codec: FieldCodec<Value>

    /// Creates a field. `key` (or `path`) overrides the key the style derives from `name`.
    public init(
        name: String, key: String? = nil, path: [String]? = nil, keyStyle: KeyStyle = .verbatim,
        legacyKeys: [String] = [], strategy: ValueStrategy? = nil, lenient: Bool = false,
        required: Bool = false, writesNullForNil: Bool = false, codec: FieldCodec<Value>
    ) {
        self.name = name
        if let path, !path.isEmpty {
            self.path = path
        } else {
            self.path = [key ?? keyStyle.key(for: name)]
        }
        self.legacyKeys = legacyKeys
        // Exact unless asked: matching `myURL` to `my_url` by default would read one key and, on a
        // write of a missing value, add the other — a file changed behind its owner's back.
        matchesOtherSpellings = lenient
        options = FieldOptions(strategy: strategy, lenient: lenient)
        self.required = required
        self.writesNullForNil = writesNullForNil
        self.codec = codec
    }

    /// The path as a `JSONPath`.
    public var jsonPath: JSONPath { JSONPath(path.map { .key($0) }) }

    // MARK: Locating

    /// Where the value was found.
    @usableFromInline
    struct Located {
        @usableFromInline var value: JSONValue
        /// The key it was found under, when not the current key.
        @usableFromInline var otherKey: String?
        @usableFromInline var isLegacy: Bool

        @inlinable
        init(value: JSONValue, otherKey: String?, isLegacy: Bool) {
            self.value = value
            self.otherKey = otherKey
            self.isLegacy = isLegacy
        }
    }

    @inlinable
    func locate(in object: JSONObject) -> Located? {
        // The common case first: one key, present under its own spelling.
        if path.count == 1, let value = object[path[0]] { return Located(value: value, otherKey: nil, isLegacy: false) }
        return locateElsewhere(in: object)
    }

    /// Key paths, other spellings and legacy keys.
    @usableFromInline
    func locateElsewhere(in object: JSONObject) -> Located? {
        if path.count > 1 {
            if let value = object.value(atPath: path) { return Located(value: value, otherKey: nil, isLegacy: false) }
        } else if matchesOtherSpellings, let member = object.members.last(where: { KeyStyle.sameWords($0.key, path[0]) }) {
            return Located(value: member.value, otherKey: member.key, isLegacy: false)
        }
        for legacy in legacyKeys {
            if let value = object[legacy] { return Located(value: value, otherKey: legacy, isLegacy: true) }
        }
        return nil
    }

    /// Whether this field reads the given top-level key (for finding unknown fields).
    public func claims(_ key: String, in object: JSONObject) -> Bool {
        if key.unicodeScalarsEqual(path[0]) || legacyKeys.contains(where: { $0.unicodeScalarsEqual(key) }) { return true }
        guard path.count == 1, matchesOtherSpellings, object[path[0]] == nil else { return false }
        return KeyStyle.sameWords(key, path[0])
    }

    // MARK: Reading

    /// A non-optional field: the value, or `defaultValue` when missing, null or unreadable.
    @inlinable
    public func get(in object: JSONObject, default defaultValue: @autoclosure () -> Value) -> Value {
        guard let located = locate(in: object), let value = codec.read(located.value, options) else { return defaultValue() }
        return value
    }

    /// An optional field: `nil` when missing, null or unreadable.
    @inlinable
    public func getOptional(in object: JSONObject) -> Value? {
        guard let located = locate(in: object) else { return nil }
        return codec.read(located.value, options)
    }

    /// An array field: the readable elements (unreadable ones are skipped here, kept on write).
    public func getArray(in object: JSONObject, default defaultValue: @autoclosure () -> [Value]) -> [Value] {
        guard let located = locate(in: object), case .array(let elements) = located.value else { return defaultValue() }
        return elements.compactMap { codec.read($0, options) }
    }

    /// An optional array field.
    public func getOptionalArray(in object: JSONObject) -> [Value]? {
        guard let located = locate(in: object), case .array(let elements) = located.value else { return nil }
        return elements.compactMap { codec.read($0, options) }
    }

    /// A `[String: Value]` field: the readable entries.
    public func getDictionary(in object: JSONObject, default defaultValue: @autoclosure () -> [String: Value]) -> [String: Value] {
        guard let located = locate(in: object), case .object(let members) = located.value else { return defaultValue() }
        var result: [String: Value] = [:]
        for member in members.members {
            if let value = codec.read(member.value, options) { result[member.key] = value }
        }
        return result
    }

    /// An optional `[String: Value]` field.
    public func getOptionalDictionary(in object: JSONObject) -> [String: Value]? {
        guard locate(in: object)?.value.objectValue != nil else { return nil }
        return getDictionary(in: object, default: [:])
    }

    // MARK: Writing

    /// Sets a non-optional field. Writing the value the field already reads changes nothing.
    public func set(_ value: Value, in object: inout JSONObject) {
        write(in: &object) { old in
            let new = codec.write(value, options)
            guard let old else { return new }
            if old == new { return old }
            // The same value spelled differently (1.0 for 1, another date format): keep the text.
            if let current = codec.read(old, options), codec.write(current, options) == new { return old }
            return codec.update?(value, old, options) ?? new
        }
    }

    /// Sets an optional field: `nil` removes the key (and its legacy keys), or writes null if declared so.
    public func setOptional(_ value: Value?, in object: inout JSONObject) {
        if let value {
            set(value, in: &object)
        } else {
            remove(from: &object)
        }
    }

    /// Sets an array field. Elements the element type cannot read keep their place: each stays
    /// after as many readable elements as stood before it, or at the end if the array got shorter.
    /// Readable elements whose value is unchanged keep their exact text.
    public func setArray(_ values: [Value], in object: inout JSONObject) {
        write(in: &object) { old in
            let oldElements = old?.arrayValue ?? []
            var readableOld: [JSONValue] = []
            var keptAfter: [(readableBefore: Int, element: JSONValue)] = []
            for element in oldElements {
                if codec.read(element, options) != nil {
                    readableOld.append(element)
                } else {
                    keptAfter.append((readableOld.count, element))
                }
            }
            var result: [JSONValue] = []
            var kept = keptAfter[...]
            for (index, value) in values.enumerated() {
                while let first = kept.first, first.readableBefore <= index {
                    result.append(first.element)
                    kept = kept.dropFirst()
                }
                let new = codec.write(value, options)
                if index < readableOld.count {
                    let previous = readableOld[index]
                    if previous == new || codec.read(previous, options).map({ codec.write($0, options) }) == new {
                        result.append(previous)
                        continue
                    }
                    result.append(codec.update?(value, previous, options) ?? new)
                } else {
                    result.append(new)
                }
            }
            result.append(contentsOf: kept.map(\.element))
            let array = JSONValue.array(result)
            return old == array ? old! : array
        }
    }

    /// Sets an optional array field.
    public func setOptionalArray(_ values: [Value]?, in object: inout JSONObject) {
        if let values { setArray(values, in: &object) } else { remove(from: &object) }
    }

    /// Sets a `[String: Value]` field: existing keys keep their order (and text when unchanged),
    /// unreadable entries are kept, removed keys go, new keys are appended in sorted order.
    public func setDictionary(_ values: [String: Value], in object: inout JSONObject) {
        write(in: &object) { old in
            var result = JSONObject()
            var written = Set<String>()
            for member in old?.objectValue?.members ?? [] {
                let readable = codec.read(member.value, options)
                guard let value = values[member.key] else {
                    if readable == nil { result.append(key: member.key, value: member.value) }
                    continue
                }
                written.insert(member.key)
                let new = codec.write(value, options)
                let same = member.value == new || readable.map { codec.write($0, options) } == new
                result.append(key: member.key, value: same ? member.value : new)
            }
            for key in values.keys.sorted() where !written.contains(key) {
                result.append(key: key, value: codec.write(values[key]!, options))
            }
            let new = JSONValue.object(result)
            return old == new ? old! : new
        }
    }

    /// Sets an optional `[String: Value]` field.
    public func setOptionalDictionary(_ values: [String: Value]?, in object: inout JSONObject) {
        if let values { setDictionary(values, in: &object) } else { remove(from: &object) }
    }

    /// Replaces the located value (or inserts at the current key) with `make(old)`; legacy keys
    /// present in the object get the same value.
    private func write(in object: inout JSONObject, _ make: (JSONValue?) -> JSONValue) {
        let located = locate(in: object)
        let new = make(located?.value)
        if let located, located.value == new, !located.isLegacy { return }
        if path.count > 1 {
            object.setValue(new, atPath: path)
        } else if let otherKey = located?.otherKey, located?.isLegacy == false {
            object[otherKey] = new
        } else {
            object[path[0]] = new
        }
        for legacy in legacyKeys where object[legacy] != nil { object[legacy] = new }
    }

    private func remove(from object: inout JSONObject) {
        if writesNullForNil {
            switch locate(in: object) {
            case nil: object.setValue(.null, atPath: path)
            case let located? where !located.value.isNull: write(in: &object) { _ in .null }
            default: break  // already null
            }
            return
        }
        if path.count > 1 {
            object.removeValue(atPath: path)
        } else {
            object.removeValue(forKey: path[0])
            if matchesOtherSpellings {
                object.members.removeAll { KeyStyle.sameWords($0.key, path[0]) }
            }
        }
        for legacy in legacyKeys { object.removeValue(forKey: legacy) }
    }
}
