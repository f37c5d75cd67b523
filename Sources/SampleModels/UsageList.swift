import DictionaryStorage
import Foundation
import LosslessJSON

/// A web usage (internally tagged by "type").
@DictionaryStorage
public struct Web {
    public var name: String = ""
    public var url: String = ""
}

/// An app usage.
@DictionaryStorage
public struct App {
    public var name: String = ""
    public var bundleId: String = ""
}

/// Where something is used: web, app, or a kind a newer version invented.
@Variants(discriminator: "type")
public enum Usage {
    case web(Web)
    case app(App)
    case unknown(JSONObject)
}

/// The seed README's object with usages.
@DictionaryStorage
public struct UsageList {
    public var usages: [Usage] = []
}
