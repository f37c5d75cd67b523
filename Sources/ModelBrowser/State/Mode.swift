import LosslessJSON

/// What the browser is doing besides showing the tree.
public enum Mode: Hashable, Sendable {
    case normal
    /// Editing text for a purpose.
    case editing(LineEditor, EditPurpose)
    /// Choosing among options.
    case menu(Menu)
    /// A question with a few answers.
    case confirm(Confirmation)
    /// The help screen, scrolled.
    case help(scroll: Int)
    /// The pending changes as a unified diff, scrolled.
    case diff(lines: [String], scroll: Int)
    /// What the description says about a value (`i`), scrolled.
    case details(lines: [String], scroll: Int)
}

/// What typed text is for; `row` is the row acted on.
public enum EditPurpose: Hashable, Sendable {
    /// A new value for a known field (through the model's setter).
    case field(row: Int, kind: FieldEditKind)
    /// Raw JSON replacing the value at a row.
    case rawValue(row: Int)
    /// The key of a new member of the object at a row (then its value).
    case newKey(row: Int)
    /// The JSON value of a new member.
    case newMemberValue(row: Int, key: String)
    /// The JSON value of a new array element.
    case newElement(row: Int)
    /// A new key for the member at a row.
    case rename(row: Int)
    /// A search query.
    case search
    /// A `:` command.
    case command
    /// A value an open enum does not know ("other…").
    case otherEnumValue(row: Int)
    /// The comment after the member at a row.
    case comment(row: Int)
    /// Where to write the inferred schema.
    case schemaPath
    /// The text the table's rows must hold in the cursor's column.
    case tableFilter
}

/// How a known field's text is turned into JSON.
public enum FieldEditKind: Hashable, Sendable {
    /// The text is the string.
    case string
    /// The text is a number literal, checked.
    case number
}

/// A menu of typed choices, acting on a row.
public struct Menu: Hashable, Sendable {
    /// What choosing an option does.
    public enum Choice: Hashable, Sendable {
        /// Set an enum field to one of its known values.
        case enumValue(JSONValue)
        /// Type a value the enum does not know.
        case otherEnumValue
        /// Switch a polymorphic value to the variant case of this name.
        case variant(String)
        /// Add the model field of this name.
        case field(String)
        /// Add every missing required field at once.
        case allRequiredFields
        /// Type the key of a new member.
        case otherKey
        /// Go to the value at a path (the problems list).
        case goTo(JSONPath)
    }

    /// One line of the menu.
    public struct Option: Hashable, Sendable {
        /// What the line shows.
        public var label: String
        /// What choosing it does.
        public var choice: Choice
        /// What the line shows after the label, dimmed (a field's type and description); the
        /// filter does not look at it.
        public var detail: String = ""
    }

    /// The menu's title.
    public var title: String
    /// The options, in order.
    public var options: [Option]
    /// The highlighted option, a position in `shown`.
    public var selected: Int
    /// The row the menu acts on.
    public var row: Int
    /// The text typed to narrow the options (nil: not filtering; "" after `/`).
    public var filter: String? = nil

    /// The options the filter leaves, in order: those whose label holds the typed text anywhere,
    /// ignoring case; the ones that ask for a value of one's own stay, so any value can be given.
    public var shown: [Option] {
        guard let filter, !filter.isEmpty else { return options }
        let needle = filter.lowercased()
        return options.filter { option in
            switch option.choice {
            case .otherEnumValue, .otherKey: true
            default: option.label.lowercased().contains(needle)
            }
        }
    }

    /// How many options the box shows on a screen of `height` rows (the box keeps the size of
    /// the whole list, so it does not jump while the filter narrows it).
    func visibleRows(height: Int) -> Int {
        max(0, min(height - 3, options.count + 1) - 1)
    }

    /// The option under the highlight, if the filter leaves any.
    public var selectedOption: Option? {
        let shown = shown
        return shown.indices.contains(selected) ? shown[selected] : nil
    }
}

/// A question with typed answers, each on a key.
public struct Confirmation: Hashable, Sendable {
    /// What the question is about.
    public enum Purpose: Hashable, Sendable {
        case delete(row: Int)
        case quitUnsaved
        case overwriteChangedFile(path: String?)
        /// What an editor left is not JSON; reopening shows it again at the error's line.
        case editorSyntaxError(reopen: EditorRequest)
        /// Saving a document the checker finds problems in.
        case saveWithProblems(path: String?)
        /// Saving a file that has other hard links (the message says how many).
        case hardLinkedFile(String)
        /// A save the database could not take (its server out of reach): try again, or keep editing.
        case retrySave(path: String?)
        /// Someone else changed what the browser shows (the sentence says what): reload, or keep this view.
        case changedByOthers(String)
        /// The inferred schema's file exists: overwrite it, or keep it.
        case overwriteSchema(path: String)
        /// The inferred schema was written: add `$schema` naming it (`reference`) to the document?
        case addSchemaReference(String)
    }

    /// What an answer means.
    public enum Answer: Hashable, Sendable {
        case delete, keep, save, discard, cancel, overwrite, reload, reapply, reopen, writeInPlace, splitLinks, retry, add
    }

    /// One answer and its key.
    public struct Choice: Hashable, Sendable {
        /// The key that gives it.
        public var key: Character
        /// What it is called.
        public var label: String
        /// What it means.
        public var answer: Answer

