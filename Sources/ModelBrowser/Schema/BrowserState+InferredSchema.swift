import LosslessJSON

/// The schema a document's model was inferred from when nothing else described it (no schema,
/// no named model), which the person can save and name in the document.
public struct InferredSchema: Hashable, Sendable {
    /// The schema's text, as written to a file.
    public var text: String
    /// Where saving proposes to write it (beside the document's file), if the document has a file.
    public var proposedPath: String?

    /// An inferred schema.
    public init(text: String, proposedPath: String?) {
        self.text = text
        self.proposedPath = proposedPath
    }
}

extension BrowserState {
    /// Asks where to write the inferred schema, proposing the path beside the file.
    mutating func askWhereToSaveInferredSchema() {
        guard inferredSchema != nil else {
            say("the model is not inferred (a schema or model describes the document): nothing to save; keepsake schema infer writes one for any file", error: true)
            return
        }
        mode = .editing(LineEditor(inferredSchema?.proposedPath ?? ""), .schemaPath)
    }

    /// Writes the inferred schema where the person said.
    func saveInferredSchema(to text: String, overwrite: Bool = false) -> [Effect] {
        let path = String(text.trimmingSpaces)
        guard let inferredSchema, !path.isEmpty else { return [] }
        return [.writeSchema(path: path, text: inferredSchema.text, overwrite: overwrite)]
    }

    /// After the schema is written: offers to add `$schema` naming it when the root is an object
    /// without one (asked first, never done silently); else says where it went and how to use it.
    mutating func inferredSchemaWritten(to path: String, reference: String) {
        let root = document.root
        guard document.kind(root) == .object, document.member(root, "$schema") == nil, partialLoad == nil else {
            let how = document.kind(root) == .object ? "" : " (a root array cannot name it: give it with --schema)"
            say("wrote the inferred schema to \(path)\(how)")
            return
        }
        mode = .confirm(.addSchemaReference(reference, writtenTo: path))
    }

    /// Adds `"$schema": reference` as the root object's first member, an edit like any other.
    mutating func addSchemaReference(_ reference: String) {
        let path = JSONPath.root.appending(.key("$schema"))
        applyEdit(.insertMember(in: .root, key: "$schema", value: .string(reference), at: 0), cursor: path)
        say("added $schema naming \(reference) (^S saves; the next load uses the schema)")
    }
}
