import DictionaryStorage
import Foundation
import LosslessJSON

/// A payment method, adjacently tagged in SCREAMING_SNAKE_CASE.
@Variants(tag: "type", content: "data", caseStyle: .screamingSnakeCase)
public enum PaymentMethod {
    case card(number: String, expiry: String)
    case applePay(token: String)
    case unknown(JSONObject)
}

/// An image attachment.
@DictionaryStorage
public struct ImagePayload {
    public var url: String = ""
    public var width: Int = 0
    public var height: Int = 0
}

/// A video attachment.
@DictionaryStorage
public struct VideoPayload {
    public var url: String = ""
    public var duration: Double = 0
}

/// An attachment, externally tagged.
@Variants(.external)
public enum MediaAttachment {
    case image(ImagePayload)
    case video(VideoPayload)
    case unknown(JSONObject)
}

/// A post with attachments and a payment.
@DictionaryStorage
public struct Post {
    public var title: String = ""
    public var attachments: [MediaAttachment] = []
    public var payment: PaymentMethod?
}
