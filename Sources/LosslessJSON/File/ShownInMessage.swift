/// A path (or any text a person passed) as a message shows it: a very long one shortened in the
/// middle, since a script may pass one of any length and the message must stay readable.
public func shownInMessage(_ path: String) -> String {
    let limit = 300
    let scalars = Array(path.unicodeScalars)
    guard scalars.count > limit else { return path }
    var shortened = String.UnicodeScalarView()
    shortened.append(contentsOf: scalars[..<(limit / 2)])
    shortened.append(contentsOf: "…(\(scalars.count - limit) characters)…".unicodeScalars)
    shortened.append(contentsOf: scalars[(scalars.count - limit / 2)...])
    return String(shortened)
}
