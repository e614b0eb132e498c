// A malloc counter for simsub's benchmark: preloaded with LD_PRELOAD, it counts every call to
// malloc, calloc, realloc and posix_memalign/aligned_alloc in the process. The benchmark finds
// `simsub_allocation_count` with dlsym and reads it before and after the engine's loop.
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stddef.h>
#include <stdatomic.h>

static _Atomic unsigned long long count;
unsigned long long simsub_allocation_count(void) { return atomic_load(&count); }

// dlsym may itself call calloc; serve that from a small static buffer.
static char bootstrap[4096];
static size_t bootstrap_used;
static void *(*real_malloc)(size_t);
static void *(*real_calloc)(size_t, size_t);
static void *(*real_realloc)(void *, size_t);
static int (*real_posix_memalign)(void **, size_t, size_t);
static void *(*real_aligned_alloc)(size_t, size_t);
static void (*real_free)(void *);
static int resolving;

static void resolve(void) {
  if (real_malloc || resolving) return;
  resolving = 1;
  real_malloc = dlsym(RTLD_NEXT, "malloc");
  real_calloc = dlsym(RTLD_NEXT, "calloc");
  real_realloc = dlsym(RTLD_NEXT, "realloc");
  real_posix_memalign = dlsym(RTLD_NEXT, "posix_memalign");
  real_aligned_alloc = dlsym(RTLD_NEXT, "aligned_alloc");
  real_free = dlsym(RTLD_NEXT, "free");
  resolving = 0;
}

void *malloc(size_t n) { resolve(); atomic_fetch_add(&count, 1); return real_malloc(n); }
void *calloc(size_t a, size_t b) {
  if (!real_calloc) {
    if (resolving) {
      size_t n = (a * b + 15) & ~(size_t)15;
      void *p = bootstrap + bootstrap_used;
      bootstrap_used += n;
      return bootstrap_used <= sizeof bootstrap ? p : NULL;
    }
    resolve();
  }
  atomic_fetch_add(&count, 1);
  return real_calloc(a, b);
}
void *realloc(void *p, size_t n) { resolve(); atomic_fetch_add(&count, 1); return real_realloc(p, n); }
int posix_memalign(void **p, size_t a, size_t n) {
  resolve(); atomic_fetch_add(&count, 1); return real_posix_memalign(p, a, n);
}
void *aligned_alloc(size_t a, size_t n) { resolve(); atomic_fetch_add(&count, 1); return real_aligned_alloc(a, n); }
void free(void *p) {
  if ((char *)p >= bootstrap && (char *)p < bootstrap + sizeof bootstrap) return;
  resolve();
  real_free(p);
}
