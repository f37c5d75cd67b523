import LosslessJSON

/// Runs `body` on a thread with a large stack and waits for it. Evaluation recurses along the
/// instance's nesting and the schema's references (bounded by `Evaluator.maxDepth` and
/// `maxTotalDepth`); a test runner's or a worker's thread may have too little stack for that
/// bound, so validation never runs on the caller's stack.
func onLargeStack<T>(_ body: () -> T) -> T {
    DeepStack.run(body)
}
