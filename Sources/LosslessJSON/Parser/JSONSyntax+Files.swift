extension JSONSyntax {
    /// The files editors read as JSON with comments, by name (matched against the end of a path:
    /// `*` stands for any characters of one name, `**/` for any folders). The one list: the README
    /// and the manual print it.
    public static let commentedFilePatterns: [String] = [
        "tsconfig.json", "tsconfig.*.json", "tsconfig-*.json", "jsconfig.json", "jsconfig.*.json", "jsconfig-*.json",
        ".vscode/*.json", "*.code-workspace", "*.code-snippets", "devcontainer.json", ".devcontainer.json", ".devcontainer/**/*.json",
        ".eslintrc.json", ".eslintrc", ".swcrc", ".jshintrc", ".jscsrc", ".hintrc",
        "typedoc.json", "api-extractor.json", "deno.json", "biome.json", "renovate.json", ".renovaterc", ".renovaterc.json",
        "cspell.json", ".cspell.json", "cSpell.json", "tslint.json", "turbo.json", "wrangler.json", ".markdownlint.json", "nx.json",
        "lerna.json", ".swiftpm/configuration/*.json",
    ]

    /// The files their own tool reads as JSON5 whatever their extension (Babel reads its
    /// configuration files with a JSON5 parser, and real ones use unquoted keys).
    public static let json5FilePatterns: [String] = [".babelrc", ".babelrc.json", "babel.config.json"]

    /// The syntax a file's name says: `.jsonc` and `.json5` by extension, JSON5 for a name in
    /// `json5FilePatterns`, JSON with comments for one in `commentedFilePatterns`; nil for any
    /// other (strict JSON — or JSON Lines, which `.jsonl` and `.ndjson` name and whose lines are
    /// strict JSON).
    public static func forFile(_ path: String) -> JSONSyntax? {
        if path.hasSuffix(".jsonc") { return .jsonc }
        if path.hasSuffix(".json5") { return .json5 }
        let components = path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        guard !components.isEmpty else { return nil }
        func named(in patterns: [String]) -> Bool {
            patterns.contains { matches($0.split(separator: "/").map(String.init)[...], components[...]) }
        }
        if named(in: json5FilePatterns) { return .json5 }
        return named(in: commentedFilePatterns) ? .jsonc : nil
    }

    /// Whether the last components of a path match a pattern's components (`**` any number of them).
    private static func matches(_ pattern: ArraySlice<String>, _ path: ArraySlice<String>) -> Bool {
        guard let last = pattern.last else { return true }
        if last == "**" {
            let rest = pattern.dropLast()
            // Any number of folders, then the rest of the pattern ends there.
            return (0...path.count).contains { matches(rest, path.dropLast($0)) && (rest.isEmpty || !path.dropLast($0).isEmpty) }
        }
        guard let name = path.last, matches(name: name, glob: last) else { return false }
        return pattern.count == 1 || matches(pattern.dropLast(), path.dropLast())
    }

    /// Whether a name matches a glob of one name (`*`: any characters).
    private static func matches(name: String, glob: String) -> Bool {
        let parts = glob.split(separator: "*", omittingEmptySubsequences: false).map(String.init)
        guard parts.count > 1 else { return name == glob }
        guard name.hasPrefix(parts[0]), name.hasSuffix(parts[parts.count - 1]), name.count >= parts[0].count + parts[parts.count - 1].count else { return false }
        var rest = Substring(name.dropFirst(parts[0].count).dropLast(parts[parts.count - 1].count))
        for middle in parts.dropFirst().dropLast() {
            guard let found = rest.firstRange(of: middle) else { return false }
            rest = rest[found.upperBound...]
        }
        return true
    }
}
