import ArgumentParser
import LosslessJSON
#if canImport(Glibc)
import Glibc
#endif

// Swift's `CommandLine.arguments` replaces invalid UTF-8 with U+FFFD, which would write a value or
// name a file other than the one given: such an argument is refused instead.
if let position = Keepsake.firstArgumentNotUTF8() {
    printError("keepsake: error: argument \(position) is not valid UTF-8; keepsake takes paths and values in UTF-8")
    terminate(2)
}
// This program is its own YAML reader (`keepsake yaml-events`), whatever name it was installed or
// copied under: its children are told so, unless the environment already names a reader.
var selfPath = [CChar](repeating: 0, count: 4097)
if readlink("/proc/self/exe", &selfPath, 4096) > 0 { setenv("KEEPSAKE_YAML_READER", selfPath, 0) }
// Every command runs on a deep stack: with a raised --max-depth, a value of a million levels is
// freed by Swift's runtime one frame per level.
DeepStack.run { Keepsake.main(exitCodes: CommandLine.arguments) }
