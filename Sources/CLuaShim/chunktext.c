// The text of the chunks a state loaded, kept for --trace (which shows the lines around each
// step), so a trace never opens the file a chunk name points to: `load(s, "@/etc/passwd")` keeps
// `s`. Off until tt_keep_chunk_texts; only `@name` chunks, text not bytecode, the first chunk of a
// name, within a cap per chunk (its first bytes) and per state. The memory is malloc's, not the
// state's allocator's: a trace must not change what the run may allocate (the caps are the slack).
#include "state.h"
#include <stdlib.h>
#include <string.h>

typedef struct ChunkText {
  struct ChunkText *next;
  char *text;
  size_t len;
  char name[];
} ChunkText;

struct ChunkTexts {
  ChunkText *head;
  size_t per_chunk, total, used;
};

void tt_keep_chunk_texts(lua_State *L, size_t per_chunk, size_t total) {
  Limits *m = LIM(L);
  if (!m->texts) m->texts = calloc(1, sizeof *m->texts);
  if (!m->texts) return;
  m->texts->per_chunk = per_chunk;
  m->texts->total = total;
}

static ChunkText *find(struct ChunkTexts *t, const char *name) {
  for (ChunkText *c = t->head; c; c = c->next)
    if (strcmp(c->name, name) == 0) return c;
  return NULL;
}

const char *tt_chunk_text(lua_State *L, const char *name, size_t *len) {
  struct ChunkTexts *t = LIM(L)->texts;
  ChunkText *c = t ? find(t, name) : NULL;
  if (!c) return NULL;
  *len = c->len;
  return c->text;
}

void tt_free_chunk_texts(Limits *m) {
  if (!m->texts) return;
  for (ChunkText *c = m->texts->head, *next; c; c = next) {
    next = c->next;
    free(c->text);
    free(c);
  }
  free(m->texts);
  m->texts = NULL;
}

void tt_capture_begin(lua_State *L, tt_Capture *c, const char *name) {
  memset(c, 0, sizeof *c);
  struct ChunkTexts *t = LIM(L)->texts;
  if (!t || !name || name[0] != '@' || find(t, name) || t->used >= t->total) return;
  size_t room = t->total - t->used;
  c->cap = t->per_chunk < room ? t->per_chunk : room;
}

void tt_capture_add(tt_Capture *c, const char *s, size_t n) {
  if (c->n == 0 && n > 0 && s[0] == LUA_SIGNATURE[0]) c->cap = 0;  // bytecode: nothing to show
  if (n > c->cap - c->n) n = c->cap - c->n;
  if (n == 0) return;
  if (c->n + n > c->size) {
    size_t size = c->size ? c->size : 4096;
    while (size < c->n + n) size *= 2;
    if (size > c->cap) size = c->cap;
    char *p = realloc(c->p, size);
    if (!p) { c->cap = c->n; return; }  // keep what fits; a trace shows fewer lines
    c->p = p;
    c->size = size;
  }
  memcpy(c->p + c->n, s, n);
  c->n += n;
}

// The names of the `@file` chunks the state loaded, in order, each once (for `test --watch`: which
// files a spec file's state loaded). malloc's memory, like the texts.
typedef struct LoadedName { struct LoadedName *next; char name[]; } LoadedName;

static void remember_name(Limits *m, const char *name) {
  LoadedName **tail = &m->loaded;
  for (; *tail; tail = &(*tail)->next)
    if (strcmp((*tail)->name, name + 1) == 0) return;
  LoadedName *e = malloc(sizeof *e + strlen(name));
  if (!e) return;
  strcpy(e->name, name + 1);
  e->next = NULL;
  *tail = e;
}

const char *tt_loaded_chunk(lua_State *L, int i) {
  LoadedName *e = LIM(L)->loaded;
  while (e && i-- > 0) e = e->next;
  return e ? e->name : NULL;
}

void tt_free_loaded_names(Limits *m) {
  for (LoadedName *e = m->loaded, *next; e; e = next) {
    next = e->next;
    free(e);
  }
  m->loaded = NULL;
}

void tt_capture_end(lua_State *L, tt_Capture *c, const char *name, int loaded) {
  if (loaded && name && name[0] == '@') remember_name(LIM(L), name);
  struct ChunkTexts *t = LIM(L)->texts;
  ChunkText *e = NULL;
  if (loaded && t && c->cap > 0 && !find(t, name)) e = malloc(sizeof *e + strlen(name) + 1);
  if (!e) { free(c->p); c->p = NULL; return; }
  strcpy(e->name, name);
  e->text = c->p;
  e->len = c->n;
  e->next = t->head;
  t->head = e;
  t->used += c->n;
  c->p = NULL;
}
