import Foundation
import Synchronization

/// Class renames, as SwiftSerialization's `Legacy`: records and nested objects stored under an old
/// class name are read as the new one. Call `addClassRefactor` on application start-up.
public enum Legacy {
    private static let table = Mutex<(oldNames: [String: [String]], newNames: [String: String])>(([:], [:]))

    /// Objects stored as `old` are restored as `new` (and read with `new`'s records).
    public static func addClassRefactor(old: String, new: String) {
        table.withLock { table in
            table.oldNames[new, default: []].append(old)
            table.newNames[old] = new
        }
    }

    /// The old names of each class that was renamed, by its new name.
    public static var oldClassNames: [String: [String]] { table.withLock { $0.oldNames } }

    /// The new name of each class that was renamed, by its old name.
    public static var newClassNames: [String: String] { table.withLock { $0.newNames } }

    /// The name a stored class name stands for now, following renames (a cycle stops where it began).
    static func currentName(of name: String) -> String {
        let renames = newClassNames
        var current = name
        var seen: Set<String> = [name]
        while let next = renames[current], seen.insert(next).inserted { current = next }
        return current
    }
}

/// Finds the class a stored class name names, for restoring subclasses (`Student` stored where a
/// `Person` is read). SwiftSerialization looked the name up in the app's Objective-C namespace;
/// here it is looked up beside the type being read (the same module), then among types registered
/// with `register(_:)` — needed only for classes in another module than the type read, or nested.
public enum StorableTypes {
    private static let registered = Mutex<[String: any Storable.Type]>([:])

    /// Makes a class restorable by its stored name from anywhere.
    public static func register(_ type: any Storable.Type) {
        registered.withLock { $0[String(describing: type)] = type }
    }

    /// The type stored as `name` (after renames), looked up near `type`.
    static func type(named name: String, near type: Any.Type) -> (any Storable.Type)? {
        let current = Legacy.currentName(of: name)
        if let known = registered.withLock({ $0[current] }) { return known }
        let qualified = String(reflecting: type)
        guard let dot = qualified.firstIndex(of: ".") else { return nil }
        return _typeByName(qualified[..<dot] + "." + current) as? any Storable.Type
    }
}
