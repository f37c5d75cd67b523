/// What a syntax of the JSON family adds to RFC 8259, as a type the parser's loop is compiled for:
/// the loop for strict JSON tests none of it (each rule is a constant there).
protocol SyntaxRules {
    /// `//` and `/* */` comments between values.
    static var allowsComments: Bool { get }
    /// A comma after the last member or element.
    static var allowsTrailingCommas: Bool { get }
    /// JSON5's literals: identifier keys, single quotes, more escapes, more number spellings, more
    /// white space.
    static var isJSON5: Bool { get }
}

/// RFC 8259.
enum StrictJSONRules: SyntaxRules {
    static var allowsComments: Bool { false }
    static var allowsTrailingCommas: Bool { false }
    static var isJSON5: Bool { false }
}

/// JSON with comments and trailing commas.
enum CommentedJSONRules: SyntaxRules {
    static var allowsComments: Bool { true }
    static var allowsTrailingCommas: Bool { true }
    static var isJSON5: Bool { false }
}

/// JSON5 1.0.0.
enum JSON5Rules: SyntaxRules {
    static var allowsComments: Bool { true }
    static var allowsTrailingCommas: Bool { true }
    static var isJSON5: Bool { true }
}
