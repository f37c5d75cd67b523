import DictionaryStorage
import LosslessJSON

/// Applies an event to the state and returns the effects the runtime must carry out.
/// Pure: no I/O, no terminal.
public func update(_ state: inout BrowserState, _ event: Event) -> [Effect] {
    switch event {
    case .resize(let width, let height):
        state.view.resize(width: width, height: height)
        state.scrollToCursor()
        if state.view.table != nil { state.scrollTableToCursor() }
        return []
    case .scroll(let delta):
        guard case .normal = state.mode else { return [] }
        if let table = state.view.table { state.moveTableCursor(row: table.row + delta) } else { state.moveCursor(to: state.cursor + delta) }
        return []
    case .click(let row):
        let tree = state.layout.tree
        guard case .normal = state.mode, row >= tree.y, row < tree.y + tree.height else { return [] }
        if let table = state.view.table {
            let header = TableLayout.headerHeight(areaHeight: tree.height, table: table)
            if row >= tree.y + header { state.moveTableCursor(row: table.top + row - tree.y - header) }
        } else {
            state.moveCursor(to: state.top + row - tree.y)
        }
        return []
    case .saved(let name):
        state.history.markSaved(state.document)
        state.canSaveInPlace = true
        state.sourceName = name
        state.say("saved \(name)")
        state.mode = .normal
        if state.quitAfterSave { return [.quit] }
        return []
    case .pendingDiff(let lines):
        state.mode = .diff(lines: lines, scroll: 0)
        return []
    case .saveFailed(let message, let kind):
        state.quitAfterSave = false
        switch kind {
        case .changedOnDisk:
            state.mode = .confirm(.overwriteChangedFile(path: nil, database: state.binding.isDatabase))
        case .unavailable:
            state.mode = .confirm(.retrySave(message, path: nil))
        case .hardLinked:
            state.mode = .confirm(.hardLinkedFile(message))
        case .failed, .cancelled:
            state.say(message, error: true)
        }
        return []
    case .editorFinished(let request, let outcome):
        return state.finishEditing(request, outcome)
    case .checked(let problems, let revision):
        // An answer about an older version: check the one there is now.
        guard revision == state.revision else { return [.checkDocument] }
        state.check.received(problems)
        return []
    case .changedByOthers(let what):
        state.changedByOthers = what
        return state.offerReloadIfIdle()
    case .loadProgressed(let progress):
        state.partialLoad?.progress = progress
        return []
    case .loadFailed(let message):
        state.partialLoad?.failure = message
        state.say(message + " — showing the start of the file, read-only (:e reloads it once fixed)", error: true)
        return []
    case .notice(let text):
        state.status.append(text)
        return []
    case .schemaWritten(let path, let reference):
        state.inferredSchemaWritten(to: path, reference: reference)
        return []
    case .schemaNotWritten(let path, let message, let exists):
        if exists { state.mode = .confirm(.overwriteSchema(path)) } else { state.say(message, error: true) }
        return []
    case .key(let key):
        state.status.clear()
        let effects = state.handle(key)
        // An action the table passed to the tree is done: the table's cursor follows the tree's.
        if case .normal = state.mode, state.view.table?.awaitsTree == true {
            state.view.table?.awaitsTree = false
            state.followTreeIntoTable()
        }
        // A change by someone else that came mid-edit is offered once the edit is done.
        return effects.isEmpty ? state.offerReloadIfIdle() : effects
    }
}

extension BrowserState {
    /// A key in the current mode: the key table's action for it, or the mode's own handling.
    mutating func handle(_ key: Key) -> [Effect] {
        switch mode {
        case .normal:
            if view.table != nil { return handleInTable(key) }
            guard let action = keys.action(for: key, in: .normal) else { return [] }
            if let partialLoad, !PartialLoad.worksOnAPart(action) {
                // A move to what has not loaded waits for it (a search needs one to repeat); when
                // the load failed, the start is all there is and moves go about it.
                guard let move = PartialLoad.WaitingMove(action) else {
                    say(partialLoad.refusal(action), error: !partialLoad.isLoading)
                    return []
                }
                if case .find = move, lastSearch?.isEmpty ?? true { return perform(action) }
                moveOrWait(move)
                return []
            }
            return perform(action)
        case .editing(var editor, let purpose):
            switch keys.action(for: key, in: .editing) {
            case .cancel:
                mode = .normal
                status.completions = []
            case .commit:
                mode = .normal
                status.completions = []
                return commit(editor.text, purpose)
            case .complete where purpose == .command:
                editor = complete(editor)
                mode = .editing(editor, purpose)
            default:
                if editor.handle(key, keys: keys) {
                    mode = .editing(editor, purpose)
                    status.completions = []
                }
            }
            return []
        case .menu(var menu):
            updateMenu(&menu, key)
            return []
        case .confirm(let confirmation):
            if let answer = confirmation.answer(for: key) { return self.answer(answer, to: confirmation.purpose) }
            // Any other letter, or Escape, leaves the question unanswered.
            if case .character = key { mode = .normal } else if key == .escape { mode = .normal }
            return []
        case .help(let scroll):
            mode = scrolled(scroll, key: key, lineCount: Int.max).map { .help(scroll: $0) } ?? .normal
            return []
        case .diff(let lines, let scroll):
            mode = scrolled(scroll, key: key, lineCount: lines.count).map { .diff(lines: lines, scroll: $0) } ?? .normal
            return []
        case .details(let lines, let scroll):
            mode = scrolled(scroll, key: key, lineCount: lines.count).map { .details(lines: lines, scroll: $0) } ?? .normal
            return []
        }
    }

