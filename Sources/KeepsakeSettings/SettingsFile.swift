import Foundation
import ModelBrowser
import TOMLKit

/// The settings file, `$XDG_CONFIG_HOME/keepsake/config.toml` (`~/.config/keepsake/config.toml`
/// when the variable is unset), read with TOMLKit. Every setting is optional; one that is not
/// understood is reported with its line and the built-in value stands.
public enum SettingsFile {
    /// Where the settings file is looked for.
    public static var defaultPath: String {
        let environment = ProcessInfo.processInfo.environment
        let base = environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? (environment["HOME"] ?? NSHomeDirectory()) + "/.config"
        return base + "/keepsake/config.toml"
    }

    /// The settings in a file; a missing file gives the built-in settings, an unreadable one the
    /// built-in settings and a problem saying why.
    public static func load(path: String = defaultPath) -> BrowserSettings {
        guard FileManager.default.fileExists(atPath: path) else { return BrowserSettings() }
        let text: String
        do {
            text = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            var settings = BrowserSettings()
            settings.file = path
            settings.problems = [.init(line: nil, message: "cannot read the file (\(error.localizedDescription)); built-in settings apply")]
            return settings
        }
        return parse(text, file: path)
    }

    /// Settings from TOML text.
    public static func parse(_ text: String, file: String? = nil) -> BrowserSettings {
        var settings = BrowserSettings()
        settings.file = file
        let table: TOMLTable
        do {
            table = try TOMLTable(string: text)
        } catch let error as TOMLParseError {
            settings.problems = [.init(line: Int(error.source.begin.line), message: "\(error.description); built-in settings apply")]
            return settings
        } catch {
            settings.problems = [.init(line: nil, message: "\(error); built-in settings apply")]
            return settings
        }
        var reader = Reader(text: text, settings: settings)
        reader.read(table)
        return reader.settings
    }

    /// The effective settings as a settings file (what `keepsake --print-config` prints).
    public static func render(_ settings: BrowserSettings) -> String {
        var lines: [String] = []
        lines.append("# keepsake settings" + (settings.file.map { " (read from \($0))" } ?? " (built-in: no settings file)"))
        for problem in settings.problems { lines.append("# problem: \(problem)") }
        lines.append("editor = \(quoted(settings.editor))")
        lines.append("theme = \(quoted(settings.theme.name))")
        lines.append("wrap = \(settings.wrapValues)")
        if let catalog = settings.catalog { lines.append("catalog = \(quoted(catalog))") }
        lines.append("fetch-schemas = \(settings.fetchSchemas)")
        lines.append("default-catalog = \(quoted(settings.defaultCatalog))")
        if !settings.schemaMaps.isEmpty { lines.append("schema-map = [\(settings.schemaMaps.map(quoted).joined(separator: ", "))]") }
        for association in settings.schemaAssociations {
            lines.append("[[schemas]]")
            lines.append("file-match = [\(association.fileMatch.map(quoted).joined(separator: ", "))]")
            lines.append("url = \(quoted(association.url))")
        }
        lines.append("")
        lines.append("[colors]  # a colour name (\"cyan\", \"bright-red\", \"default\") or a palette number 0–255")
        let base = Theme.all.first { $0.name == settings.theme.name } ?? .standard
        for role in Style.Role.allCases {
            guard let name = Theme.roleNames[role] else { continue }
            let color = settings.theme.color(of: role)
            // The theme's own colours as comments; what the settings changed as settings.
            let line = "\(name) = \(color.settingText)"
            lines.append(color == base.color(of: role) ? "# \(line)  (the theme's)" : line)
        }
        lines.append("")
        lines.append("[keys]  # action = [keys]: a character, \"Space\", \"Enter\", \"Esc\", \"Tab\", \"Up\", \"PgDn\", \"F1\", \"C-s\" …")
        var seen: Set<BrowserAction> = []
        for binding in settings.keys.bindings where [.normal, .table].contains(binding.mode) && seen.insert(binding.action).inserted {
            lines.append("\(binding.action.rawValue) = [\(binding.keys.map { quoted(KeyName.setting(for: $0)) }.joined(separator: ", "))]")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}

/// Reads a parsed table into settings, noting each problem with the line the setting is on.
private struct Reader {
    let lines: [Substring]
    var settings: BrowserSettings

    init(text: String, settings: BrowserSettings) {
        lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        self.settings = settings
    }

    /// The line of `key = …` inside `[section]` (or at the top), found in the text: TOMLKit gives
    /// no positions for values.
    func line(of key: String, in section: String? = nil) -> Int? {
        var current: String?
        for (index, raw) in lines.enumerated() {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("[") {
                current = line.dropFirst().prefix { $0 != "]" }.trimmingCharacters(in: .whitespaces)
                continue
            }
            guard current == section else { continue }
            let name = line.prefix { $0 != "=" }.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\"'"))
            if name == key, line.contains("=") { return index + 1 }
        }
        return nil
    }

    mutating func problem(_ key: String, in section: String? = nil, _ message: String) {
        settings.problems.append(.init(line: line(of: key, in: section), message: message))
    }

