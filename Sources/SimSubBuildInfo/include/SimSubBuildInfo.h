#ifndef SIMSUB_BUILD_INFO_H
#define SIMSUB_BUILD_INFO_H

/// The git commit the executable was built from (40 hex digits), or an empty string when it was
/// not built from a git checkout. Package.swift defines it from SwiftPM's git information.
const char *simsub_build_commit(void);

/// 1 when the checkout had uncommitted changes at build time, else 0.
int simsub_build_dirty(void);

#endif