    /// What an action does on a placeholder row, when not what it does elsewhere: ⏎ and `a` add the
    /// missing field; the actions on a value explain that there is none yet.
    private mutating func placeholderAction(_ action: BrowserAction) -> [Effect]? {
        if let member = rows[cursor].disabled {
            // A member turned off: ⏎ and c turn it on; what needs a value says how to get one.
            switch action {
            case .edit, .toggleMember:
                toggleMember()
                return []
            case .expandOrEnter, .toggleFold, .expandAll, .delete, .rename, .switchVariant, .clear, .openInEditor, .copyValue,
                .scrollValueLeft, .scrollValueRight, .add, .editComment:
                say("\(member.key) is off (commented out): ⏎ or c turns it on", error: true)
                return []
            default:
                return nil
            }
        }
        switch action {
        case .edit, .add:
            addPlaceholderField()
            return []
        case .expandOrEnter, .toggleFold, .expandAll, .delete, .rename, .switchVariant, .clear, .openInEditor, .copyValue,
            .scrollValueLeft, .scrollValueRight:
            say("\(cursorPath.jq) is missing: ⏎ adds it", error: true)
            return []
        default:
            return nil
        }
    }

    /// The new scroll position of a scrolled view after a key, or `nil` when the key closes it.
    private func scrolled(_ scroll: Int, key: Key, lineCount: Int) -> Int? {
        let last = max(0, lineCount - 1)
        switch keys.action(for: key, in: .scrolling) {
        case .scrollDown: return min(last, scroll + 1)
        case .scrollUp: return max(0, scroll - 1)
        case .scrollPageDown: return min(last, scroll + pageRows)
        case .scrollPageUp: return max(0, scroll - pageRows)
        default: return nil
        }
    }

    /// Carries out a normal-mode action.
    mutating func perform(_ action: BrowserAction) -> [Effect] {
        if rows[cursor].isPlaceholder, let refusal = placeholderAction(action) { return refusal }
        switch action {
        case .moveDown, .moveUp, .expandOrEnter, .collapseOrLeave, .toggleFold, .nextSibling, .previousSibling, .firstRow,
            .lastRow, .halfPageDown, .halfPageUp, .pageDown, .pageUp, .expandAll, .collapseAll:
            navigate(action)
        case .find: mode = .editing(LineEditor(), .search)
        case .findNext: findNext(forward: true)
        case .findPrevious: findNext(forward: false)
        case .edit: edit()
        case .add: add()
        case .showDetails: showDetails()
        case .addRequired: addRequiredFields()
        case .delete:
            guard cursor > 0 else {
                say("the root cannot be deleted", error: true)
                break
            }
            mode = .confirm(.delete(cursorPath.description, row: cursor))
        case .rename: rename()
        case .switchVariant: chooseVariant()
        case .clear: clear()
        case .undo: undo()
        case .redo: redo()
        case .showDiff:
            if diffBySource { return [.showPendingDiff] }
            mode = .diff(lines: document.text.unifiedDiff(from: saved.text, name: sourceName), scroll: 0)
        case .showProblems: showProblems()
        case .saveInferredSchema: askWhereToSaveInferredSchema()
        case .save: return saveEffects(path: nil)
        case .command: mode = .editing(LineEditor(), .command)
        case .quit: return quit()
        case .copyPath:
            let path = cursorPath.jq
            say("copied \(path)")
            return [.copy(path)]
        case .copyValue: return copyValue()
        case .openInEditor: return openInEditor()
        case .toggleWrap:
            wrapValues.toggle()
            scrollToCursor()
            say(wrapValues ? "long values wrap" : "long values are cut at the edge")
        case .scrollValueLeft: valueOffset = max(0, valueOffset - max(8, width / 4))
        case .scrollValueRight: valueOffset += max(8, width / 4)
        case .nextSameKey: findSameKey(forward: true)
        case .previousSameKey: findSameKey(forward: false)
        case .help: mode = .help(scroll: 0)
        case .toggleTable: toggleTable()
        case .toggleMember: toggleMember()
        case .editComment: editComment()
        case .toggleComments: toggleComments()
        case .stopWaiting:
            if partialLoad?.waiting != nil {
                partialLoad?.waiting = nil
                say("stopped waiting")
            }
        case .columnLeft, .columnRight, .firstColumn, .lastColumn, .sortAscending, .sortDescending, .filterRows,
            .choiceDown, .choiceUp, .choicePageDown, .choicePageUp, .choose, .scrollDown, .scrollUp, .scrollPageDown, .scrollPageUp, .commit, .complete, .cursorLeft, .cursorRight, .cursorToStart, .cursorToEnd, .deleteBackward, .deleteForward,
            .deleteToStart, .deleteToEnd, .deleteWordBackward,
            .cancel:
            break  // other modes' actions (the table's are handled by `handleInTable`)
        }
        return []
    }
}
