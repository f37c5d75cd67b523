import LosslessJSON

/// Comments in the browser (JSON with comments, JSON5): a member's comments shown beside it, its
/// trailing comment edited, and members turned off — commented out in the file — and on again.
extension BrowserState {
    /// A row's comments as one line (those above the member, then the one after it), escaped for
    /// the screen; nil when it has none or the syntax has no comments.
    func commentText(ofRow r: Int) -> String? {
        guard document.options.syntax.allowsComments, r < rows.count, let parent = rows[r].parent, !rows[r].isPlaceholder else { return nil }
        let comments = document.comments(of: rows[r].node, in: parent)
        // Members turned off have rows of their own.
        let off = disabledMembers(of: parent).map(\.range)
        let all = (comments.leading + [comments.trailing].compactMap { $0 }).filter { comment in !off.contains { $0.contains(comment.range.lowerBound) } }
        guard !all.isEmpty else { return nil }
        return escapedForDisplay(all.map(document.commentText).filter { !$0.isEmpty }.joined(separator: " · "))
    }

    /// An object's members turned off (commented out), where the source keeps them so.
    func disabledMembers(of object: Node) -> [DisabledMember] {
        membersTurnOff ? document.disabledMembers(of: object) : []
    }

    /// Why comments cannot be written here, or nil when they can.
    private var commentsRefused: String? {
        if document.options.syntax.allowsComments { return nil }
        return "JSON has no comments: open the file as JSON with comments (--syntax jsonc) or JSON5 to write them"
    }

    /// `c`: turns the member under the cursor off (it becomes a comment in the file) or, on a
    /// member turned off, on again — typed by the model or schema as any member. Only its bytes change.
    mutating func toggleMember() {
        guard cursor < rows.count, let parent = rows[cursor].parent else {
            say("the root cannot be turned off", error: true)
            return
        }
        if let refusal = commentsRefused {
            say(refusal, error: true)
            return
        }
        guard membersTurnOff else {
            say("members of this file are not turned off (commented out) here: d deletes one, and u brings it back", error: true)
            return
        }
        let objectPath = pathOfNode(parent)
        if let member = rows[cursor].disabled {
            applySplice(document.enabling(member, in: parent), cursor: objectPath.appending(.key(member.key)))
            say("\(member.key) is on")
            return
        }
        guard !rows[cursor].isPlaceholder, document.kind(parent) == .object, let key = document.key(rows[cursor].node) else {
            say("only an object's members are turned on and off", error: true)
            return
        }
        guard let splice = document.disabling(rows[cursor].node, in: parent) else {
            say("\(key) cannot be commented out here (its text holds */ and more follows on its line)", error: true)
            return
        }
        applySplice(splice, cursor: objectPath)
        // The cursor goes to the member's row, now off.
        if let r = rows.firstIndex(where: { $0.disabled?.key == key && $0.parent == rows[cursor].node }) { moveCursor(to: r) }
        say("\(key) is off (commented out); c turns it on")
    }

    /// `;`: edits the comment after the member under the cursor (empty removes it).
    mutating func editComment() {
        guard cursor < rows.count, rows[cursor].parent != nil, !rows[cursor].isPlaceholder else {
            say("only a member or an element has a comment of its own", error: true)
            return
        }
        if let refusal = commentsRefused {
            say(refusal, error: true)
            return
        }
        let parent = rows[cursor].parent ?? document.root
        let current = document.comments(of: rows[cursor].node, in: parent).trailing.map(document.commentText) ?? ""
        mode = .editing(LineEditor(current), .comment(row: cursor))
    }

    /// Writes the comment typed for a row.
    mutating func commitComment(_ text: String, row r: Int) {
        guard r < rows.count, let parent = rows[r].parent else { return }
        let path = self.path(ofRow: r)
        guard let splice = document.settingComment(of: rows[r].node, in: parent, to: text) else {
            say(text.contains("*/") ? "a comment here cannot hold */" : "unchanged")
            return
        }
        applySplice(splice, cursor: path)
        say(text.isEmpty ? "comment removed" : "comment written")
    }

    /// `C`: shows or hides members' comments.
    mutating func toggleComments() {
        view.showComments.toggle()
        say(view.showComments ? "comments shown" : "comments hidden")
    }
}
