// The parts of the Lua C API Swift cannot import or must not call unprotected: function-like
// macros and constants, protected loaders and lookups (run under tt_pcall), and stdio for Swift 6.
// Nothing here knows about limits (limits.c, watchdog.c) or the trampoline (trampoline.c).
#include "state.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static int do_tolstring(lua_State *L) { luaL_tolstring(L, 1, NULL); return 1; }
int tt_tolstring(lua_State *L, int idx) {
  idx = lua_absindex(L, idx);
  lua_pushcfunction(L, do_tolstring);
  lua_pushvalue(L, idx);
  return tt_pcall(L, 1, 1, TT_HANDLER_NONE);
}

static int do_openlibs(lua_State *L) {
  luaL_openlibs(L);
  tt_install_loaders(L);
  return 0;
}
int tt_openlibs(lua_State *L) { lua_pushcfunction(L, do_openlibs); return tt_pcall(L, 0, 0, TT_HANDLER_NONE); }

int tt_registryindex(void) { return LUA_REGISTRYINDEX; }
int tt_upvalueindex(int i) { return lua_upvalueindex(i); }
void tt_pop(lua_State *L, int n) { lua_pop(L, n); }
void tt_newtable(lua_State *L) { lua_newtable(L); }
void tt_insert(lua_State *L, int idx) { lua_insert(L, idx); }
void tt_remove(lua_State *L, int idx) { lua_remove(L, idx); }
void tt_replace(lua_State *L, int idx) { lua_replace(L, idx); }
const char *tt_tostring(lua_State *L, int idx, size_t *len) { return lua_tolstring(L, idx, len); }
int tt_isnoneornil(lua_State *L, int idx) { return lua_isnoneornil(L, idx); }
void tt_pushglobaltable(lua_State *L) { lua_pushglobaltable(L); }
void tt_pushlightuserdata(lua_State *L, void *p) { lua_pushlightuserdata(L, p); }
int tt_ref(lua_State *L) { return luaL_ref(L, LUA_REGISTRYINDEX); }
void tt_unref(lua_State *L, int ref) { luaL_unref(L, LUA_REGISTRYINDEX, ref); }
int tt_getref(lua_State *L, int ref) { return lua_rawgeti(L, LUA_REGISTRYINDEX, ref); }
void *tt_newuserdata(lua_State *L, size_t size) { return lua_newuserdatauv(L, size, 1); }
void *tt_testudata_mt(lua_State *L, int arg, int mt) {
  if (lua_type(L, arg) != LUA_TUSERDATA || !lua_getmetatable(L, arg)) return NULL;
  int same = lua_rawequal(L, -1, mt);
  lua_pop(L, 1);
  return same ? lua_touserdata(L, arg) : NULL;
}
int tt_push_arg1_object(lua_State *L, const void *object) {
  if (lua_type(L, 1) != LUA_TUSERDATA || lua_rawlen(L, 1) != sizeof(void *)) return 0;
  if (*(void **)lua_touserdata(L, 1) != object) return 0;
  lua_pushvalue(L, 1);
  return 1;
}
const char *tt_typename_at(lua_State *L, int idx) {
  // luaL_typeerror's rule: __name of the metatable when it is a string, else the basic type name.
  if (luaL_getmetafield(L, idx, "__name") == LUA_TSTRING) {
    const char *s = lua_tostring(L, -1);
    lua_pop(L, 1);  // the string stays alive: it is referenced by the metatable
    return s;
  }
  if (lua_type(L, idx) == LUA_TLIGHTUSERDATA) return "light userdata";
  return luaL_typename(L, idx);
}
void tt_write_stdout(const char *s, size_t len) { fwrite(s, 1, len, stdout); }
// As lua.c's lua_writestringerror: stdout is not flushed first (with 2>&1, what io.write
// buffered comes after the message, in lua5.4 as here).
void tt_write_stderr(const char *s, size_t len) { fwrite(s, 1, len, stderr); fflush(stderr); }
void tt_flush_stdout(void) { fflush(stdout); }
const char *tt_copyright(void) { return LUA_COPYRIGHT; }
int tt_stdin_is_tty(void) { return isatty(0); }
// One line from fd 0, a byte at a time with read(2), as readline reads: what it has not read is
// left to io.read (whose C buffer readline never sees, in lua5.4 as here).
const char *tt_read_line(size_t *len) {
  static char *line;
  static size_t cap;
  size_t n = 0;
  char c;
  for (;;) {
    ssize_t r = read(0, &c, 1);
    if (r < 0 && errno == EINTR) continue;
    if (r <= 0) break;
    if (n + 1 >= cap) {
      char *bigger = realloc(line, cap ? cap * 2 : 256);
      if (!bigger) break;
      line = bigger; cap = cap ? cap * 2 : 256;
    }
    line[n++] = c;
    if (c == '\n') break;
  }
  if (n == 0) return NULL;
  *len = n;
  return line;
}

// Table access with metamethods, each under tt_pcall: indices are made absolute first, and the
// C function finds its operands as arguments.
static int do_gettable(lua_State *L) { lua_gettable(L, 1); return 1; }
static int do_settable(lua_State *L) { lua_settable(L, 1); return 0; }
int tt_getfield(lua_State *L, int idx, const char *key) {
  idx = lua_absindex(L, idx);
  lua_pushcfunction(L, do_gettable);
  lua_pushvalue(L, idx);
  lua_pushstring(L, key);
  return tt_pcall(L, 2, 1, TT_HANDLER_NONE);
}
int tt_setfield(lua_State *L, int idx, const char *key) {
  idx = lua_absindex(L, idx);
  lua_pushcfunction(L, do_settable);
  lua_pushvalue(L, idx);
  lua_pushstring(L, key);
  lua_rotate(L, -4, -1);  // the value, below them, goes on top: f, t, key, value
  return tt_pcall(L, 3, 0, TT_HANDLER_NONE);
}
int tt_getglobal(lua_State *L, const char *name) {
  lua_pushglobaltable(L);
  int st = tt_getfield(L, -1, name);
  lua_remove(L, -2);
  return st;
}
int tt_setglobal(lua_State *L, const char *name) {
  lua_pushglobaltable(L);
  lua_insert(L, -2);
  int st = tt_setfield(L, -2, name);
  lua_remove(L, st == LUA_OK ? -1 : -2);
  return st;
}
static int do_len(lua_State *L) { lua_pushinteger(L, luaL_len(L, 1)); return 1; }
int tt_len(lua_State *L, int idx, lua_Integer *len) {
  idx = lua_absindex(L, idx);
  lua_pushcfunction(L, do_len);
  lua_pushvalue(L, idx);
  int st = tt_pcall(L, 1, 1, TT_HANDLER_NONE);
  if (st == LUA_OK) { *len = lua_tointeger(L, -1); lua_pop(L, 1); }
  return st;
}
