import DictionaryStorage
import Foundation
import LosslessJSON
import Testing

// The shapes the Codable macro kits' users bring: typed fallbacks, `_`-labelled payloads, plain
// Codable members, date spellings, omitted and mandatory fields, legacy keys on key paths.

@DictionaryStorage
struct TitleItem {
    var title: String
}

/// KarrotCodableKit's `UndefinedViewItem`: a model of the app's own over an unknown variant.
@DictionaryStorage
struct UndefinedItem {
    var type: String
}

@Variants(discriminator: "type", caseStyle: .screamingSnakeCase, fallbackCaseName: "undefined")
enum FeedItem {
    case titleViewItem(_ item: TitleItem)
    case undefined(UndefinedItem)
}

@Variants(tag: "kind", content: "payload")
enum Attachment {
    case file(_ payload: TitleItem)
    case unknown(JSONObject)
}

/// A plain Codable type: no model, no JSONRepresentable.
struct Dimensions: Codable, Equatable {
    var width: Int
    var height: Int
}

@DictionaryStorage
struct Feed {
    var items: [FeedItem] = []
    var attachment: Attachment?
    var size: Dimensions?
    var sizes: [Dimensions] = []
    @OmitCoding var isExpanded: Bool = false
    @DictionaryStorageProperty(required: true) var id: Int
    @DictionaryStorageProperty(path: "meta.title", legacyKeys: ["title"]) var title: String?
}

@DictionaryStorage
struct Stamps {
    @DictionaryStorageProperty(strategy: .rfc3339) var rfc: Date?
    @DictionaryStorageProperty(strategy: .secondsSince1970) var seconds: Date?
    @DictionaryStorageProperty(strategy: .deferredToDate) var reference: Date?
}

/// The seed allowed classes: a final class keeps reference semantics.
@DictionaryStorage
final class Session {
    var token: String
    var count: Int
}

@Suite("The kits' shapes")
struct KitCompatibilityTests {
    @Test func aTypedFallbackHoldsTheUnknownObjectAndWritesItBack() throws {
        let text = #"{"items": [{"type": "TITLE_VIEW_ITEM", "title": "Hi"}, {"type": "CAROUSEL", "cards": [1, 2.50]}], "id": 1}"#
        let feed = Feed(try object(text))
        guard case .titleViewItem(let title) = feed.items[0] else {
            Issue.record("expected the title case, got \(feed.items[0])")
            return
        }
        #expect(title.title == "Hi")
        guard case .undefined(let unknown) = feed.items[1] else {
            Issue.record("expected the fallback case, got \(feed.items[1])")
            return
        }
        #expect(unknown.type == "CAROUSEL")
        #expect(feed.items[1].unknownVariantObject == (try object(#"{"type": "CAROUSEL", "cards": [1, 2.50]}"#)))
        var copy = feed
        copy.items = feed.items.reversed().reversed()
        #expect(JSONWriter.serialize(.object(copy.storage)) == JSONWriter.serialize(.object(feed.storage)))
        #expect(feed.validate().findings.map(\.kind).contains(.unknownVariant("CAROUSEL")))
    }

