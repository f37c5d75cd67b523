#ifndef KEEPSAKE_BUILD_INFO_H
#define KEEPSAKE_BUILD_INFO_H

/// The commit the binary was built from (set by the manifest from the checkout), or "" when the
/// build was not made from a git checkout.
const char *keepsake_build_commit(void);

#endif
