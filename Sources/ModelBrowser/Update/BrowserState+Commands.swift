import LosslessJSON

extension BrowserState {
    /// The effects of a save, or a message when there is nowhere to save; a document the checker
    /// finds problems in asks first.
    mutating func saveEffects(path: String?, confirmed: Bool = false) -> [Effect] {
        guard path != nil || canSaveInPlace else {
            say("standard input has no file: save with :w PATH", error: true)
            return []
        }
        if !confirmed, checkPending || !problems.isEmpty {
            mode = .confirm(checkPending ? .saveWhileChecking(path: path) : .saveWithProblems(problems.count, path: path))
            return []
        }
        return [.save(path: path, overrides: [])]
    }

    /// The checker's problems as a menu; choosing one goes to its value.
    mutating func showProblems() {
        guard checker != nil else {
            say("no schema checks this document", error: true)
            return
        }
        guard !problems.isEmpty else {
            say("no schema errors")
            return
        }
        let options = problems.map { Menu.Option(label: "\($0.path.jq): \($0.message)", choice: .goTo($0.path)) }
        mode = .menu(Menu(title: "\(problems.count) schema error\(problems.count == 1 ? "" : "s")", options: options, selected: 0, row: cursor))
    }

    /// Quits, or asks first when there are unsaved changes.
    mutating func quit() -> [Effect] {
        guard isModified else { return [.quit] }
        mode = .confirm(.quitUnsaved)
        return []
    }

    /// Copies the value under the cursor, its bytes as in the file.
    mutating func copyValue() -> [Effect] {
        let node = rows[cursor].node
        let size = document.range(node).count
        guard size <= 1 << 20 else {
            say("the value is \(size / 1_000_000) MB: too large for the terminal's clipboard", error: true)
            return []
        }
        say("copied the value of \(cursorPath.jq) (\(size) bytes)")
        return [.copy(document.rawText(node))]
    }

    /// Runs what was typed after `:`: a path to go to, or a command.
    mutating func run(command: Substring) -> [Effect] {
        if command.hasPrefix(".") || command.hasPrefix("/") {
            goTo(String(command))
            return []
        }
        // While a large file loads, only quitting works beside going to a path; once its load has
        // failed, reloading too (the file fixed meanwhile).
        let reloads = command == "e" || command == "e!"
        if let partialLoad, command != "q", command != "q!", partialLoad.isLoading || !reloads {
            say(partialLoad.refusal(.command), error: !partialLoad.isLoading)
            return []
        }
        switch command {
        case "w": return saveEffects(path: nil)
        case "q": return quit()
        case "q!": return [.quit]
        case "e":
            guard !isModified else {
                say("unsaved changes: save first, or :e! reloads without them", error: true)
                return []
            }
            return [.reload]
        case "e!": return [.reload]
        case "wq", "x":
            quitAfterSave = true
            let effects = saveEffects(path: nil)
            if effects.isEmpty, case .normal = mode { quitAfterSave = false }
            return effects
        default:
            if command.hasPrefix("w ") {
                return saveEffects(path: String(command.dropFirst(2).trimmingSpaces))
            }
            say("unknown command :\(command)", error: true)
            return []
        }
    }

    /// Offers to reload when someone else changed the source and the browser is not in the middle
    /// of something (an edit, a menu, a question): then the offer would interrupt it.
    mutating func offerReloadIfIdle() -> [Effect] {
        guard let what = changedByOthers, case .normal = mode else { return [] }
        changedByOthers = nil
        mode = .confirm(.changedByOthers(what, modified: isModified))
        return []
    }

    /// Acts on the answer to a question.
    mutating func answer(_ answer: Confirmation.Answer, to purpose: Confirmation.Purpose) -> [Effect] {
        mode = .normal
        switch (purpose, answer) {
        case (.delete(let r), .delete):
            let path = path(ofRow: r)
            applyEdit(.remove(at: path), cursor: path.parent)
        case (.quitUnsaved, .save):
            quitAfterSave = true
            let effects = saveEffects(path: nil)
            if effects.isEmpty, case .normal = mode { quitAfterSave = false }
            return effects
        case (.quitUnsaved, .discard):
            return [.quit]
        case (.overwriteChangedFile(let path), .overwrite):
            return [.save(path: path, overrides: .overwriteChanges)]
        case (.hardLinkedFile, .writeInPlace):
            return [.save(path: nil, overrides: .writeInPlace)]
        case (.hardLinkedFile, .splitLinks):
            return [.save(path: nil, overrides: .splitHardLinks)]
        case (.overwriteChangedFile, .reload):
            return [.reload]
        case (.overwriteChangedFile, .reapply):
            guard let edits = unsavedEdits() else {
                say("these edits cannot be made again on the new version (undone past the last save); overwrite or reload", error: true)
                return []
            }
            return [.reloadAndReapply(edits, save: true)]
        case (.retrySave(let path), .retry):
            return [.save(path: path, overrides: [])]
        case (.retrySave, .cancel):
            say("not saved; the edits are kept (^S saves)")
        case (.changedByOthers, .reload):
            return [.reload]
        case (.changedByOthers, .reapply):
            guard let edits = unsavedEdits() else {
                say("these edits cannot be made again on the new version (undone past the last save); :e! reloads without them", error: true)
                return []
            }
            return [.reloadAndReapply(edits, save: false)]
        case (.changedByOthers(let what), .keep):
            say("\(what) Kept this view (:e reloads).")
        case (.editorSyntaxError(let request), .reopen):
            return [.openInEditor(request)]
        case (.saveWithProblems(let path), .save):
            return saveEffects(path: path, confirmed: true)
        case (.saveWithProblems, _):
            quitAfterSave = false
        case (.overwriteSchema(let path), .overwrite):
            return saveInferredSchema(to: path, overwrite: true)
        case (.addSchemaReference(let reference), .add):
            addSchemaReference(reference)
        case (.editorSyntaxError, .discard):
            say("discarded what the editor left; nothing changed")
        default:
            break
        }
        return []
    }
}

extension StringProtocol {
    /// The text without spaces at either end.
    var trimmingSpaces: Substring {
        var text = Substring(self)
        while text.first == " " { text = text.dropFirst() }
        while text.last == " " { text = text.dropLast() }
        return text
    }
}
