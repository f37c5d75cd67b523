import ArgumentParser

// Swift's `CommandLine.arguments` replaces invalid UTF-8 with U+FFFD, which would write a value or
// name a file other than the one given: such an argument is refused instead.
if let position = Keepsake.firstArgumentNotUTF8() {
    printError("keepsake: error: argument \(position) is not valid UTF-8; keepsake takes paths and values in UTF-8")
    terminate(2)
}
Keepsake.main(exitCodes: CommandLine.arguments)
