#include "build_info.h"

// A C string, not a Swift constant: Swift's conditional-compilation flags carry no values, while
// the manifest can define this one from the checkout's commit (Package.swift, `buildCommit`).
#ifndef KEEPSAKE_COMMIT
#define KEEPSAKE_COMMIT ""
#endif

const char *keepsake_build_commit(void) { return KEEPSAKE_COMMIT; }
