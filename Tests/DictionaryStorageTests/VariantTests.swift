import DictionaryStorage
import Foundation
import LosslessJSON
import Testing

/// Loads a document, binds a model to its root object, and lets a test edit the model and write
/// the storage change back as document edits.
struct Bound<Model: DictionaryStorageModel> {
    var document: JSONDocument
    var model: Model

    init(_ text: String) throws {
        document = try JSONDocument(text)
        model = Model(try #require(document.rootValue.objectValue))
    }

    mutating func save() throws {
        try document.update(at: .root, to: .object(model.storage))
    }
}

@Suite("Variants")
struct VariantTests {
    @Test func internallyTaggedUsagesDecodeAndKeepUnknownVariants() throws {
        let text = """
            {
              "usages": [
                {"type": "web", "name": "Example.com", "url": "https://www.example.com"},
                {"type": "app", "name": "Chrome", "bundleId": "com.google.chrome", "extra": 1},
                {"type": "kiosk", "name": "Lobby", "screen": {"size": 55}},
                {"name": "no tag"}
              ],
              "title": "t"
            }
            """
        var bound = try Bound<UsageList>(text)
        let usages = bound.model.usages
        guard case .web(let web) = usages[0], case .app(let app) = usages[1], case .unknown(let kiosk) = usages[2],
            case .unknown = usages[3]
        else {
            Issue.record("wrong cases: \(usages.map(\.variantLabel))")
            return
        }
        #expect(web.url == "https://www.example.com")
        #expect(app.bundleId == "com.google.chrome")
        #expect(kiosk["screen"] == ["size": 55])
        #expect(usages.map(\.variantLabel) == ["UsageVariant.web", "UsageVariant.app", "UsageVariant.unknown(\"kiosk\")", "UsageVariant.unknown"])
        let kinds = bound.model.validate().findings.map(\.kind)
        #expect(kinds.contains(.unknownVariant("kiosk")))
        #expect(kinds.contains(.missingDiscriminator))
        #expect(kinds.contains(.unknownField))  // "extra" inside the app payload, and "title"
        #expect(bound.model.validate().findings.contains { $0.path == ["usages", 1, "extra"] })

        // Untouched: writing back changes nothing.
        try bound.save()
        #expect(bound.document.text.string == text)
        // An edit of a sibling field leaves the unknown variant byte-identical.
        bound.model.usages[0] = .web(WebUsage(name: "Example", url: "https://example.org"))
        try bound.save()
        #expect(bound.document.text.string == text.replacingOccurrences(of: "\"Example.com\", \"url\": \"https://www.example.com\"", with: "\"Example\", \"url\": \"https://example.org\""))
    }

