import DictionaryStorage
import Foundation
import LosslessJSON

// The polymorphic shapes of the five libraries' READMEs.

@DictionaryStorage
struct WebUsage {
    var name: String = ""
    var url: String = ""
}

@DictionaryStorage
struct AppUsage {
    var name: String = ""
    var bundleId: String = ""
}

/// The seed's `Usage`, internally tagged by "type".
@Variants(discriminator: "type")
enum UsageVariant {
    case web(WebUsage)
    case app(AppUsage)
    case unknown(JSONObject)
}

@DictionaryStorage
struct UsageList {
    var usages: [UsageVariant] = []
    var primary: UsageVariant?
    var byName: [String: UsageVariant] = [:]
}

/// MacroCodableKit's tagged enum: adjacent tag and content, SCREAMING_SNAKE_CASE tags.
@Variants(tag: "type", content: "data", caseStyle: .screamingSnakeCase)
enum PaymentMethod {
    case card(number: String, expiry: String)
    case applePay(token: String)
    case bankTransfer(iban: String, reference: String?)
    case cash
    case unknown(JSONObject)
}

@DictionaryStorage
struct ImagePayload {
    var url: String = ""
    var width: Int = 0
    var height: Int = 0
}

@DictionaryStorage
struct VideoPayload {
    var url: String = ""
    var duration: Double = 0
}

/// MacroCodableKit's OneOf: externally tagged.
@Variants(.external)
enum MediaAttachment {
    case image(ImagePayload)
    case video(VideoPayload)
    case unknown(JSONObject)
}

@DictionaryStorage
struct ImageItem {
    var imageUrl: String = ""
}

@DictionaryStorage
struct TextItem {
    var text: String = ""
    var bold: Bool = false
}

/// KarrotCodableKit's polymorphic list with an UNDEFINED fallback.
@Variants(discriminator: "type", caseStyle: .screamingSnakeCase)
enum ViewItem {
    case image(ImageItem)
    case text(TextItem)
    @CustomName("SPACER_V2") case spacer(TextItem)
    case undefined(JSONObject)
}

@DictionaryStorage
struct Screen {
    var items: [ViewItem] = []
}

@DictionaryStorage
struct User {
    var id: Int = 0
    var name: String = ""
}

/// MacroCodableKit's AllOf: composition in one flat object.
@DictionaryStorage
struct SocialUser {
    @Flattened var user: User
    var username: String = ""
    var isPublic: Bool = false
}

@DictionaryStorage
struct UserInfo {
    var userId: Int = 0
    var email: String = ""
}

/// User info and a tagged payment in one object.
@DictionaryStorage
struct PaymentRequest {
    @Flattened var userInfo: UserInfo
    @Flattened var payment: PaymentMethod
    var amount: Decimal = 0
}

/// A composition whose members share a key (reported at run time).
@DictionaryStorage
struct Clashing {
    @Flattened var user: User
    var name: String = ""
}

@DictionaryStorage
struct Post {
    var attachments: [MediaAttachment] = []
}
