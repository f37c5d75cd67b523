import Dispatch
import LosslessJSON
import ModelBrowser
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What the runtime's workers post to its inbox. Each worker's news carries the ticket the
/// runtime gave it, so news from a worker the runtime has since replaced is dropped.
enum RuntimeNews: Sendable {
    /// A load ended: the document, or why not, and the source as the load left it.
    case loaded(ticket: Int, Result<JSONDocument, DocumentSourceError>, any DocumentSource)
    /// A load got further (what the loading screen or the title shows).
    case loadProgressed(ticket: Int, LoadingProgress)
    /// What a load has indexed so far, made into a document ready to show.
    case partReady(ticket: Int, JSONDocument)
    /// A check of the whole document ended, for the document's revision then.
    case checked(ticket: Int, [DocumentProblem], revision: Int)
    /// Another writer changed the source (the sentence says what).
    case changedByOthers(String)
    /// The person's editor returned.
    case editorFinished(EditorRequest, EditorOutcome)
    /// A describer's later work is done: the state shown is described again.
    case describeAgain
}

/// A source's load on another thread, and a watch beside it that posts its progress every tenth
/// of a second and — for a load that publishes what it has indexed so far — that part, made into
/// a document there, every half second. The load's progress can cancel it.
final class LoadWorker: Sendable {
    let ticket: Int
    let progress = LoadProgress()
    private let finished = Atomic<Bool>(false)

    /// How often a growing part of a loading document replaces the one shown.
    static let partInterval: Duration = .milliseconds(500)
    /// How often the load's progress is posted.
    static let progressInterval: Duration = .milliseconds(100)

    /// Starts loading `source`; with `publishingParts`, its parse publishes what it has indexed
    /// so far and the watch posts it. The loaded document's large containers are counted there,
    /// not in the first frame that shows it.
    init(_ source: any DocumentSource, ticket: Int, publishingParts: Bool, inbox: Inbox) {
        self.ticket = ticket
        progress.parse.publishesPrefixes = publishingParts
        let name = source.name
        DispatchQueue.global().async { [self] in
            var loading = source
            let loaded = Result { () throws(DocumentSourceError) in try loading.load(progress: progress) }
            if case .success(let document) = loaded { document.indexLargeContainers() }
            finished.store(true, ordering: .sequentiallyConsistent)
            inbox.post(.loaded(ticket: ticket, loaded, loading))
        }
        DispatchQueue.global().async { [self] in
            let clock = ContinuousClock()
            var shown: LoadingProgress?
            var partShown = (generation: 0, at: clock.now)
            while !finished.load(ordering: .sequentiallyConsistent), !progress.isCancelled {
                let now = LoadingProgress(sourceName: name, progress.snapshot)
                if now != shown {
                    shown = now
                    inbox.post(.loadProgressed(ticket: ticket, now))
                }
                if publishingParts, clock.now - partShown.at >= Self.partInterval, progress.parse.prefixGeneration > partShown.generation {
                    partShown = (progress.parse.prefixGeneration, clock.now)
                    if let part = progress.parse.indexedPrefix() {
                        part.indexLargeContainers()
                        inbox.post(.partReady(ticket: ticket, part))
                    }
                }
                pause(Self.progressInterval)
            }
        }
    }

    /// Stops the load at its next check (its news is dropped by then).
    func cancel() { progress.cancel() }
}

/// A check of a whole document on another thread, posting its problems.
enum CheckWorker {
    /// Starts checking `document` for the state's `revision`; posts `.checked` with `ticket`.
    static func start(_ checker: any DocumentChecker, _ document: JSONDocument, revision: Int, ticket: Int, inbox: Inbox) {
        DispatchQueue.global().async {
            // A check reads every value: a folded document is indexed whole for it, and let go after.
            let problems =
                if let whole = document.fullyIndexed() {
                    checker.problems(in: whole)
                } else {
                    [DocumentProblem(path: .root, message: "not checked: the file changed on disk since it was read (reload it)")]
                }
            inbox.post(.checked(ticket: ticket, problems, revision: revision))
        }
    }
}

/// Asks a source what others changed, four times a second, on a thread of its own; posts what it
/// hears. (A source that cannot tell answers nil at no cost.)
final class ChangeWatcher: Sendable {
    private let stopped = Atomic<Bool>(false)

    /// How often the source is asked.
    static let interval: Duration = .milliseconds(250)

    init(_ source: any DocumentSource, inbox: Inbox) {
        DispatchQueue.global().async { [self] in
            while !stopped.load(ordering: .relaxed) {
                pause(Self.interval)
                if stopped.load(ordering: .relaxed) { return }
                if let what = source.changesByOthers() { inbox.post(.changedByOthers(what)) }
            }
        }
    }

    /// Stops asking.
    func stop() { stopped.store(true, ordering: .relaxed) }
}

/// Sleeps this worker's thread (never the runtime's: it waits on its inbox).
private func pause(_ duration: Duration) {
    usleep(UInt32(duration.components.seconds * 1_000_000 + duration.components.attoseconds / 1_000_000_000_000))
}
