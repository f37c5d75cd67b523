import Dispatch
import Testing
@testable import LosslessJSON
#if canImport(Glibc)
import Glibc
#endif

/// What a save keeps safe besides the bytes: other writers' changes, what the file's other names
/// and metadata hold, and what a killed save leaves behind; and what reading refuses.
@Suite("Files: saving safely, reading special files")
struct SaveSafetyTests {
    // MARK: Other writers

    @Test func aChangeThatKeepsSizeAndTimeIsStillCaughtByTheContents() throws {
        let folder = TemporaryFolder()
        let file = folder.write("a.json", #"{"a": 1}"#)
        var document = try JSONDocument(contentsOfFile: file)
        var times = [timespec](repeating: timespec(), count: 2)
        var info = stat()
        stat(file, &info)
        times[0] = info.st_atim
        times[1] = info.st_mtim
        // Another program rewrites the file in place, same size, and puts the time back.
        let fd = open(file, O_WRONLY)
        _ = Array(#"{"a": 2}"#.utf8).withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, 0) }
        futimens(fd, times)
        close(fd)
        #expect(document.origin?.isUnchangedOnDisk == true)  // stat alone cannot tell
        try document.apply(.set(at: ["b"], to: true))
        #expect {
            try document.save()
        } throws: { error in
            guard case JSONFileError.changedOnDisk = error else { return false }
            return true
        }
        #expect(folder.read(file) == #"{"a": 2}"#)
    }

    @Test func savesOfOneFileTakeTurnsAndTheLaterOneSeesTheChange() throws {
        let folder = TemporaryFolder()
        let file = folder.write("a.json", #"{"a": 0, "b": 0}"#)
        // A writer holds the lock (as a save in another process would between its check and rename).
        let holder = open(file, O_RDONLY)
        #expect(flock(holder, LOCK_EX) == 0)
        var document = try JSONDocument(contentsOfFile: file)
        try document.apply(.set(at: ["a"], to: 1))
        let saving = document
        let started = DispatchTime.now()
        let outcome = Result<JSONFileOrigin, JSONFileError> { () throws(JSONFileError) -> JSONFileOrigin in
            try AtomicFileWriter.write(saving.text, to: file, options: AtomicFileWriter.Options(expected: saving.origin, lockTimeout: 0.3))
        }
        let waited = Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e9
        guard case .failure(.locked) = outcome else {
            Issue.record("expected the save to wait for the lock and give up, got \(outcome)")
            return
        }
        #expect(waited >= 0.3)
        // The holder replaces the file (its save) and lets go: the waiting save must notice.
        let other = folder.write("other.json", #"{"a": 0, "b": 1}"#)
        #expect(rename(other, file) == 0)
        close(holder)
        #expect {
            try document.save()
        } throws: { error in
            guard case JSONFileError.changedOnDisk = error else { return false }
            return true
        }
        #expect(folder.read(file) == #"{"a": 0, "b": 1}"#)
    }

    // MARK: Hard links, owner, attributes

    @Test func savingAsADeviceOrAFIFOWritesThroughAndNeverReplacesIt() throws {
        // The browser's `:w PATH`: a save to another path, which may name a device or a FIFO.
        let folder = TemporaryFolder()
        var document = try JSONDocument(contentsOfFile: folder.write("a.json", #"{"a": 1}"#))
        try document.apply(.set(at: ["a"], to: 2))
        try document.save(to: "/dev/null")
        var info = stat()
        #expect(lstat("/dev/null", &info) == 0 && info.st_mode & S_IFMT == S_IFCHR)
        let fifo = folder.path + "/pipe"
        #expect(mkfifo(fifo, 0o600) == 0)
        #expect {
            try document.save(to: fifo)
        } throws: { error in
            (error as? JSONFileError)?.description.contains("a FIFO that no process is reading") == true
        }
        #expect(lstat(fifo, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO)
    }

    @Test func aHardLinkedFileIsRefusedWrittenInPlaceOrSplitAsAsked() throws {
        let folder = TemporaryFolder()
        let file = folder.write("a.json", #"{"a": 1}"#)
        let other = folder.path + "/b.json"
        #expect(link(file, other) == 0)
        var document = try JSONDocument(contentsOfFile: file)
        try document.apply(.set(at: ["a"], to: 2))
        #expect {
            try document.save()
        } throws: { error in
            guard case JSONFileError.hardLinked(_, links: 2) = error else { return false }
            return true
        }
        #expect(folder.read(other) == #"{"a": 1}"#)

        try document.save(hardLinks: .writeInPlace)
        #expect(folder.read(other) == #"{"a": 2}"#)
        #expect(folder.entries() == ["a.json", "b.json"])  // no journal left

        try document.apply(.set(at: ["a"], to: 30))
        try document.save(hardLinks: .writeInPlace)  // longer than before: the file grows in place
        #expect(folder.read(other) == #"{"a": 30}"#)
        try document.apply(.set(at: ["a"], to: 4))
        try document.save(hardLinks: .writeInPlace)  // shorter: truncated
        #expect(folder.read(other) == #"{"a": 4}"#)

        try document.apply(.set(at: ["a"], to: 5))
        try document.save(hardLinks: .split)
        #expect(folder.read(file) == #"{"a": 5}"#)
        #expect(folder.read(other) == #"{"a": 4}"#)
    }

    @Test(.enabled(if: getuid() == 0, "changing a file's owner needs root"))
    func savingAsRootKeepsTheOwnerAndGroup() throws {
        let folder = TemporaryFolder()
        let file = folder.write("a.json", #"{"a": 1}"#, mode: 0o640)
        #expect(chown(file, 1234, 5678) == 0)
        var document = try JSONDocument(contentsOfFile: file)
        try document.apply(.set(at: ["a"], to: 2))
        try document.save()
        var info = stat()
        stat(file, &info)
        #expect(info.st_uid == 1234)
        #expect(info.st_gid == 5678)
        #expect(info.st_mode & 0o7777 == 0o640)
    }

    @Test func extendedAttributesAreKept() throws {
        typealias SetFunction = @convention(c) (UnsafePointer<CChar>, UnsafePointer<CChar>, UnsafeRawPointer?, Int, Int32) -> Int32
        typealias GetFunction = @convention(c) (UnsafePointer<CChar>, UnsafePointer<CChar>, UnsafeMutableRawPointer?, Int) -> Int
        let setter = unsafeBitCast(try #require(dlsym(nil, "setxattr")), to: SetFunction.self)
        let getter = unsafeBitCast(try #require(dlsym(nil, "getxattr")), to: GetFunction.self)
        let folder = TemporaryFolder()
        let file = folder.write("a.json", #"{"a": 1}"#)
        let value = Array("kept".utf8)
        guard setter(file, "user.keepsake-test", value, value.count, 0) == 0 else {
            // Not every file system takes user attributes (tmpfs before Linux 6.6): nothing to keep.
            #expect(errno == ENOTSUP || errno == EOPNOTSUPP)
            return
        }
        var document = try JSONDocument(contentsOfFile: file)
        try document.apply(.set(at: ["a"], to: 2))
        try document.save()
        var read = [UInt8](repeating: 0, count: 16)
        let count = getter(file, "user.keepsake-test", &read, read.count)
        #expect(count == value.count)
        #expect(Array(read.prefix(max(0, count))) == value)
    }

    // MARK: What a killed save leaves

    @Test func temporaryFilesOfDeadWritersAreRemovedAndThoseOfLiveOnesKept() throws {
        let folder = TemporaryFolder()
        let file = folder.write("a.json", #"{"a": 1}"#)
        let dead = Self.deadProcess()
        _ = folder.write(".a.json.keepsake-\(dead)-AbC123", "partial")
        _ = folder.write(".a.json.keepsake-\(getpid())-XyZ789", "being written")
        _ = folder.write(".b.json.keepsake-\(dead)-AbC123", "another file's")
        let said = SaveLeftovers.recover(beside: file)
        #expect(said.count == 1)
        #expect(said.first?.contains(".a.json.keepsake-\(dead)-AbC123") == true)
        #expect(folder.entries() == [".a.json.keepsake-\(getpid())-XyZ789", ".b.json.keepsake-\(dead)-AbC123", "a.json"])
        #expect(SaveLeftovers.recover(beside: file).isEmpty)  // said once
    }

    @Test func anInterruptedInPlaceSaveIsRolledBackFromItsJournal() throws {
        let folder = TemporaryFolder()
        let file = folder.write("a.json", #"{"a": "new, half wri"#)
        let dead = Self.deadProcess()
        _ = folder.write(".a.json.keepsake-\(dead).journal", #"{"a": "old"}"#)
        let said = SaveLeftovers.recover(beside: file)
        #expect(said.count == 1)
        #expect(said.first?.contains("restored") == true)
        #expect(folder.read(file) == #"{"a": "old"}"#)
        #expect(folder.entries() == ["a.json"])
    }

    /// A process id that no process has (a child that has exited and been reaped).
    static func deadProcess() -> Int32 {
        let pid = fork()
        if pid == 0 { _exit(0) }
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        return pid
    }

    // MARK: Reading special files

    @Test func devicesAreRefusedAndFilesWithoutASizeAreReadToTheirEnd() throws {
        #expect {
            _ = try JSONFileReader.read(path: "/dev/zero")
        } throws: { error in
            guard case JSONFileError.cannotRead(_, let reason) = error else { return false }
            return reason.contains("device")
        }
        // procfs says 0 bytes; the file is read to its end anyway.
        let (bytes, origin) = try JSONFileReader.read(path: "/proc/self/status")
        #expect(bytes.count > 100)
        #expect(origin == nil)
    }

    @Test func aFIFOIsReadFromItsWriterAndOneWithNoWriterFailsInTime() throws {
        let folder = TemporaryFolder()
        let fifo = folder.path + "/in.json"
        #expect(mkfifo(fifo, 0o600) == 0)
        let started = DispatchTime.now()
        #expect {
            _ = try JSONFileReader.read(path: fifo, fifoWait: 200)
        } throws: { error in
            guard case JSONFileError.cannotRead(_, let reason) = error else { return false }
            return reason.contains("no writer")
        }
        #expect(Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e9 < 5)

        DispatchQueue.global().async {
            let fd = open(fifo, O_WRONLY)
            _ = Array(#"[1, 2, 3]"#.utf8).withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            close(fd)
        }

        let document = try JSONDocument(contentsOfFile: fifo)
        #expect(document.text.string == "[1, 2, 3]")
        #expect(document.origin == nil)  // a FIFO cannot be saved back to
    }

    @Test func aStreamLargerThanTheLimitIsRefusedWithAClearMessage() throws {
        var pipeEnds: [Int32] = [0, 0]
        #expect(pipe(&pipeEnds) == 0)
        let payload = [UInt8](repeating: UInt8(ascii: " "), count: 3 << 20)
        let writeEnd = pipeEnds[1]
        DispatchQueue.global().async {
            _ = payload.withUnsafeBytes { write(writeEnd, $0.baseAddress, $0.count) }
            close(writeEnd)
        }

        #expect {
            _ = try JSONFileReader.readToEnd(pipeEnds[0], path: "-", limit: 1 << 20)
        } throws: { error in
            guard case JSONFileError.cannotRead(_, let reason) = error else { return false }
            return reason.contains("more than 1 MB")
        }
        // Let the writer finish (it may be blocked on a full pipe).
        var sink = [UInt8](repeating: 0, count: 1 << 16)
        while read(pipeEnds[0], &sink, sink.count) > 0 {}
        close(pipeEnds[0])
    }

    @Test func aFileThatCannotBeJSONIsRejectedAtItsFirstByteWithoutReadingTheRest() throws {
        let folder = TemporaryFolder()
        let file = folder.path + "/zeros.json"
        let fd = open(file, O_WRONLY | O_CREAT, 0o644)
        _ = Array("\n  ".utf8).withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        ftruncate(fd, 64 << 20)  // then 64 MB of zero bytes
        close(fd)
        var progressCalls = 0
        #expect {
            _ = try JSONFileReader.read(path: file, rejectingEarly: true) { _, _ in
                progressCalls += 1
                return true
            }
        } throws: { error in
            guard case JSONFileError.invalidJSON(_, let parse) = error else { return false }
            return parse.line == 2 && parse.column == 3 && parse.found.contains("U+0000")
        }
        #expect(progressCalls == 0)
    }

    // MARK: Messages

    @Test func aVeryLongPathIsShortenedInMessages() {
        let path = "/" + String(repeating: "d", count: 130_000) + "/a.json"
        let message = JSONFileError.cannotRead(path: path, reason: "No such file or directory").description
        #expect(message.count < 400)
        #expect(message.hasPrefix("/ddd"))
        #expect(message.hasSuffix("/a.json: cannot read: No such file or directory"))
        #expect(message.contains("characters)"))
    }
}
