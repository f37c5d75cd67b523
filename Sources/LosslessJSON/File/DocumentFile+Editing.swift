/// An edit of a file by path, as the command line's `set`, `delete` and `edit` make them.
public enum FileEdit: Sendable, Hashable {
    /// Sets the value at a path: replaces the one there, or adds a missing member to its object.
    case set(JSONPath, JSONValue)
    /// Removes the member or element at a path.
    case remove(JSONPath)
    /// Replaces the value at a path with `text` as written (valid in the file's syntax; `value`
    /// is what it reads as, used where the text cannot stand as it is: a line of JSON Lines).
    case replaceText(JSONPath, text: String, value: JSONValue)

    /// The path edited.
    public var path: JSONPath {
        switch self {
        case .set(let path, _), .remove(let path), .replaceText(let path, _, _): path
        }
    }

    /// The document edit it makes.
    var documentEdit: JSONEdit {
        switch self {
        case .set(let path, let value), .replaceText(let path, _, let value): .set(at: path, to: value)
        case .remove(let path): .remove(at: path)
        }
    }
}

/// Where an edited file goes, and what its save may do beyond the safe default.
public struct FileSaveRequest: Sendable, Hashable {
    /// Where the result goes.
    public enum Destination: Sendable, Hashable {
        /// Back to the file, replacing it atomically.
        case inPlace
        /// To another file (created or replaced).
        case file(String)
        /// Handed back to the caller (`FileEditOutcome.text`), to print.
        case text
    }

    /// Where the result goes.
    public var destination: Destination
    /// Overwrite the file even if it changed on disk since it was read.
    public var force: Bool
    /// When the file changed on disk since it was read (another writer saved first), read it
    /// again and make the edit again on its new contents (else fail with `changedOnDisk`).
    public var merge: Bool
    /// Write a file with other hard links in place, behind a journal (else refuse with
    /// `hardLinked`; a copy to another file always splits).
    public var writeInPlace: Bool
    /// How many times an edit is made again on a file that keeps changing before giving up.
    public var attempts: Int

    /// A request; the defaults save back to the file, merging.
    public init(destination: Destination = .inPlace, force: Bool = false, merge: Bool = true, writeInPlace: Bool = false, attempts: Int = 100) {
        self.destination = destination
        self.force = force
        self.merge = merge
        self.writeInPlace = writeInPlace
        self.attempts = max(1, attempts)
    }
}

/// What an edit of a file came to.
public enum FileEditOutcome: Sendable {
    /// The value was there already: nothing was written.
    case unchanged
    /// The file (or the other file) was written.
    case saved
    /// The edited text, for `FileSaveRequest.Destination.text`.
    case text(JSONText)
}

extension DocumentFile {
    /// Makes `edit` and saves the result as `request` says. Saving is locked against other
    /// keepsake writers; when the file changed since it was read, it is read again and the edit
    /// made again on the new contents (up to `attempts` times), unless `merge` is off or `force`
    /// is on. An edit to the value already there writes nothing back to the file.
    public func edit(_ edit: FileEdit, saving request: FileSaveRequest) throws(DocumentFileError) -> FileEditOutcome {
        if request.destination == .inPlace, path == "-" { throw .noFile }
        var file = self
        for attempt in 1...request.attempts {
            let faults = MappedFileGuard.faultCount
            do {
                return try file.editOnce(edit, saving: request)
            } catch .file(.changedOnDisk) where request.merge && !request.force {
                guard attempt < request.attempts else { throw .keptChanging(path: path, attempts: attempt) }
                file = try DocumentFile(path: path, options: options, recovering: false)
            } catch .file(.changedOnDisk) {
                throw .changedOnDisk(path: path)
            } catch .file(.hardLinked(_, let links)) {
                throw .hardLinked(path: path, links: links)
            } catch where MappedFileGuard.faultCount > faults {
                throw .shrank(path: path)
            }
        }
        throw .keptChanging(path: path, attempts: request.attempts)
    }

    /// One try: the edit made on the file as read, and saved.
    private func editOnce(_ edit: FileEdit, saving request: FileSaveRequest) throws(DocumentFileError) -> FileEditOutcome {
        switch contents {
        case .document(let document):
            return try editDocument(document, edit, saving: request)
        case .located(let bytes, let origin):
            guard let container = LocatedEdit.containerPath(of: edit.documentEdit), !container.isRoot else {
                // An edit of the root's own members: the text is indexed, small containers folded.
                var document: JSONDocument
                do { document = try JSONDocument(storage: bytes, options: options, folding: .default) } catch { throw .invalid(path: path, error, line: nil) }
                document.origin = origin
                return try editDocument(document, edit, saving: request)
            }
            return try editLocated(bytes, origin: origin, edit, saving: request)
        case .lines:
            return try editLine(edit, saving: request)
        }
    }

    /// An edit of a document, saved.
    private func editDocument(_ document: JSONDocument, _ edit: FileEdit, saving request: FileSaveRequest) throws(DocumentFileError) -> FileEditOutcome {
        var edited = document
        var changed = true
        do throws(JSONEditError) {
            switch edit {
            case .replaceText(let at, let text, _) where !(options.jsonLines && text.utf8.contains(0x0A)):
                // (A value of JSON Lines is written on its line: laid out over several it goes by value.)
                if edited.mayHaveFolds { edited = edited.unfolding(along: at) }
                guard let node = edited.node(at: at) else { throw .notFound(at) }
                let splice = JSONSplice(offset: edited.range(node).lowerBound, removed: edited.rawBytes(node), inserted: Array(text.utf8))
                try edited.apply(splice)
                changed = splice.removed != splice.inserted
            case .set(let at, let value), .replaceText(let at, _, let value):
                if edited.holds(value, at: at) {
                    changed = false
                } else {
                    try edited.apply(.set(at: at, to: value))
                }
            case .remove(let at):
                try edited.apply(.remove(at: at))
            }
        } catch {
            throw .edit(path: path, error)
        }
        return try write(edited.text, changed: changed, origin: document.origin, saving: request)
    }

