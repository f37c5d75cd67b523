import CursesTerminal
import KeepsakeSources
import DictionaryStorage
import Foundation
import LosslessJSON
import ModelBrowser
import ModelBrowserRuntime

// Your models…
@DictionaryStorage
struct Task {
    @StringRawRepresentation
    enum Priority { case low, normal, high; case other(String) }

    var title: String = ""
    var done: Bool = false
    var priority: Priority = .normal
    @DictionaryStorageProperty(strategy: .yearMonthDay) var due: Date?
}

@DictionaryStorage
struct TaskList {
    var name: String = ""
    var tasks: [Task] = []
}

// …registered, and a browser over any file of them.
var registry = ModelRegistry()
registry.register(TaskList.self)
registry.register(Task.self)

// Whatever keepsake opens: a JSON file in any syntax, JSON Lines, a record store (SQLite or
// postgres://), standard input.
let path = CommandLine.arguments.dropFirst().first ?? "tasks.json"
do {
    let source = try SourceLocation(path).open()
    try Browser.run(source: source, registry: registry) { CursesTerminal() }
} catch {
    print("TaskBrowser: \(error)")
}
