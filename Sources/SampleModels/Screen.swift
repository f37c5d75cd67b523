import DictionaryStorage
import Foundation
import LosslessJSON

/// An image row of a screen.
@DictionaryStorage
public struct ImageItem {
    public var imageUrl: String = ""
}

/// A text row of a screen.
@DictionaryStorage
public struct TextItem {
    public var text: String = ""
    public var bold: Bool = false
}

/// KarrotCodableKit's view items with an UNDEFINED fallback.
@Variants(discriminator: "type", caseStyle: .screamingSnakeCase)
public enum ViewItem {
    case image(ImageItem)
    case text(TextItem)
    case undefined(JSONObject)
}

/// A screen of view items.
@DictionaryStorage
public struct Screen {
    public var items: [ViewItem] = []
}
