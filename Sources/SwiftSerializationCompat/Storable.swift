import Foundation

/// A type SwiftSerialization can store: it writes itself into a `DataObject` and is made again from
/// one. Classes conform with a `required init(dataObject:)`; subclasses override both and are
/// restored as themselves by the class name stored with them.
public protocol Storable: SendableMetatype {
    /// The object's data, built with `DataObject(self).add(key:value:)…`.
    func toDataObject() -> DataObject
    /// Makes the object again from its data, with `dataObject.get(…)`.
    init(dataObject: DataObject)
}

extension Storable {
    /// The name stored with the object (SwiftSerialization's `className`): the type's own name.
    var storedClassName: String { String(describing: type(of: self)) }
}