    @Test func anUnderscoreLabelledPayloadIsThePayloadNotAKey() throws {
        var feed = Feed(try object(#"{"id": 1}"#))
        feed.attachment = .file(TitleItem(title: "a.txt"))
        #expect(feed.storage["attachment"] == ["kind": "file", "payload": ["title": "a.txt"]])
        let read = Feed(feed.storage)
        guard case .file(let payload)? = read.attachment else {
            Issue.record("expected the file case, got \(String(describing: read.attachment))")
            return
        }
        #expect(payload.title == "a.txt")
    }

    @Test func aKnownTagWithAnUnreadablePayloadIsReportedAtItsPath() throws {
        let text = #"{"id": 1, "attachment": {"kind": "file", "payload": 42}, "items": [{"type": "TITLE_VIEW_ITEM"}]}"#
        let feed = Feed(try object(text))
        #expect(feed.attachment?.unknownVariantObject != nil)
        let findings = feed.validate().findings.filter { $0.severity == .error }
        #expect(findings.map(\.path) == [[.key("attachment"), .key("payload")]])
        #expect(findings.map(\.kind) == [.unreadableVariant("file")])
        // The fallback keeps it exactly.
        #expect(JSONWriter.serialize(feed.attachment!.json) == #"{"kind":"file","payload":42}"#)
        // A typed fallback's model reads the title case's object (no `title` is only an empty value),
        // so that element is the known case; its missing field is the model's to report.
        guard case .titleViewItem = feed.items[0] else {
            Issue.record("expected the title case")
            return
        }
    }

    @Test func plainCodableMembersReadAndWriteKeepingTheirOrder() throws {
        var feed = Feed(try object(#"{"id": 1, "size": {"height": 2, "width": 1.0}, "sizes": [{"width": 3, "height": 4}, "bad"]}"#))
        #expect(feed.size == Dimensions(width: 1, height: 2))
        #expect(feed.sizes == [Dimensions(width: 3, height: 4)])
        // Unchanged: the text stays (1.0 is not rewritten as 1).
        feed.size = Dimensions(width: 1, height: 2)
        #expect(JSONWriter.serialize(feed.storage["size"]!) == #"{"height":2,"width":1.0}"#)
        // Changed: the old member order is kept.
        feed.size = Dimensions(width: 5, height: 2)
        #expect(JSONWriter.serialize(feed.storage["size"]!) == #"{"height":2,"width":5}"#)
        // The unreadable element stays in place and is reported.
        feed.sizes = [Dimensions(width: 3, height: 4), Dimensions(width: 6, height: 7)]
        #expect(feed.storage["sizes"] == [["width": 3, "height": 4], "bad", ["height": 7, "width": 6]])
        #expect(feed.validate().findings.contains { $0.path == [.key("sizes"), .index(1)] })
    }

    @Test func omittedFieldsNeverReachTheJSON() throws {
        var feed = Feed(try object(#"{"id": 1, "isExpanded": true}"#))
        #expect(feed.isExpanded == false)
        feed.isExpanded = true
        #expect(feed.storage == ["id": 1, "isExpanded": true])  // the file's own key stays, untouched
        #expect(!Feed.schema.fields.map(\.name).contains("isExpanded"))
        #expect(feed.validate().findings.map(\.kind) == [.unknownField])
    }

    @Test func mandatoryFieldsThrowWhenAbsent() throws {
        #expect(throws: ModelValidationError.self) { try Feed(checking: try object(#"{"items": []}"#)) }
        let nullID = try object(#"{"id": null}"#)
        do {
            _ = try Feed(checking: nullID)
            Issue.record("a null mandatory field was accepted")
        } catch {
            #expect(error.report.findings(.error).map(\.kind) == [.missingRequired])
            #expect(error.description.hasPrefix("Feed: .id: required field is missing"))
        }
        let feed = try Feed(checking: try object(#"{"id": 3, "unknown": 1}"#))
        #expect(feed.id == 3)
    }

    @Test func legacyKeysApplyToKeyPathFields() throws {
        var feed = Feed(try object(#"{"id": 1, "title": "Old"}"#))
        #expect(feed.title == "Old")
        #expect(feed.validate().findings.map(\.kind) == [.legacyKeyUsed("title")])
        feed.title = "New"
        #expect(feed.storage == ["id": 1, "title": "New", "meta": ["title": "New"]])
        feed.title = nil
        #expect(feed.storage == ["id": 1, "meta": [:]])
    }

    @Test func datesInTheKitsSpellings() throws {
        var stamps = Stamps(try object(#"{"rfc": "2023-06-16T22:18:53.250+0100", "seconds": "1686950333", "reference": 708647333}"#))
        #expect(stamps.rfc == Date(timeIntervalSince1970: 1_686_950_333.25))
        #expect(stamps.seconds == Date(timeIntervalSince1970: 1_686_950_333))
        #expect(stamps.reference == Date(timeIntervalSince1970: 1_686_954_533))
        // A string of seconds is written back as a string; the reference date as Foundation's seconds.
        stamps.seconds = Date(timeIntervalSince1970: 1_700_000_000)
        #expect(stamps.storage["seconds"] == "1700000000")
        stamps.reference = Date(timeIntervalSinceReferenceDate: 10)
        #expect(stamps.storage["reference"] == 10)
        let encoded = try JSONEncoder().encode(Date(timeIntervalSinceReferenceDate: 10))
        #expect(String(decoding: encoded, as: UTF8.self) == "10")
        #expect(Stamps(try object(#"{"rfc": "2023-06-16T21:18:53+01"}"#)).rfc == nil)
    }

    @Test func aFinalClassSharesOneStorage() throws {
        let session = Session(try object(#"{"token": "t", "extra": [1]}"#))
        let alias = session
        alias.count = 2
        #expect(session.count == 2)
        #expect(session.token == "t")
        #expect(session.storage == ["token": "t", "extra": [1], "count": 2])
        let fresh = Session()
        #expect(fresh.token == "")
        #expect(fresh.storage == ["token": "", "count": 0])
    }

    @Test func boolAndNumberStayApartThroughJSONSerialization() throws {
        let data = Data(#"{"bool": true, "int": 3, "double": 1, "string": "s"}"#.utf8)
        let dictionary = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let everything = Everything(dictionary)
        #expect(everything.bool == true)
        #expect(everything.int == 3)
        #expect(everything.storage["bool"] == true)
        let swapped = try #require(try JSONSerialization.jsonObject(with: Data(#"{"bool": 1, "int": true}"#.utf8)) as? [String: Any])
        let wrong = Everything(swapped)
        #expect(wrong.bool == false)
        #expect(wrong.int == 0)
        #expect(wrong.storage == ["bool": 1, "int": true])
        #expect(wrong.validate().findings.filter { $0.severity == .error }.count == 2)
        // And back out: a Bool stays a Bool, an Int an Int.
        #expect(AnyBridge.json(NSNumber(value: true)) == .bool(true))
        #expect(AnyBridge.json(NSNumber(value: 1)) == .number(1))
        #expect(AnyBridge.json(NSNumber(value: Int8(1))) == .number(1))
    }
}
