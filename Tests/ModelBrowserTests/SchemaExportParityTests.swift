import DictionaryStorage
import JSONSchema
import SchemaDescriptions
import LosslessJSON
@testable import ModelBrowser
import SampleModels
import Testing

/// `keepsake schema export`: a compiled model's schema, browsed at run time, marks every value the
/// way the compiled model does — known, kept, warned about — and names the same variants.
@Suite("Exported schemas browse like their models")
struct SchemaExportParityTests {
    /// Each sample file and the model keepsake binds it to (a root array binds each element).
    static let samples: [(file: String, model: String, isArray: Bool)] = [
        ("people.json", "Person", true), ("usages.json", "UsageList", false), ("post.json", "Post", false),
        ("screen.json", "Screen", false), ("social-user.json", "SocialUser", false), ("students.json", "Student", true),
    ]

    /// One row as the browser marks it: its path, its kind, and its variant's name when it is one.
    struct Mark: Equatable, CustomStringConvertible {
        var path: String
        var kind: Annotation.Kind
        var variant: String?
        var description: String { "\(path) \(kind)\(variant.map { " " + $0 } ?? "")" }
    }

    static func marks(_ state: BrowserState) -> [Mark] {
        var state = state
        press(&state, "ge")
        var cache = AnnotationCache()
        return (0..<state.rowCount).filter { !state.rows[$0].isPlaceholder }.map { r in
            let annotation = state.annotation(ofRow: r, cache: &cache)
            let variant: String? = if case .variant = annotation.context { annotation.typeText } else { nil }
            return Mark(path: state.path(ofRow: r).jq, kind: annotation.kind, variant: variant)
        }
    }

    @Test(arguments: samples.map(\.file))
    func anExportedSchemaMarksTheSampleAsItsModelDoes(file: String) throws {
        let (_, modelName, isArray) = try #require(Self.samples.first { $0.file == file })
        let model = try #require(SampleModels.registry.schema(named: modelName))
        let compiled = try browser(file, model: modelName, width: 120, height: 200)

        let exported = SchemaExport.schema(for: model, registry: SampleModels.registry, asArray: isArray)
        let schema = try JSONSchema(text: JSONWriter.serialize(exported), uri: "urn:keepsake:export:\(modelName)")
        #expect(try schema.metaSchema().isValid(JSONDocument(JSONWriter.serialize(exported))))
        let description = SchemaDescription(schema, name: modelName)
        var typed = BrowserState(document: try sample(file), sourceName: file, registry: ModelRegistry(), width: 120, height: 200)
        typed.describe(as: description.rootType, name: description.name, models: description.registry, checker: nil)

        let expected = Self.marks(compiled).dropFirst()  // the root's own row: a model name against a schema's
        let found = Self.marks(typed).dropFirst()
        #expect(expected.count > 3)
        let differences = zip(expected, found).filter { $0.0 != $0.1 }.map { "compiled \($0.0) · schema \($0.1)" }
        #expect(differences.isEmpty, "\(differences.joined(separator: "\n"))")
        #expect(expected.count == found.count)
    }
}

@Suite("Exported timestamps")
struct TimestampExportTests {
    /// A timestamp reads from a number or a string of one; the exported schema accepts the same.
    @Test func anExportedTimestampAcceptsWhatTheModelReads() throws {
        var registry = ModelRegistry()
        registry.register(Stamped.self)
        let exported = SchemaExport.schema(for: Stamped.schema, registry: registry, asArray: false)
        let schema = try JSONSchema(text: JSONWriter.serialize(exported), uri: "urn:keepsake:export:Stamped")
        for (text, reads) in [
            (#"{"seconds": 1686950333, "reference": 1.5}"#, true), (#"{"seconds": "1686950333"}"#, true),
            (#"{"seconds": "-2.5e3"}"#, true), (#"{"seconds": "soon"}"#, false), (#"{"reference": "007"}"#, false),
        ] {
            let object = try #require(try JSONValue(parsing: text).objectValue)
            let model = Stamped(object)
            #expect((model.seconds != nil || model.reference != nil) == reads, "\(text)")
            #expect(try schema.isValid(JSONDocument(text)) == reads, "\(text)")
        }
    }
}