    /// `[[schemas]]` tables: `file-match = ["*.app.json"]` and `url = "schema.json"` each.
    mutating func read(schemas value: (any TOMLValueConvertible)?) {
        guard let list = value?.array else { return problem("schemas", "schemas must be tables: [[schemas]] with file-match and url") }
        for item in list {
            let patterns = item.table?["file-match"]?.array.map(Array.init) ?? []
            let globs = patterns.compactMap(\.string)
            guard let table = item.table, let url = table["url"]?.string, !url.isEmpty, !globs.isEmpty, globs.count == patterns.count else {
                problem("schemas", "each [[schemas]] needs file-match = [\"GLOB\", …] and url = \"SCHEMA\"; that one is ignored")
                continue
            }
            settings.schemaAssociations.append(.init(fileMatch: globs, url: url))
        }
    }

    mutating func read(_ table: TOMLTable) {
        // The theme first: [colors] changes the theme's colours, whatever the order in the file.
        for key in table.keys.sorted(by: { a, _ in a == "theme" }) {
            let value = table[key]
            switch key {
            case "editor":
                if let editor = value?.string, !editor.isEmpty { settings.editor = editor } else { problem(key, "editor must be a command line in quotes; \"vi\" stands") }
            case "theme":
                if let name = value?.string, let theme = Theme.all.first(where: { $0.name == name }) {
                    settings.theme = theme
                } else {
                    problem(key, "theme must be one of \(Theme.all.map(\.name).joined(separator: ", ")); \"default\" stands")
                }
            case "wrap":
                if let wrap = value?.bool { settings.wrapValues = wrap } else { problem(key, "wrap must be true or false; false stands") }
            case "catalog":
                if let catalog = value?.string { settings.catalog = catalog } else { problem(key, "catalog must be a path or URL in quotes") }
            case "fetch-schemas":
                if let fetch = value?.bool { settings.fetchSchemas = fetch } else { problem(key, "fetch-schemas must be true or false; true stands") }
            case "default-catalog":
                if let url = value?.string { settings.defaultCatalog = url } else { problem(key, "default-catalog must be a URL or path in quotes (\"\" for none); SchemaStore's stands") }
            case "schema-map":
                let items = value?.array.map(Array.init) ?? []
                let maps = items.compactMap(\.string)
                if value?.array != nil, maps.count == items.count, maps.allSatisfy({ $0.contains("=") && !$0.hasPrefix("=") && !$0.hasSuffix("=") }) {
                    settings.schemaMaps = maps
                } else {
                    problem(key, "schema-map must be a list of \"PREFIX=DIR\" in quotes; none is used")
                }
            case "schemas":
                read(schemas: value)
            case "colors":
                if let colors = value?.table { read(colors: colors) } else { problem(key, "colors must be a table: [colors]") }
            case "keys":
                if let keys = value?.table { read(keys: keys) } else { problem(key, "keys must be a table: [keys]") }
            default:
                problem(key, "unknown setting \(key); it is ignored")
            }
        }
    }

    mutating func read(colors: TOMLTable) {
        let roles = Dictionary(uniqueKeysWithValues: Theme.roleNames.map { ($0.value, $0.key) })
        for name in colors.keys {
            guard let role = roles[name] else {
                problem(name, in: "colors", "unknown role \(name) (roles: \(roles.keys.sorted().joined(separator: ", "))); it is ignored")
                continue
            }
            let value = colors[name]
            let color = value?.string.flatMap(TerminalColor.init(setting:)) ?? value?.int.flatMap(TerminalColor.init(palette:))
            guard let color else {
                problem(name, in: "colors", "\(name): a colour is a name (\"cyan\", \"bright-red\", \"default\") or 0–255; the theme's stands")
                continue
            }
            settings.theme.colors[role] = color
        }
    }

    mutating func read(keys: TOMLTable) {
        for name in keys.keys {
            guard let action = BrowserAction(rawValue: name) else {
                problem(name, in: "keys", "unknown action \(name); it is ignored (keepsake --print-config lists the actions)")
                continue
            }
            let names = keys[name]?.array.map { array in array.map { $0.string } } ?? keys[name]?.string.map { [$0] }
            let parsed = names?.map { $0.flatMap(KeyName.key(named:)) }
            guard let parsed, !parsed.isEmpty, parsed.allSatisfy({ $0 != nil }) else {
                problem(name, in: "keys", "\(name): keys are a list of names like [\"j\", \"Down\", \"C-n\"]; the built-in keys stand")
                continue
            }
            var table = settings.keys
            let keys = parsed.compactMap { $0 }
            for index in table.bindings.indices where table.bindings[index].action == action && table.bindings[index].keys != keys {
                table.bindings[index].keys = keys
                // The hint line names the new key ("q quit" becomes "Q quit").
                if let hint = table.bindings[index].hint, let label = hint.split(separator: " ", maxSplits: 1).last, let first = keys.first {
                    table.bindings[index].hint = first.displayName + " " + label
                }
            }
            if let clash = KeyName.firstClash(in: table) {
                problem(name, in: "keys", "\(clash); the built-in keys of \(name) stand")
                continue
            }
            settings.keys = table
        }
    }
}