        /// How the choice is shown: its key, then its label.
        public var text: String { "\(key) \(label)" }
    }

    /// The question.
    public var question: String
    /// The answers.
    public var choices: [Choice]
    /// What it is about.
    public var purpose: Purpose

    /// The answer a key gives, if any.
    public func answer(for key: Key) -> Answer? {
        guard case .character(let c) = key else { return nil }
        return choices.first { $0.key == c }?.answer
    }

    /// "Delete …?"
    static func delete(_ path: String, row: Int) -> Confirmation {
        Confirmation(question: "Delete \(path)?", choices: [Choice(key: "y", label: "delete", answer: .delete), Choice(key: "n", label: "keep", answer: .keep)], purpose: .delete(row: row))
    }

    /// The inferred schema's file exists.
    static func overwriteSchema(_ path: String) -> Confirmation {
        Confirmation(
            question: "\(path) exists.",
            choices: [Choice(key: "o", label: "overwrite it", answer: .overwrite), Choice(key: "c", label: "cancel", answer: .cancel)],
            purpose: .overwriteSchema(path: path))
    }

    /// Adding `$schema` after writing the inferred schema: asked, never done silently.
    static func addSchemaReference(_ reference: String, writtenTo path: String) -> Confirmation {
        Confirmation(
            question: "Wrote \(path). Add \"$schema\": \"\(reference)\" to the document?",
            choices: [Choice(key: "y", label: "add it", answer: .add), Choice(key: "n", label: "no", answer: .keep)],
            purpose: .addSchemaReference(reference))
    }

    /// Quitting with unsaved changes.
    static let quitUnsaved = Confirmation(
        question: "Unsaved changes.",
        choices: [Choice(key: "s", label: "save", answer: .save), Choice(key: "d", label: "discard", answer: .discard), Choice(key: "c", label: "cancel", answer: .cancel)],
        purpose: .quitUnsaved)

    /// The text back from an editor is not JSON.
    static func editorSyntaxError(_ problem: String, reopen: EditorRequest) -> Confirmation {
        Confirmation(
            question: "Not JSON: \(problem).",
            choices: [Choice(key: "r", label: "reopen at line \(reopen.line ?? 1)", answer: .reopen), Choice(key: "d", label: "discard", answer: .discard)],
            purpose: .editorSyntaxError(reopen: reopen))
    }

    /// Saving a document with problems.
    static func saveWithProblems(_ count: Int, path: String?) -> Confirmation {
        Confirmation(
            question: "\(count) schema error\(count == 1 ? "" : "s") (! lists them).",
            choices: [Choice(key: "s", label: "save anyway", answer: .save), Choice(key: "c", label: "cancel", answer: .cancel)],
            purpose: .saveWithProblems(path: path))
    }

    /// Saving before the schema check of the whole document has finished.
    static func saveWhileChecking(path: String?) -> Confirmation {
        Confirmation(
            question: "The schema check is still running.",
            choices: [Choice(key: "s", label: "save anyway", answer: .save), Choice(key: "c", label: "cancel", answer: .cancel)],
            purpose: .saveWithProblems(path: path))
    }

    /// Saving over a file that changed on disk, or records someone else changed.
    static func overwriteChangedFile(path: String?, database: Bool = false) -> Confirmation {
        Confirmation(
            question: database ? "Changed by someone else since it was loaded." : "The file changed on disk since it was opened.",
            choices: [
                Choice(key: "a", label: "reload and make my edits again", answer: .reapply),
                Choice(key: "o", label: "overwrite", answer: .overwrite),
                Choice(key: "r", label: "reload (drop my edits)", answer: .reload),
                Choice(key: "c", label: "cancel", answer: .cancel),
            ],
            purpose: .overwriteChangedFile(path: path))
    }

    /// A save the database could not take; the edits stay.
    static func retrySave(_ message: String, path: String?) -> Confirmation {
        Confirmation(
            question: "Not saved (\(message)); the edits are kept.",
            choices: [Choice(key: "r", label: "try again", answer: .retry), Choice(key: "c", label: "cancel", answer: .cancel)],
            purpose: .retrySave(path: path))
    }

    /// Someone else changed what the browser shows; with unsaved edits, they can be made again on
    /// the reloaded view.
    static func changedByOthers(_ what: String, modified: Bool) -> Confirmation {
        var choices = [Choice(key: "r", label: modified ? "reload (drop my edits)" : "reload", answer: .reload)]
        if modified { choices.insert(Choice(key: "a", label: "reload and make my edits again", answer: .reapply), at: 0) }
        choices.append(Choice(key: "k", label: "keep this view", answer: .keep))
        return Confirmation(question: what, choices: choices, purpose: .changedByOthers(what))
    }

    /// Saving a file that other hard links share: in place keeps them, replacing splits them.
    static func hardLinkedFile(_ message: String) -> Confirmation {
        Confirmation(
            question: "Other names (hard links) share this file.",
            choices: [
                Choice(key: "i", label: "write in place (every name sees it)", answer: .writeInPlace),
                Choice(key: "r", label: "replace (the other names keep the old)", answer: .splitLinks),
                Choice(key: "c", label: "cancel", answer: .cancel),
            ],
            purpose: .hardLinkedFile(message))
    }
}
