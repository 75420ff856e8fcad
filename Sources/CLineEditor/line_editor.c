// The REPL's line editor: libedit (BSD licence) through its readline interface.
//
// Why libedit, not GNU readline (which Debian's lua5.4 links): tantan-host is also a library other
// programs embed (TantanLua, LuaRuntime), and linking readline would put them under the GPL;
// libedit is BSD and ships with macOS (Homebrew keeps its own readline and libedit keg-only for
// that reason); on Debian it is `libedit2`, headers in `libedit-dev` (scripts/bootstrap).
// Why dlopen: linked, libedit (with libbsd, libmd, libtinfo) loads with every run, including
// `tantan-host -e ''`, whose start-up is benchmarked against lua5.4; loaded here it costs only
// the REPL. The header comes from the -dev package, so the types are checked against it.
#include "CLineEditor.h"
#include <dlfcn.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <editline/readline.h>
#include <lauxlib.h>

// libedit's functions and variables, looked up by name (never referenced directly: that would
// link the library).
static struct {
  void *handle;
  __typeof__(&readline) readline;
  __typeof__(&add_history) add_history;
  __typeof__(&read_history) read_history;
  __typeof__(&write_history) write_history;
  __typeof__(&stifle_history) stifle_history;
  __typeof__(&rl_completion_matches) completion_matches;
  __typeof__(&rl_attempted_completion_function) attempted_completion;
  __typeof__(&rl_attempted_completion_over) completion_over;
  __typeof__(&rl_completion_append_character) append_character;
  __typeof__(&rl_completer_word_break_characters) word_breaks;
  __typeof__(&rl_readline_name) name;
} el;

static lua_State *state;    // the REPL's state, for completion; NULL outside the REPL
static char *history_path;  // NULL: the history lives for the session only

static const char *const library_names[] = {
#ifdef __APPLE__
  "libedit.3.dylib", "/opt/homebrew/opt/libedit/lib/libedit.dylib", "/usr/local/opt/libedit/lib/libedit.dylib",
#else
  "libedit.so.2", "libedit.so",
#endif
};

#define LOOKUP(field, symbol) (el.field = (__typeof__(el.field))dlsym(el.handle, symbol)) != NULL

static int load_library(void) {
  if (el.handle) return 1;
  for (size_t i = 0; i < sizeof library_names / sizeof library_names[0] && !el.handle; i++)
    el.handle = dlopen(library_names[i], RTLD_NOW | RTLD_LOCAL);
  if (!el.handle) return 0;
  if (LOOKUP(readline, "readline") && LOOKUP(add_history, "add_history") && LOOKUP(read_history, "read_history")
      && LOOKUP(write_history, "write_history") && LOOKUP(stifle_history, "stifle_history")
      && LOOKUP(completion_matches, "rl_completion_matches")
      && LOOKUP(attempted_completion, "rl_attempted_completion_function")
      && LOOKUP(completion_over, "rl_attempted_completion_over")
      && LOOKUP(append_character, "rl_completion_append_character")
      && LOOKUP(word_breaks, "rl_completer_word_break_characters") && LOOKUP(name, "rl_readline_name"))
    return 1;
  dlclose(el.handle);
  el.handle = NULL;
  return 0;
}

// MARK: completion

// The names found for the word being completed, each with the word's prefix (`tantan.`).
static struct {
  char **items;
  size_t count, capacity, next;
} found;

static void forget_matches(void) {
  for (size_t i = 0; i < found.count; i++) free(found.items[i]);
  found.count = found.next = 0;
}

static void add_match(const char *prefix, size_t plen, const char *key, size_t klen) {
  if (found.count == found.capacity) {
    size_t cap = found.capacity ? found.capacity * 2 : 64;
    char **bigger = realloc(found.items, cap * sizeof *bigger);
    if (!bigger) return;
    found.items = bigger;
    found.capacity = cap;
  }
  char *s = malloc(plen + klen + 1);
  if (!s) return;
  memcpy(s, prefix, plen);
  memcpy(s + plen, key, klen);
  s[plen + klen] = '\0';
  found.items[found.count++] = s;
}

