#include "SimSubBuildInfo.h"

// SIMSUB_COMMIT and SIMSUB_DIRTY come from Package.swift (Context.gitInformation), so a build
// from a git checkout names its commit without a build plugin or a generated file.
#define SIMSUB_STRINGIFY(x) #x
#define SIMSUB_EXPAND(x) SIMSUB_STRINGIFY(x)

const char *simsub_build_commit(void) {
#ifdef SIMSUB_COMMIT
  return SIMSUB_EXPAND(SIMSUB_COMMIT);
#else
  return "";
#endif
}

int simsub_build_dirty(void) {
#ifdef SIMSUB_DIRTY
  return 1;
#else
  return 0;
#endif
}
