extension JSONDocument {
    /// The start of a text too long to wait for, as a document of its own: the longest prefix of
    /// `bytes` that ends at a complete value (or just inside an opening bracket), with what is open
    /// there closed — a first screen of a large file, or the style of a file edited in part. Nil
    /// when the bytes hold nothing complete (or break before anything is).
    public static func leadingPart(of bytes: UnsafeBufferPointer<UInt8>, options: JSONParseOptions = .default) -> JSONDocument? {
        // A copy, so the cut is followed by zeros as the scanners expect.
        let sample = JSONBytes(bytes)
        guard let (end, closers) = JSONLocator.closedPrefix(base: UnsafePointer(sample.base), count: sample.count, maxDepth: options.maxDepth) else {
            return nil
        }
        do {
            return try JSONDocument(bytes: sample.slice(0..<end) + closers, options: options)
        } catch {
            return nil  // not expected: the prefix was checked by the parser's own scanners
        }
    }
}