static int is_name(const char *s, size_t len) {
  if (len == 0 || (s[0] >= '0' && s[0] <= '9')) return 0;
  for (size_t i = 0; i < len; i++) {
    char c = s[i];
    if (!(c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'))) return 0;
  }
  return 1;
}

// The names in the table on top that start with `word`, each added with the text before it.
static void add_names(lua_State *L, const char *text, size_t plen, const char *word, size_t wlen) {
  lua_pushnil(L);
  while (lua_next(L, -2)) {
    size_t klen;
    const char *k = lua_type(L, -2) == LUA_TSTRING ? lua_tolstring(L, -2, &klen) : NULL;
    if (k && klen >= wlen && memcmp(k, word, wlen) == 0 && is_name(k, klen)) add_match(text, plen, k, klen);
    lua_pop(L, 1);
  }
}

// Runs protected (lua_pcall): the word is a light userdata. Walks `a.b:c` from the globals with
// raw gets, then lists the names of the last value: its own (a table), then along its
// metatables' `__index` chain those of `__index` tables, or of the tables a C `__index` function
// holds as upvalues (tantan's classes keep their methods there: `deck:sw` gives `deck:swipe`).
// Raw access and lua_next only: no metamethod runs.
static int collect(lua_State *L) {
  const char *text = (const char *)lua_touserdata(L, 1);
  const char *word = text, *sep;
  lua_rawgeti(L, LUA_REGISTRYINDEX, LUA_RIDX_GLOBALS);
  for (const char *p = text; (sep = strpbrk(p, ".:")) != NULL; p = sep + 1) {
    word = sep + 1;
    if (lua_type(L, -1) != LUA_TTABLE) return 0;
    lua_pushlstring(L, p, (size_t)(sep - p));
    lua_rawget(L, -2);
    lua_remove(L, -2);
  }
  size_t wlen = strlen(word), plen = (size_t)(word - text);
  for (int depth = 0; depth < 8; depth++) {  // bounded: an __index chain may loop
    if (lua_type(L, -1) == LUA_TTABLE) add_names(L, text, plen, word, wlen);
    if (!lua_getmetatable(L, -1)) break;
    lua_pushliteral(L, "__index");
    lua_rawget(L, -2);
    lua_remove(L, -2);
    lua_remove(L, -2);
    if (lua_iscfunction(L, -1)) {
      for (int n = 1; lua_getupvalue(L, -1, n) != NULL; n++) {
        if (lua_type(L, -1) == LUA_TTABLE) add_names(L, text, plen, word, wlen);
        lua_pop(L, 1);
      }
      break;
    }
  }
  return 0;
}

static int by_name(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

static void find_matches(const char *text) {
  forget_matches();
  if (!state || !lua_checkstack(state, 3)) return;
  int top = lua_gettop(state);
  lua_pushcfunction(state, collect);
  lua_pushlightuserdata(state, (void *)text);
  (void)lua_pcall(state, 1, 0, 0);  // an error (out of memory) leaves the names found so far
  lua_settop(state, top);
  qsort(found.items, found.count, sizeof *found.items, by_name);
  size_t kept = 0;  // a name a metatable repeats is listed once
  for (size_t i = 0; i < found.count; i++) {
    if (kept > 0 && strcmp(found.items[kept - 1], found.items[i]) == 0) free(found.items[i]);
    else found.items[kept++] = found.items[i];
  }
  found.count = kept;
}

// rl_completion_matches' generator: the names one by one (libedit frees them).
static char *next_match(const char *text, int index) {
  if (index == 0) find_matches(text);
  return found.next < found.count ? strdup(found.items[found.next++]) : NULL;
}

static char **complete(const char *text, int start, int end) {
  (void)start;
  (void)end;
  *el.completion_over = 1;    // no file names when no Lua name matches
  *el.append_character = 0;  // `tantan` completes to `tantan`, ready for `.`
  return el.completion_matches(text, next_match);
}

// MARK: the REPL's calls

int tt_edit_begin(lua_State *L, const char *history_file) {
  if (!load_library()) return 0;
  state = L;
  *el.name = "tantan";  // the section of ~/.editrc that applies
  // '.' and ':' are not word breaks: `tantan.af` is completed as one word.
  static char breaks[] = " \t\n\"\\'`@$><=;|&{(,+-*/%^~#[]";
  *el.word_breaks = breaks;
  *el.attempted_completion = complete;
  el.stifle_history(1000);
  free(history_path);
  history_path = history_file ? strdup(history_file) : NULL;
  if (history_path) el.read_history(history_path);
  return 1;
}

char *tt_edit_read(const char *prompt) { return el.readline(prompt); }

void tt_edit_remember(const char *line) {
  if (!el.handle) return;
  el.add_history(line);
  if (!history_path) return;
  // Created private (0600, as readline and shells create theirs): it records what was typed.
  int fd = open(history_path, O_WRONLY | O_CREAT | O_APPEND, 0600);
  if (fd >= 0) close(fd);
  el.write_history(history_path);
}

void tt_edit_end(void) {
  state = NULL;
  forget_matches();
  free(history_path);
  history_path = NULL;
}
