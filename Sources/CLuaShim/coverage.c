// Line coverage: the hook's line events counted per `@file` chunk, cheaply (see tt_cover_line).
#include "state.h"
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef struct CovFile {
  char *name;        // the chunk name without its '@'
  unsigned *hits;    // hits[line]
  int cap;
  struct CovFile *next;
} CovFile;

// A direct-mapped cache from a running closure to its file (NULL: a chunk not loaded from a
// file, not counted). The cached closures are kept alive in a table (`anchor`, slot i at i + 1),
// so an address in the cache is never a later object's.
#define SLOTS 1024
typedef struct Coverage {
  struct { const void *fn; CovFile *file; } slot[SLOTS];
  int anchor;    // registry reference of the table keeping the cached closures
  int layout;    // reading the closure from the CallInfo: 0 not checked yet, 1 checked, -1 lua_getinfo
  CovFile *files, *last;
  int count;
} Coverage;

// The closure a hook's CallInfo runs, read as Lua 5.4 lays it out (CallInfo starts with its
// function's stack slot, whose value starts with the object pointer). Checked once against
// lua_getinfo's "f" (tt_cover_line); where they differ, lua_getinfo is used every time.
static const void *closure_of(lua_Debug *ar) {
  void *const *func = *(void *const *const *)ar->i_ci;
  return *func;
}

static CovFile *file_named(Coverage *c, const char *name) {
  if (c->last && strcmp(c->last->name, name) == 0) return c->last;
  for (CovFile *f = c->files; f; f = f->next)
    if (strcmp(f->name, name) == 0) return c->last = f;
  CovFile *f = calloc(1, sizeof *f);
  if (!f) return NULL;
  f->name = strdup(name);
  if (!f->name) { free(f); return NULL; }
  f->next = c->files;
  c->files = f;
  c->count++;
  return c->last = f;
}

static void grow(CovFile *f, int line) {
  int cap = f->cap ? f->cap : 64;
  while (cap <= line) cap *= 2;
  unsigned *h = realloc(f->hits, (size_t)cap * sizeof *h);
  if (!h) return;  // this line goes uncounted
  memset(h + f->cap, 0, (size_t)(cap - f->cap) * sizeof *h);
  f->hits = h;
  f->cap = cap;
}

// A miss: the function's chunk name (lua_getinfo "S"), the closure kept in the anchor table.
static CovFile *miss(lua_State *L, Coverage *c, lua_Debug *ar, const void *fn, unsigned h) {
  if (!lua_getinfo(L, "Sf", ar)) return NULL;
  CovFile *file = ar->source && ar->source[0] == '@' ? file_named(c, ar->source + 1) : NULL;
  if (lua_rawgeti(L, LUA_REGISTRYINDEX, c->anchor) == LUA_TTABLE) {
    lua_pushvalue(L, -2);
    lua_rawseti(L, -2, (lua_Integer)h + 1);  // the array part is sized at start: no allocation
  }
  lua_pop(L, 2);
  c->slot[h].fn = fn;
  c->slot[h].file = file;
  return file;
}

void tt_cover_line(lua_State *L, lua_Debug *ar) {
  Coverage *c = LIM(L)->cov;
  const void *fn;
  if (c->layout > 0) {
    fn = closure_of(ar);
  } else {
    if (!lua_getinfo(L, "f", ar)) return;
    fn = lua_topointer(L, -1);
    lua_pop(L, 1);
    if (c->layout == 0) c->layout = closure_of(ar) == fn ? 1 : -1;
  }
  unsigned h = (unsigned)(((uintptr_t)fn >> 4) & (SLOTS - 1));
  CovFile *f = c->slot[h].fn == fn ? c->slot[h].file : miss(L, c, ar, fn, h);
  if (!f) return;
  int line = ar->currentline;
  if (line < 0) return;
  if (line >= f->cap) grow(f, line);
  if (line < f->cap) f->hits[line]++;
}

int tt_coverage_start(lua_State *L) {
  Limits *m = LIM(L);
  if (m->cov) return 0;
  Coverage *c = calloc(1, sizeof *c);
  if (!c) return 1;
  lua_createtable(L, SLOTS, 0);
  c->anchor = luaL_ref(L, LUA_REGISTRYINDEX);
  m->cov = c;
  tt_arm_hook(L);
  return 0;
}

int tt_coverage_file_count(lua_State *L) {
  Coverage *c = LIM(L)->cov;
  return c ? c->count : 0;
}

const char *tt_coverage_file(lua_State *L, int i, const unsigned **hits, int *count) {
  Coverage *c = LIM(L)->cov;
  CovFile *f = c ? c->files : NULL;
  for (int k = c ? c->count - 1 : 0; f && k > i; k--) f = f->next;  // the list is newest first
  if (!f) return NULL;
  *hits = f->hits;
  *count = f->cap;
  return f->name;
}

void tt_coverage_reset(lua_State *L) {
  Coverage *c = LIM(L)->cov;
  if (!c) return;
  for (CovFile *f = c->files; f; f = f->next)
    if (f->hits) memset(f->hits, 0, (size_t)f->cap * sizeof *f->hits);
}

void tt_free_coverage(Limits *m) {
  Coverage *c = m->cov;
  if (!c) return;
  m->cov = NULL;
  for (CovFile *f = c->files, *next; f; f = next) {
    next = f->next;
    free(f->name);
    free(f->hits);
    free(f);
  }
  free(c);
}
