// The lines that hold code the compiler emitted, for a chunk's text: the chunk is compiled in a
// state of its own and its bytecode dump (lundump.c's format, Lua 5.4) walked, every function
// prototype with its line info, as lua_getinfo's 'L' (activelines) reads one function's.
#include "CLuaShim.h"
#include <stdlib.h>
#include <string.h>

typedef struct { char *p; size_t n, cap; } Buf;

static int writer(lua_State *L, const void *p, size_t sz, void *ud) {
  (void)L;
  Buf *b = ud;
  if (b->n + sz > b->cap) {
    size_t cap = b->cap ? b->cap : 4096;
    while (cap < b->n + sz) cap *= 2;
    char *q = realloc(b->p, cap);
    if (!q) return 1;
    b->p = q;
    b->cap = cap;
  }
  memcpy(b->p + b->n, p, sz);
  b->n += sz;
  return 0;
}

typedef struct {
  const unsigned char *p, *end;
  int bad;
  size_t isize, intsize, numsize;
  int *lines;
  size_t nlines, cap;
} R;

static int byte(R *r) {
  if (r->p >= r->end) { r->bad = 1; return 0x80; }
  return *r->p++;
}
static size_t varint(R *r) {  // lundump.c's loadUnsigned
  size_t x = 0;
  int b;
  do { b = byte(r); x = (x << 7) | (size_t)(b & 0x7f); } while (!(b & 0x80));
  return x;
}
static void skip(R *r, size_t n) {
  if ((size_t)(r->end - r->p) < n) { r->bad = 1; r->p = r->end; } else r->p += n;
}
static void skip_string(R *r) {
  size_t n = varint(r);
  if (n) skip(r, n - 1);
}
static void add(R *r, int line) {
  if (r->nlines == r->cap) {
    size_t cap = r->cap ? r->cap * 2 : 256;
    int *q = realloc(r->lines, cap * sizeof *q);
    if (!q) { r->bad = 1; return; }
    r->lines = q;
    r->cap = cap;
  }
  r->lines[r->nlines++] = line;
}

#define ABSLINEINFO (-0x80)

static void function(R *r, int depth) {
  if (depth > 250) { r->bad = 1; return; }
  skip_string(r);  // source
  int linedefined = (int)varint(r);
  varint(r);  // lastlinedefined
  byte(r);  // numparams
  int vararg = byte(r);
  byte(r);  // maxstacksize
  skip(r, varint(r) * r->isize);  // code
  size_t nk = varint(r);
  for (size_t i = 0; i < nk && !r->bad; i++) {
    int t = byte(r);
    if (t == 3) skip(r, r->intsize);  // LUA_VNUMINT
    else if (t == 19) skip(r, r->numsize);  // LUA_VNUMFLT
    else if (t == 4 || t == 20) skip_string(r);  // short and long strings
  }
  skip(r, varint(r) * 3);  // upvalues: instack, idx, kind
  size_t np = varint(r);
  for (size_t i = 0; i < np && !r->bad; i++) function(r, depth + 1);
  size_t nli = varint(r);
  const signed char *li = (const signed char *)r->p;
  skip(r, nli);
  size_t nabs = varint(r);
  const unsigned char *abs = r->p;
  for (size_t i = 0; i < nabs && !r->bad; i++) { varint(r); varint(r); }
  const unsigned char *after = r->p;
  size_t nloc = varint(r);
  for (size_t i = 0; i < nloc && !r->bad; i++) { skip_string(r); varint(r); varint(r); }
  size_t nupn = varint(r);
  for (size_t i = 0; i < nupn && !r->bad; i++) skip_string(r);
  if (r->bad) return;
  // Each instruction's line (ldebug.c's nextline); the vararg preparation (instruction 0 of a
  // vararg function) and the implicit return every function ends with (on its `end`, or the
  // main chunk's last line) are left out, as activelines and luacov leave them out.
  const unsigned char *save = r->p, *save_end = r->end;
  r->p = abs;
  r->end = after;
  int line = linedefined;
  for (size_t pc = 0; pc < nli; pc++) {
    if (li[pc] != ABSLINEINFO) {
      line += li[pc];
    } else {
      size_t apc = varint(r);
      int aline = (int)varint(r);
      if (apc != pc) { r->bad = 1; break; }
      line = aline;
    }
    if ((vararg && pc == 0) || pc + 1 == nli) continue;
    add(r, line);
  }
  r->p = save;
  r->end = save_end;
}

static int cmp(const void *a, const void *b) {
  int x = *(const int *)a, y = *(const int *)b;
  return (x > y) - (x < y);
}

int *tt_executable_lines(const char *text, size_t len, const char *name, size_t *count, char *err, size_t errsize) {
  *count = 0;
  if (errsize) err[0] = 0;
  lua_State *L = luaL_newstate();
  if (!L) { if (errsize) strncpy(err, "not enough memory", errsize - 1); return NULL; }
  Buf b = {0};
  int *out = NULL;
  if (luaL_loadbufferx(L, text, len, name, "t") != LUA_OK) {
    const char *msg = lua_tostring(L, -1);
    if (errsize) { strncpy(err, msg ? msg : "cannot load", errsize - 1); err[errsize - 1] = 0; }
  } else if (lua_dump(L, writer, &b, 0) == 0 && b.n > 0) {
    R r = {.p = (const unsigned char *)b.p, .end = (const unsigned char *)b.p + b.n};
    skip(&r, 4 + 1 + 1 + 6);  // signature, version, format, LUAC_DATA
    r.isize = (size_t)byte(&r);
    r.intsize = (size_t)byte(&r);
    r.numsize = (size_t)byte(&r);
    skip(&r, r.intsize + r.numsize + 1);  // LUAC_INT, LUAC_NUM, the main function's upvalue count
    function(&r, 0);
    if (r.bad) {
      free(r.lines);
      if (errsize) strncpy(err, "unexpected bytecode layout", errsize - 1);
    } else {
      qsort(r.lines, r.nlines, sizeof *r.lines, cmp);
      size_t n = 0;
      for (size_t i = 0; i < r.nlines; i++)
        if (n == 0 || r.lines[n - 1] != r.lines[i]) r.lines[n++] = r.lines[i];
      out = r.lines ? r.lines : malloc(sizeof(int));
      *count = n;
    }
  }
  free(b.p);
  lua_close(L);
  return out;
}

void tt_free(void *p) { free(p); }