    /// Writes an edited text where the request says (nothing back to the file when unchanged).
    private func write(_ text: JSONText, changed: Bool, origin: JSONFileOrigin?, saving request: FileSaveRequest) throws(DocumentFileError) -> FileEditOutcome {
        do throws(JSONFileError) {
            switch request.destination {
            case .text:
                return .text(text)
            case .file(let target):
                let hardLinks: AtomicFileWriter.HardLinks = request.writeInPlace && !text.holdsMappedFile ? .writeInPlace : .split
                try AtomicFileWriter.write(text, to: target, options: .init(hardLinks: hardLinks, newFileMode: origin?.mode ?? 0o644))
                return .saved
            case .inPlace:
                guard changed else { return .unchanged }
                if request.writeInPlace, text.holdsMappedFile { break }
                let expected = request.force ? nil : origin
                try AtomicFileWriter.write(text, to: path, options: .init(expected: expected, hardLinks: request.writeInPlace ? .writeInPlace : .refuse))
                return .saved
            }
        } catch {
            throw .file(error)
        }
        // Writing the file's own pages while they are read from its mapping would mix the two.
        throw .mappedInPlace(path: path)
    }

    /// An edit of a large strict JSON file made on its container alone; the save copies the rest
    /// from the file in the kernel, what precedes the edit while the walk to it goes on.
    private func editLocated(_ bytes: JSONBytes, origin: JSONFileOrigin, _ edit: FileEdit, saving request: FileSaveRequest) throws(DocumentFileError) -> FileEditOutcome {
        var text: [UInt8]?
        if case .replaceText(_, let raw, _) = edit { text = Array(raw.utf8) }
        do throws(LocatedEdit.Failure) {
            switch request.destination {
            case .text:
                let splice = try LocatedEdit.splice(for: edit.documentEdit, text: text, in: bytes, options: options)
                return .text(splice.map { LocatedEdit.text(bytes, with: $0) } ?? JSONText(bytes))
            case .file(let target):
                try LocatedEdit.save(edit.documentEdit, text: text, in: bytes, options: options, to: target, writing: .init(hardLinks: .split, newFileMode: origin.mode))
                return .saved
            case .inPlace:
                // Writing the file's own pages while they are read from its mapping would mix the two.
                if request.writeInPlace { throw LocatedEdit.Failure.file(.cannotWrite(path: path, reason: "mapped")) }
                let saved = try LocatedEdit.save(
                    edit.documentEdit, text: text, in: bytes, options: options, to: path,
                    writing: .init(expected: request.force ? nil : origin, hardLinks: .refuse))
                return saved ? .saved : .unchanged
            }
        } catch {
            switch error {
            case .invalidJSON(let error): throw .invalid(path: path, error, line: nil)
            case .edit(let error): throw .edit(path: path, error)
            case .file(.cannotWrite(_, "mapped")): throw .mappedInPlace(path: path)
            case .file(let error): throw .file(error)
            }
        }
    }

    /// An edit of one value line of JSON Lines: that line rewritten (a whole line set as one
    /// minified line, so the file stays one value per line) or removed with its line break; every
    /// other byte copied.
    private func editLine(_ edit: FileEdit, saving request: FileSaveRequest) throws(DocumentFileError) -> FileEditOutcome {
        let target = try lineTarget(edit.path)
        let full = JSONPath(Array(edit.path.components.prefix(1)))
        let text: JSONText
        if case .remove = edit, target.inner.isRoot {
            text = target.replacing(target.line.whole, with: [])
        } else if case .set(_, let value) = edit, target.inner.isRoot {
            if case .success(let line) = target.parsed, line.holds(value, at: .root) { return try write(JSONText(target.bytes), changed: false, origin: origin, saving: request) }
            text = target.replacing(target.line.content, with: Array(JSONWriter.serialize(value, style: .minified).utf8))
        } else {
            var line = try target.value()
            var changed = true
            do throws(JSONEditError) {
                switch edit {
                case .replaceText(_, let raw, let value):
                    if raw.utf8.contains(0x0A) {
                        if line.holds(value, at: target.inner) { changed = false } else { try line.apply(.replace(at: target.inner, with: value)) }
                    } else {
                        guard let node = line.node(at: target.inner) else { throw .notFound(target.inner) }
                        let splice = JSONSplice(offset: line.range(node).lowerBound, removed: line.rawBytes(node), inserted: Array(raw.utf8))
                        try line.apply(splice)
                        changed = splice.removed != splice.inserted
                    }
                case .set(_, let value):
                    if line.holds(value, at: target.inner) { changed = false } else { try line.apply(.set(at: target.inner, to: value)) }
                case .remove:
                    try line.apply(.remove(at: target.inner))
                }
            } catch {
                throw .edit(path: path, error.under(full))
            }
            if !changed { return try write(JSONText(target.bytes), changed: false, origin: origin, saving: request) }
            text = target.replacing(target.line.content, with: line.text.array)
        }
        return try write(text, changed: true, origin: origin, saving: request)
    }
}
