import ArgumentParser
import LosslessYAML

/// `keepsake yaml-events`: reads a YAML text on standard input and writes its events — the child
/// process keepsake reads YAML with, so that a defect of libfyaml on hostile text ends the child,
/// never the program holding edits. Hidden: not for people.
struct YAMLEventsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "yaml-events", abstract: "Read YAML on standard input; write its events (keepsake's own use).", shouldDisplay: false)

    func run() throws {
        terminate(YAMLEventServer.run())
    }
}
