extension LocatedEdit {
    /// Sets `value` at `path` (not the root) of a mapped file and saves the result to `target` as
    /// `AtomicFileWriter` saves (locked, checked against `writing.expected`, a temporary file
    /// synced and renamed): while the walk to the value goes on, another thread already copies
    /// what it has passed into the temporary file, from the file by the kernel; then the new bytes
    /// and the rest of the file follow. False, with nothing written, when the text holds the value
    /// already.
    @discardableResult
    public static func save(
        setting value: JSONValue, at path: JSONPath, in bytes: JSONBytes, options: JSONParseOptions = .default,
        to target: String, writing: AtomicFileWriter.Options
    ) throws(Failure) -> Bool {
        try save(.set(at: path, to: value), in: bytes, options: options, to: target, writing: writing)
    }

    /// Makes an edit of a mapped file (see `splice(for:text:in:options:passed:)`) and saves the
    /// result as `save(setting:…)` does. False, with nothing written, when it changes nothing.
    @discardableResult
    public static func save(
        _ edit: JSONEdit, text: [UInt8]? = nil, in bytes: JSONBytes, options: JSONParseOptions = .default,
        to target: String, writing: AtomicFileWriter.Options
    ) throws(Failure) -> Bool {
        var failure: Failure?
        let saved: JSONFileOrigin?
        do throws(JSONFileError) {
            saved = try AtomicFileWriter.save(to: target, options: writing) { fd in
                let copier = PrefixCopier(bytes, to: fd)
                let splice: JSONSplice?
                do throws(Failure) {
                    splice = try self.splice(for: edit, text: text, in: bytes, options: options, passed: copier.allow(upTo:))
                } catch {
                    copier.abandon()
                    failure = error
                    return .withdrawn
                }
                guard let splice else {
                    copier.abandon()
                    return .withdrawn
                }
                if let error = copier.finish(upTo: splice.offset) { return .failed(error) }
                let edited = LocatedEdit.text(bytes, with: splice)
                let rest = splice.offset..<edited.count
                return AtomicFileWriter.writePieces(of: edited, range: rest, to: fd).map { .failed($0) } ?? .written
            }
        } catch {
            throw .file(error)
        }
        if let failure { throw failure }
        return saved != nil
    }
}
