import DictionaryStorage
import LosslessJSON
import Testing

@DictionaryStorage struct Web { var name: String = ""; var url: String = "" }
@DictionaryStorage struct App { var name: String = ""; var bundleID: String = "" }
@DictionaryStorage struct ImagePayload { var url: String = ""; var width: Int = 0; var height: Int = 0 }
@DictionaryStorage struct VideoPayload { var url: String = ""; var duration: Double = 0 }
@DictionaryStorage struct User { var name: String = ""; var email: String? }

@Variants(discriminator: "type")                       // {"type": "web", "url": …}
enum Usage { case web(Web); case app(App); case unknown(JSONObject) }

@Variants(tag: "type", content: "data", caseStyle: .screamingSnakeCase)   // {"type": "APPLE_PAY", "data": {…}}
enum PaymentMethod { case card(number: String, expiry: String); case applePay(token: String); case unknown(JSONObject) }

@Variants(.external)                                   // {"image": {…}}
enum MediaAttachment { case image(ImagePayload); case video(VideoPayload); case unknown(JSONObject) }

@DictionaryStorage struct SocialUser { @Flattened var user: User; var username: String = "" }

@Suite("README: variants and composition")
struct VariantsExample {
    func read<T: JSONRepresentable>(_ type: T.Type, _ text: String) throws -> T? {
        T(json: try JSONValue(parsing: text), options: FieldOptions())
    }

    @Test func eachEncodingReadsItsShapeAndKeepsWhatItDoesNotKnow() throws {
        guard case .web(let web) = try read(Usage.self, #"{"type": "web", "name": "Example", "url": "https://example.com"}"#) else {
            Issue.record("not read as .web"); return
        }
        #expect(web.url == "https://example.com")
        let kiosk = #"{"type": "kiosk", "floor": 2}"#
        let unknown = try read(Usage.self, kiosk)
        #expect(unknown?.json(options: FieldOptions()) == (try JSONValue(parsing: kiosk)))

        guard case .applePay(let token) = try read(PaymentMethod.self, #"{"type": "APPLE_PAY", "data": {"token": "tok_1"}}"#) else {
            Issue.record("not read as .applePay"); return
        }
        #expect(token == "tok_1")
        guard case .image(let image) = try read(MediaAttachment.self, #"{"image": {"url": "a.png", "width": 1920, "height": 1080}}"#) else {
            Issue.record("not read as .image"); return
        }
        #expect(image.width == 1920)

        var social = try SocialUser(parsing: #"{"name": "Ada", "email": "a@b.c", "username": "ada", "theme": "dark"}"#)
        #expect(social.user.name == "Ada" && social.username == "ada")
        social.user.name = "Ada L."
        #expect(JSONWriter.serialize(.object(social.storage)) == #"{"name":"Ada L.","email":"a@b.c","username":"ada","theme":"dark"}"#)
    }
}
