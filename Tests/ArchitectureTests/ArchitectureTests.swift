import Foundation
import Testing
import TestSupport

/// ARCHITECTURE.md, the README, the manual and the help held to the code, as `ReadmeTests` holds
/// the README's examples: each module imports exactly what the table says; every file and type the
/// page names exists; every option and `db` verb the README, the manual or a help text names is one
/// the command has.
@Suite("Architecture and documentation match the code")
struct ArchitectureTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func text(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    /// Every file under a folder of the repository, relative to it.
    static func files(under folder: String) -> [String] {
        let base = root.appendingPathComponent(folder)
        guard let walker = FileManager.default.enumerator(atPath: base.path) else { return [] }
        // (Build folders hold other packages' files.)
        return walker.compactMap { $0 as? String }.filter { !$0.hasPrefix(".build") && !$0.contains("/.build") }.map { folder + "/" + $0 }
    }

    // MARK: The module table

    /// ARCHITECTURE.md's module table: module, folder, and the modules it imports.
    static func moduleTable() throws -> [(module: String, folder: String, imports: Set<String>)] {
        try text("ARCHITECTURE.md").split(separator: "\n").compactMap { line -> (String, String, Set<String>)? in
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 6, cells[1].hasPrefix("`"), cells[2].hasPrefix("`") else { return nil }
            let module = cells[1].trimmingCharacters(in: ["`"])
            let folder = cells[2].trimmingCharacters(in: ["`"])
            // "LosslessJSON, Glibc, … (no Foundation)": the names, notes in parentheses left out.
            let listed = cells[4].replacingOccurrences(of: #"\([^)]*\)"#, with: "", options: .regularExpression)
            let imports = Set(listed.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty && $0 != "—" })
            return (module, folder, imports)
        }
    }

    /// The modules a folder's Swift files import (attributes such as `@_spi(…)` dropped).
    static func imports(in folder: String) throws -> Set<String> {
        var found: Set<String> = []
        for file in files(under: folder) where file.hasSuffix(".swift") {
            for line in try text(file).split(separator: "\n") {
                let words = line.split(separator: " ").filter { !$0.hasPrefix("@") }
                guard words.count >= 2, words[0] == "import" else { continue }
                // Darwin is Glibc's stand-in on Apple's systems (`#elseif canImport(Darwin)`).
                found.insert(words[1] == "Darwin" ? "Glibc" : String(words[1]))
            }
        }
        return found
    }

    @Test func everyModulesImportsAreWhatTheTableSays() throws {
        let table = try Self.moduleTable()
        #expect(table.count >= 15, "the table was not found")
        let sources = Set(try FileManager.default.contentsOfDirectory(atPath: Self.root.appendingPathComponent("Sources").path))
        let tabled = Set(table.map(\.folder))
        for folder in sources.map({ "Sources/" + $0 }) where !tabled.contains(folder) {
            Issue.record("\(folder) is not in ARCHITECTURE.md's module table")
        }
        for (module, folder, listed) in table {
            let actual = try Self.imports(in: folder)
            // The C targets import nothing (their row lists "—").
            #expect(actual == listed, "\(module): the code imports \(actual.sorted()), the table says \(listed.sorted())")
        }
    }

    @Test func theModelBrowserIsPure() throws {
        let imports = try Self.imports(in: "Sources/ModelBrowser")
        for impure in ["CNcurses", "Dispatch", "Glibc", "Foundation", "JSONSchema", "ModelBrowserRuntime"] {
            #expect(!imports.contains(impure), "ModelBrowser imports \(impure)")
        }
    }

    // MARK: Names on the page

    /// The backquoted names of ARCHITECTURE.md: files (`Name.swift`, `Type+Feature.swift`) and
    /// types (`JSONDocument`, `BrowserState.describe(…)`: its first name).
    static func namesOnThePage() throws -> (files: Set<String>, types: Set<String>) {
        let page = try text("ARCHITECTURE.md")
        var files: Set<String> = []
        var types: Set<String> = []
        let code = try NSRegularExpression(pattern: "`([^`\\n]+)`")
        for match in code.matches(in: page, range: NSRange(page.startIndex..., in: page)) {
            guard let range = Range(match.range(at: 1), in: page) else { continue }
            let token = String(page[range])
            if token.hasSuffix(".swift") {
                files.insert(token)
            } else if token.contains("*") || token.contains(" ") {
                continue  // a pattern (`.vscode/*.json`) or words (`schema check/export`)
            } else if token.contains("/") {
                // A path (`Sources/ModelBrowser`, `Tests/TestSupport`): checked as a file or folder.
                if let first = token.first, first.isLetter || first == "." { files.insert(token) }
            } else if token.count > 1, token.allSatisfy({ $0.isUppercase || $0.isNumber || $0 == "_" || $0 == "*" }) {
                continue  // an environment variable or SQL (`PGHOST`, `WAL`)
            } else if let first = token.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") }).first,
                first.first?.isUppercase == true, token.first?.isUppercase == true
            {
                types.insert(String(first))
            }
        }
        // Names in the folder maps (```…``` blocks): `Name.swift` and `Type+Feature.swift` words.
        let word = try NSRegularExpression(pattern: #"\b([A-Z][A-Za-z0-9]*(\+[A-Za-z0-9]+)?\.swift)\b"#)
        for match in word.matches(in: page, range: NSRange(page.startIndex..., in: page)) {
            if let range = Range(match.range(at: 1), in: page) { files.insert(String(page[range])) }
        }
        return (files, types)
    }

    /// Names the page may use that are not declared here: modules of other packages and of the
    /// system, and their types.
    static let outside: Set<String> = [
        "Foundation", "Glibc", "Dispatch", "Synchronization", "Algorithms", "GRDB", "PostgresNIO", "BigInt", "TOMLKit", "ArgumentParser",
        "SwiftSyntax", "SwiftSyntaxMacros", "SwiftSyntaxBuilder", "SwiftDiagnostics", "SwiftCompilerPlugin", "MacroTesting",
        "DatabasePool", "DatabaseQueue", "NSRegularExpression", "RealModule", "Testing", "JSONSerialization", "JSONDecoder", "Codable",
    ]

    @Test func everyFileAndTypeThePageNamesExists() throws {
        let (files, types) = try Self.namesOnThePage()
        #expect(files.count > 20 && types.count > 40, "the page's names were not found")
        let repository = Self.files(under: "Sources") + Self.files(under: "Tests") + Self.files(under: "Fuzz") + Self.files(under: "Benchmarks")
        let names = Set(repository.map { ($0 as NSString).lastPathComponent })
        for file in files {
            let exists = file.contains("/") ? FileManager.default.fileExists(atPath: Self.root.appendingPathComponent(file).path) : names.contains(file)
            #expect(exists, "ARCHITECTURE.md names \(file), which does not exist")
        }
        // Folders of the repository and test targets are names too.
        let folders = Set((try FileManager.default.contentsOfDirectory(atPath: Self.root.path))
            + (try FileManager.default.contentsOfDirectory(atPath: Self.root.appendingPathComponent("Tests").path)))
        var declared: Set<String> = []
        let declaration = try NSRegularExpression(pattern: #"(?:struct|class|enum|protocol|typealias|actor|extension|func|case)\s+([A-Z][A-Za-z0-9_]*)"#)
        for file in repository where file.hasSuffix(".swift") {
            let source = try Self.text(file)
            for match in declaration.matches(in: source, range: NSRange(source.startIndex..., in: source)) {
                if let range = Range(match.range(at: 1), in: source) { declared.insert(String(source[range])) }
            }
        }
        let modules = Set(try Self.moduleTable().map(\.module))
        for type in types where !declared.contains(type) && !modules.contains(type) && !Self.outside.contains(type) && !folders.contains(type) {
            Issue.record("ARCHITECTURE.md names \(type), which is declared nowhere")
        }
    }

    // MARK: Options and verbs

    /// The command tree as the binary describes itself: each command's path and its options.
    static func commandTree() throws -> [(path: [String], options: Set<String>)] {
        let dump = try Subprocess.run(BuiltProduct.path("keepsake"), ["--experimental-dump-help"])
        let json = try #require(try JSONSerialization.jsonObject(with: Data(dump.stdout.utf8)) as? [String: Any])
        var found: [(path: [String], options: Set<String>)] = []
        func walk(_ command: [String: Any], _ path: [String]) {
            var options: Set<String> = []
            for argument in command["arguments"] as? [[String: Any]] ?? [] {
                for name in argument["names"] as? [[String: Any]] ?? [] where (name["kind"] as? String) == "long" {
                    if let text = name["name"] as? String { options.insert("--" + text) }
                }
            }
            found.append((path, options))
            for sub in command["subcommands"] as? [[String: Any]] ?? [] { walk(sub, path + [sub["commandName"] as? String ?? ""]) }
        }
        walk(try #require(json["command"] as? [String: Any]), ["keepsake"])
        return found
    }

    /// What the README, the manual and every help text say: the texts searched for options and verbs.
    static func documents() throws -> [(name: String, text: String)] {
        let manual = try text("docs/keepsake.1").replacingOccurrences(of: "\\-", with: "-").replacingOccurrences(of: "\\(em", with: "—")
        var helps: [(String, String)] = []
        for command in try commandTree() {
            let help = try Subprocess.run(BuiltProduct.path("keepsake"), Array(command.path.dropFirst()) + ["--help"])
            helps.append(("keepsake \(command.path.dropFirst().joined(separator: " ")) --help", help.stdout))
        }
        return [("README.md", try text("README.md")), ("docs/keepsake.1", manual), ("docs/UI.md", try text("docs/UI.md"))] + helps
    }

    @Test func everyOptionAndDBVerbTheDocumentsNameExists() throws {
        let tree = try Self.commandTree()
        let options = tree.reduce(into: Set<String>()) { $0.formUnion($1.options) }
        let verbs = Set(tree.filter { $0.path.count == 3 && $0.path[1] == "db" }.map { $0.path[2] })
        #expect(verbs.contains("list") && options.contains("--where"), "the command tree was not read")
        let option = try NSRegularExpression(pattern: #"(?<![\w-])(--[a-z][a-z0-9-]*[a-z0-9])"#)
        let verb = try NSRegularExpression(pattern: #"keepsake db ([a-z][a-z-]*)"#)
        // Options of other programs the documents show (git, swift, cp, the tarball's install.sh) are not keepsake's.
        let others: Set<String> = ["--disable-sandbox", "--target", "--filter", "--product", "--package-path", "--scratch-path", "--show-bin-path",
                                   "--configuration", "--output-directory", "--no-progress", "--pid", "--recover", "--experimental-dump-help",
                                   "--static-swift-stdlib", "--prefix", "--uninstall"]
        // ArgumentParser's own, on the root command.
        let builtIn: Set<String> = ["--generate-completion-script"]
        for (name, text) in try Self.documents() {
            let range = NSRange(text.startIndex..., in: text)
            for match in option.matches(in: text, range: range) {
                guard let found = Range(match.range(at: 1), in: text).map({ String(text[$0]) }), !others.contains(found), !builtIn.contains(found) else {
                    continue
                }
                #expect(options.contains(found), "\(name) names \(found), which no command has")
            }
            for match in verb.matches(in: text, range: range) {
                guard let found = Range(match.range(at: 1), in: text).map({ String(text[$0]) }) else { continue }
                #expect(verbs.contains(found), "\(name) names keepsake db \(found), which does not exist")
            }
        }
    }
}