    @Test func switchingVariantWritesTheNewTagAndPayloadAndKeepsUnownedKeys() throws {
        var list = UsageList(try object(#"{"primary": {"type": "web", "name": "E", "url": "u", "note": "mine"}}"#))
        list.primary = .app(AppUsage(name: "Chrome", bundleId: "com.google.chrome"))
        // "url" belonged to the old variant and goes; "note" belongs to no variant and stays; "name" is shared.
        #expect(list.storage["primary"] == ["type": "app", "name": "Chrome", "note": "mine", "bundleId": "com.google.chrome"])
        guard case .app(let app)? = list.primary else {
            Issue.record("not app")
            return
        }
        #expect(app.bundleId == "com.google.chrome")
        list.primary = nil
        #expect(list.storage["primary"] == nil)
    }

    @Test func variantsWorkOptionalInArraysAndDictionaries() throws {
        var list = UsageList(try object(#"{"byName": {"a": {"type": "web", "url": "x"}, "b": {"type": "zzz"}, "c": 5}}"#))
        #expect(list.byName.count == 2)
        #expect(list.byName["b"]?.variantLabel == "UsageVariant.unknown(\"zzz\")")
        #expect(list.validate().findings.contains { $0.path == ["byName", "c"] })
        list.byName["d"] = .app(AppUsage(name: "n", bundleId: "b"))
        #expect(list.storage["byName"]?.objectValue?.keys == ["a", "b", "c", "d"])
        #expect(list.storage["byName"]?.objectValue?["b"] == ["type": "zzz"])
    }

    @Test func adjacentlyTaggedPaymentMethods() throws {
        let card = PaymentMethod(object: try object(#"{"type": "CARD", "data": {"number": "4242", "expiry": "12/30"}}"#))
        #expect(card == .card(number: "4242", expiry: "12/30"))
        let apple = PaymentMethod(object: try object(#"{"type": "APPLE_PAY", "data": {"token": "tok_abc123"}}"#))
        #expect(apple == .applePay(token: "tok_abc123"))
        #expect(PaymentMethod(object: try object(#"{"type": "CASH"}"#)) == .cash)
        #expect(PaymentMethod(object: try object(#"{"type": "BANK_TRANSFER", "data": {"iban": "DE00"}}"#)) == .bankTransfer(iban: "DE00", reference: nil))
        // A known tag whose payload does not read is kept whole.
        let broken = try object(#"{"type": "CARD", "data": {"number": 4242}}"#)
        #expect(PaymentMethod(object: broken) == .unknown(broken))
        let crypto = try object(#"{"type": "CRYPTO", "data": {"wallet": "0x1"}}"#)
        #expect(PaymentMethod(object: crypto) == .unknown(crypto))
        #expect(PaymentMethod.applePay(token: "t").json == ["type": "APPLE_PAY", "data": ["token": "t"]])
        #expect(PaymentMethod.cash.json == ["type": "CASH"])
        #expect(PaymentMethod.unknown(crypto).json == .object(crypto))
        let schema = PaymentMethod.variantSchema
        #expect(schema.cases.map(\.tag) == ["CARD", "APPLE_PAY", "BANK_TRANSFER", "CASH"])
        #expect(schema.fallbackCase == "unknown")
    }

    @Test func externallyTaggedMediaAttachments() throws {
        let text = #"[{"image": {"url": "a.png", "width": 1920, "height": 1080}}, {"video": {"url": "v.mp4", "duration": 12.5}}, {"audio": {"url": "s.mp3"}}]"#
        let document = try JSONDocument(text)
        let items = document.children(document.root).compactMap { document.value($0).objectValue.map(MediaAttachment.init(object:)) }
        guard case .image(let image) = items[0], case .video(let video) = items[1], case .unknown(let audio) = items[2] else {
            Issue.record("wrong cases")
            return
        }
        #expect(image.width == 1920 && image.height == 1080)
        #expect(video.duration == 12.5)
        #expect(audio == ["audio": ["url": "s.mp3"]])
        #expect(items.map(\.json) == document.rootValue.arrayValue)
        #expect(items[2].variantFindings(in: audio).map(\.kind) == [.unknownVariant("audio")])
        // Payload findings carry the full path.
        let bad = MediaAttachment(object: try object(#"{"image": {"url": "a", "width": "wide"}}"#))
        #expect(bad.payloadFindings().map(\.path) == [["image", "width"]])
    }

    @Test func mediaAttachmentsSwitchAndKeepUnknownOnesThroughAnEdit() throws {
        let text = """
            {
            \t"attachments": [
            \t\t{"image": {"url": "a.png", "width": 1920, "height": 1080}},
            \t\t{"hologram": {"frames": 3, "depth": 1.50}}
            \t]
            }
            """
        var bound = try Bound<Post>(text)
        #expect(bound.model.attachments.map(\.variantLabel) == ["MediaAttachment.image", "MediaAttachment.unknown(\"hologram\")"])
        bound.model.attachments[0] = .video(VideoPayload(url: "v.mp4", duration: 3))
        try bound.save()
        #expect(bound.document.text.string == """
            {
            \t"attachments": [
            \t\t{"video": {"url": "v.mp4", "duration": 3.0}},
            \t\t{"hologram": {"frames": 3, "depth": 1.50}}
            \t]
            }
            """)
    }

    @Test func aNonStringDiscriminatorIsReportedAndKept() throws {
        let list = UsageList(try object(#"{"usages": [{"type": 5, "name": "n"}]}"#))
        #expect(list.usages.map(\.variantLabel) == ["UsageVariant.unknown"])
        let finding = try #require(list.validate().findings.first)
        #expect(finding.path == ["usages", 0, "type"])
        #expect(finding.kind == .typeMismatch(expected: "String", found: "number 5"))
        #expect(list.storage == (try object(#"{"usages": [{"type": 5, "name": "n"}]}"#)))
    }

    @Test func viewItemListWithUndefinedFallback() throws {
        let text = """
            {"items": [
                {"type": "IMAGE", "imageUrl": "https://x/1.png"},
                {"type": "TEXT", "text": "Hello", "bold": true},
                {"type": "SPACER_V2", "text": ""},
                {"type": "CAROUSEL", "pages": [1, 2, 3]}
            ]}
            """
        var bound = try Bound<Screen>(text)
        #expect(bound.model.items.map(\.variantCase) == ["image", "text", "spacer", "undefined"])
        #expect(bound.model.items[3].variantLabel == "ViewItem.undefined(\"CAROUSEL\")")
        try bound.save()
        #expect(bound.document.text.string == text)
        if case .text(var item) = bound.model.items[1] {
            item.bold = false
            bound.model.items[1] = .text(item)
        }
        try bound.save()
        #expect(bound.document.text.string == text.replacingOccurrences(of: "\"bold\": true", with: "\"bold\": false"))
    }

    @Test func schemaDescribesVariantFields() throws {
        let field = try #require(UsageList.schema.field(named: "usages"))
        guard case .array(.variants(let schema)) = field.type else {
            Issue.record("not variants: \(String(reflecting: field.type))")
            return
        }
        #expect(schema.name == "UsageVariant")
        #expect(schema.encoding == .internal(discriminator: "type"))
        #expect(schema.cases.map(\.name) == ["web", "app"])
        guard case .model(let web) = schema.cases[0].payload else {
            Issue.record("payload")
            return
        }
        #expect(web.name == "WebUsage")
        guard case .fields(let fields) = PaymentMethod.variantSchema.cases[0].payload else {
            Issue.record("fields")
            return
        }
        #expect(fields.map(\.label) == ["number", "expiry"])
        #expect(PaymentMethod.variantSchema.encoding == .adjacent(tag: "type", content: "data"))
        #expect(MediaAttachment.variantSchema.encoding == .external)
    }
}

@Suite("Composition")
struct CompositionTests {
    @Test func socialUserSharesOneObject() throws {
        let text = #"{"id": 7, "name": "Ada", "username": "ada", "isPublic": true, "since": 2020}"#
        var bound = try Bound<SocialUser>(text)
        #expect(bound.model.user.id == 7)
        #expect(bound.model.user.name == "Ada")
        #expect(bound.model.username == "ada")
        #expect(bound.model.validate().findings.map(\.path) == [["since"]])
        try bound.save()
        #expect(bound.document.text.string == text)
        bound.model.user.name = "Grace"
        try bound.save()
        #expect(bound.document.text.string == text.replacingOccurrences(of: "\"Ada\"", with: "\"Grace\""))
        // Setting a fresh member writes its fields and keeps the others.
        bound.model.user = User(id: 8, name: "Bo")
        #expect(bound.model.storage == ["id": 8, "name": "Bo", "username": "ada", "isPublic": true, "since": 2020])
        #expect(SocialUser(user: User(id: 1, name: "x"), username: "u").storage == ["id": 1, "name": "x", "username": "u", "isPublic": false])
    }

    @Test func paymentRequestIsUserInfoPlusATaggedPayment() throws {
        let text = #"{"userId": 1, "email": "a@b", "type": "APPLE_PAY", "data": {"token": "tok"}, "amount": 12.50, "channel": "web"}"#
        var bound = try Bound<PaymentRequest>(text)
        #expect(bound.model.userInfo.email == "a@b")
        #expect(bound.model.payment == .applePay(token: "tok"))
        #expect(bound.model.amount == Decimal(string: "12.5"))
        #expect(bound.model.validate().findings.map(\.path) == [["channel"]])
        try bound.save()
        #expect(bound.document.text.string == text)
        bound.model.payment = .card(number: "4242", expiry: "1/30")
        try bound.save()
        #expect(bound.document.text.string == #"{"userId": 1, "email": "a@b", "type": "CARD", "data": {"number": "4242", "expiry": "1/30"}, "amount": 12.50, "channel": "web"}"#)
        // An unknown payment survives an edit of a sibling field byte for byte.
        var unknown = try Bound<PaymentRequest>(#"{"userId": 1, "type": "CRYPTO", "data": {"wallet": "0x1", "chain": [1, 2.0]}, "amount": 1}"#)
        #expect(unknown.model.payment.variantLabel == "PaymentMethod.unknown(\"CRYPTO\")")
        unknown.model.userInfo.userId = 2
        try unknown.save()
        #expect(unknown.document.text.string == #"{"userId": 2, "type": "CRYPTO", "data": {"wallet": "0x1", "chain": [1, 2.0]}, "amount": 1}"#)
    }

    @Test func keyCollisionsBetweenMembersAreReported() throws {
        let clashing = Clashing(try object(#"{"id": 1, "name": "x"}"#))
        #expect(clashing.validate().findings.map(\.kind) == [.keyCollision("name")])
        #expect(SocialUser.schema.keyCollisions.isEmpty)
        #expect(SocialUser.schema.field(named: "user")?.isFlattened == true)
        #expect(SocialUser.schema.field(named: "user")?.ownedKeys == ["id", "name"])
    }
}

extension PaymentMethod: Equatable {
    static func == (lhs: PaymentMethod, rhs: PaymentMethod) -> Bool { lhs.json == rhs.json }
}
