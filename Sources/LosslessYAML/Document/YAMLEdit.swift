/// One edit of a stream's text: the bytes of `range` replaced by `replacement`, everything else as
/// it was.
public struct YAMLEdit: Sendable, Equatable {
    /// The old bytes replaced (empty for an insertion).
    public var range: Range<Int>
    /// What stands there instead (empty for a cut).
    public var replacement: [UInt8]
    /// What a person should know: anchors whose aliases share the change, a style or tag that
    /// could not be kept.
    public var notes: [String]
    /// Whether the edit changes an anchored node that aliases share (its notes say which): the
    /// data changes at every alias too.
    public var changesAliases: Bool

    /// An edit.
    public init(range: Range<Int>, replacement: [UInt8], notes: [String] = [], changesAliases: Bool = false) {
        self.range = range
        self.replacement = replacement
        self.notes = notes
        self.changesAliases = changesAliases
    }

    init(range: Range<Int>, text: String, notes: [String] = [], changesAliases: Bool = false) {
        self.init(range: range, replacement: Array(text.utf8), notes: notes, changesAliases: changesAliases)
    }

    /// The text after the edit.
    public func applied(to bytes: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count - range.count + replacement.count)
        result.append(contentsOf: bytes[..<range.lowerBound])
        result.append(contentsOf: replacement)
        result.append(contentsOf: bytes[range.upperBound...])
        return result
    }
}
