import Foundation

/// A result handed from the large-stack thread back to the caller.
private final class StackResult<T>: @unchecked Sendable {
    var value: T?
    let done = DispatchSemaphore(value: 0)
    let body: () -> T
    init(_ body: @escaping () -> T) { self.body = body }
}

/// Runs `body` on a thread with a large stack and waits for it. Evaluation recurses along the
/// instance's nesting and the schema's references (bounded by `Evaluator.maxDepth`); a test
/// runner's or a worker's thread may have too little stack for that bound, so validation never
/// runs on the caller's stack.
func onLargeStack<T>(_ body: @escaping () -> T) -> T {
    let result = StackResult(body)
    let thread = Thread {
        result.value = result.body()
        result.done.signal()
    }
    thread.stackSize = 512 << 20
    thread.start()
    result.done.wait()
    guard let value = result.value else { preconditionFailure("the validation thread ended without a result") }
    return value
}
