import ArgumentParser

Keepsake.main(exitCodes: CommandLine.arguments)
