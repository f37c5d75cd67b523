#ifndef KEEPSAKE_BUILD_INFO_H
#define KEEPSAKE_BUILD_INFO_H

/// The commit the binary was built from (`KEEPSAKE_COMMIT`, which Scripts/package.sh sets), or "" when
/// the build was not given one.
const char *keepsake_build_commit(void);

#endif
