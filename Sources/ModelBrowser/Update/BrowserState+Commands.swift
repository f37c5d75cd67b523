import LosslessJSON

extension BrowserState {
    /// The effects of a save, or a message when there is nowhere to save.
    mutating func saveEffects(path: String?) -> [Effect] {
        guard path != nil || canSaveInPlace else {
            say("standard input has no file: save with :w PATH", error: true)
            return []
        }
        return [.save(path: path, force: false)]
    }

    /// Quits, or asks first when there are unsaved changes.
    mutating func quit() -> [Effect] {
        guard isModified else { return [.quit] }
        mode = .confirm(.quitUnsaved)
        return []
    }

    /// Runs a `:` command.
    mutating func run(command: Substring) -> [Effect] {
        switch command {
        case "w": return saveEffects(path: nil)
        case "q": return quit()
        case "q!": return [.quit]
        case "wq", "x":
            let effects = saveEffects(path: nil)
            quitAfterSave = !effects.isEmpty
            return effects
        default:
            if command.hasPrefix("w ") {
                return saveEffects(path: String(command.dropFirst(2).trimmingSpaces))
            }
            say("unknown command :\(command)", error: true)
            return []
        }
    }

    /// Acts on the answer to a question.
    mutating func answer(_ answer: Confirmation.Answer, to purpose: Confirmation.Purpose) -> [Effect] {
        mode = .normal
        switch (purpose, answer) {
        case (.delete(let r), .delete):
            let path = path(ofRow: r)
            applyEdit(.remove(at: path), cursor: path.parent)
        case (.quitUnsaved, .save):
            let effects = saveEffects(path: nil)
            quitAfterSave = !effects.isEmpty
            return effects
        case (.quitUnsaved, .discard):
            return [.quit]
        case (.overwriteChangedFile(let path), .overwrite):
            return [.save(path: path, force: true)]
        case (.overwriteChangedFile, .reload):
            return [.reload]
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
