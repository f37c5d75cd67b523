#if canImport(Glibc)
import Glibc
#endif

extension BrowseCommand {
    /// What to say when FILE does not exist and reads like a subcommand (`keepsake valdate`):
    /// browsing is the default command, so a typo would otherwise be "cannot read" a file.
    static func mistypedSubcommand(_ file: String) -> String? {
        guard file != "-", !file.contains("/"), !file.contains("."), access(file, F_OK) != 0 else { return nil }
        let names = Keepsake.configuration.subcommands.compactMap { $0.configuration.commandName }
        let closest = names.map { ($0, editDistance($0, file.lowercased())) }.min { $0.1 < $1.1 }
        if let (name, distance) = closest, distance <= max(1, name.count / 3) {
            return "no file or subcommand named '\(file)'; did you mean '\(name)'?"
        }
        return "no file or subcommand named '\(file)' (subcommands: \(names.joined(separator: ", ")))"
    }

    /// The Levenshtein distance between two short words.
    private static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a.unicodeScalars), b = Array(b.unicodeScalars)
        var previous = Array(0...b.count)
        for i in 1...max(1, a.count) where !a.isEmpty {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...max(1, b.count) where !b.isEmpty {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}
