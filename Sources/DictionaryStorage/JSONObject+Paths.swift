import LosslessJSON

extension JSONObject {
    /// The value at a key path (`["meta", "created"]`), following nested objects.
    public func value(atPath path: [String]) -> JSONValue? {
        guard let first = path.first else { return .object(self) }
        guard let value = self[first] else { return nil }
        if path.count == 1 { return value }
        guard case .object(let nested) = value else { return nil }
        return nested.value(atPath: Array(path.dropFirst()))
    }

    /// Sets the value at a key path, creating missing objects on the way (a non-object on the way is replaced).
    public mutating func setValue(_ value: JSONValue, atPath path: [String]) {
        guard let first = path.first else { return }
        if path.count == 1 {
            self[first] = value
            return
        }
        var nested = self[first]?.objectValue ?? JSONObject()
        nested.setValue(value, atPath: Array(path.dropFirst()))
        self[first] = .object(nested)
    }

    /// Removes the value at a key path (containing objects stay, even when left empty).
    public mutating func removeValue(atPath path: [String]) {
        guard let first = path.first else { return }
        if path.count == 1 {
            removeValue(forKey: first)
            return
        }
        guard var nested = self[first]?.objectValue else { return }
        nested.removeValue(atPath: Array(path.dropFirst()))
        self[first] = .object(nested)
    }
}
