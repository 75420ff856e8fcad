#include "CLuaShim.h"
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct {
  size_t used, peak, max;
  int lua_active;          // allocations may fail only while Lua (not Swift) code runs
  long long max_instr, instr;
  double deadline, timeout;
  int tripped;
  char message[256];
  lua_State *L;
} Limits;

#define HOOK_STRIDE 1000
static tt_Dispatch dispatcher;
static Limits *LIM(lua_State *L) { return *(Limits **)lua_getextraspace(L); }

static double now_seconds(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

// Records "file:line: what" at the innermost Lua function without allocating.
static void remember_where(lua_State *L, Limits *m, const char *what) {
  lua_Debug ar;
  m->message[0] = 0;
  for (int level = 0; lua_getstack(L, level, &ar); level++) {
    if (lua_getinfo(L, "Sl", &ar) && ar.currentline > 0) {
      snprintf(m->message, sizeof m->message, "%s:%d: %s", ar.short_src, ar.currentline, what);
      return;
    }
  }
  snprintf(m->message, sizeof m->message, "%s", what);
}

static void hook(lua_State *L, lua_Debug *ar);

static void *l_alloc(void *ud, void *ptr, size_t osize, size_t nsize) {
  Limits *m = ud;
  if (ptr == NULL) osize = 0;
  if (nsize == 0) {
    free(ptr);
    m->used -= osize;
    return NULL;
  }
  if (m->max && nsize > osize && m->used + (nsize - osize) > m->max && m->lua_active) {
    if (!m->tripped && m->L) {
      m->tripped = 1;
      remember_where(m->L, m, "not enough memory");
      lua_sethook(m->L, hook, LUA_MASKCOUNT, 1);  // sticky: see hook()
    }
    return NULL;
  }
  void *p = realloc(ptr, nsize);
  if (p == NULL) return NULL;
  m->used += nsize - osize;
  if (m->used > m->peak) m->peak = m->used;
  return p;
}

static volatile sig_atomic_t interrupted;

static void hook(lua_State *L, lua_Debug *ar) {
  (void)ar;
  Limits *m = LIM(L);
  if (interrupted) {
    interrupted = 0;
    if (!m->tripped) { m->tripped = 4; remember_where(L, m, "interrupted!"); }
  }
  if (!m->tripped) {
    m->instr += HOOK_STRIDE;
    if (m->max_instr && m->instr > m->max_instr) {
      m->tripped = 2;
      char what[64]; snprintf(what, sizeof what, "instruction limit (%lld) exceeded", m->max_instr);
      remember_where(L, m, what);
    } else if (m->timeout > 0 && now_seconds() > m->deadline) {
      m->tripped = 3;
      char what[64]; snprintf(what, sizeof what, "timeout (%g s) exceeded", m->timeout);
      remember_where(L, m, what);
    }
  }
  if (m->tripped) {
    // Sticky: keep firing every instruction so pcall cannot swallow the limit.
    lua_sethook(L, hook, LUA_MASKCOUNT, 1);
    int was = m->lua_active;
    m->lua_active = 0;  // room for the message even past the memory limit
    lua_pushstring(L, m->message);
    m->lua_active = was;
    lua_error(L);
  }
}

static void arm_hook(lua_State *L) {
  Limits *m = LIM(L);
  if (m->max_instr || m->timeout > 0 || m->tripped) lua_sethook(L, hook, LUA_MASKCOUNT, m->tripped ? 1 : HOOK_STRIDE);
  else lua_sethook(L, NULL, 0, 0);
}

lua_State *tt_newstate(void) {
  Limits *m = calloc(1, sizeof *m);
  if (!m) return NULL;
  lua_State *L = lua_newstate(l_alloc, m);
  if (!L) { free(m); return NULL; }
  m->L = L;
  *(Limits **)lua_getextraspace(L) = m;
  lua_atpanic(L, NULL);
  return L;
}

void tt_close(lua_State *L) {
  Limits *m = LIM(L);
  m->lua_active = 0;
  lua_close(L);
  free(m);
}

void tt_set_dispatcher(tt_Dispatch d) { dispatcher = d; }
void tt_set_max_memory(lua_State *L, size_t bytes) { LIM(L)->max = bytes; }
void tt_set_max_instructions(lua_State *L, long long n) { LIM(L)->max_instr = n; LIM(L)->instr = 0; arm_hook(L); }
void tt_set_timeout(lua_State *L, double s) { LIM(L)->timeout = s; LIM(L)->deadline = now_seconds() + s; arm_hook(L); }
size_t tt_memory_in_use(lua_State *L) { return LIM(L)->used; }
size_t tt_memory_peak(lua_State *L) { return LIM(L)->peak; }
int tt_limit_tripped(lua_State *L) { return LIM(L)->tripped; }
const char *tt_limit_message(lua_State *L) { return LIM(L)->tripped ? LIM(L)->message : NULL; }

static lua_State *sigint_state;
static void on_sigint(int sig) {
  signal(sig, SIG_DFL);  // a second Ctrl-C kills the process, as in lua.c
  interrupted = 1;
  if (sigint_state) lua_sethook(sigint_state, hook, LUA_MASKCALL | LUA_MASKRET | LUA_MASKLINE | LUA_MASKCOUNT, 1);
}
void tt_install_sigint(lua_State *L) { sigint_state = L; signal(SIGINT, on_sigint); }
void tt_restore_sigint(void) { signal(SIGINT, SIG_DFL); sigint_state = NULL; }

// Trampoline: Swift returns a status instead of raising; only this C frame long-jumps.
static int trampoline(lua_State *L) {
  void *box = *(void **)lua_touserdata(L, lua_upvalueindex(1));
  Limits *m = LIM(L);
  int was = m->lua_active;
  m->lua_active = 0;
  int n = dispatcher(L, box);
  m->lua_active = was;
  if (was && m->max && m->used > m->max) {  // Swift overshot the limit: fail now that it has returned
    if (!m->tripped) { m->tripped = 1; remember_where(L, m, "not enough memory"); }
    arm_hook(L);
    lua_pushstring(L, m->message);
    return lua_error(L);
  }
  if (n >= 0) return n;
  if (n == TT_RAISE_WHERE) {
    luaL_where(L, 1);
    lua_insert(L, -2);
    lua_concat(L, 2);
  } else if (n == TT_RAISE_ARG) {
    int arg = (int)lua_tointeger(L, -2);
    return luaL_argerror(L, arg, lua_tostring(L, -1));
  }
  return lua_error(L);
}

typedef struct { void *box; void (*release)(void *); } Box;
static int box_gc(lua_State *L) {
  Box *b = lua_touserdata(L, 1);
  if (b->box && b->release) b->release(b->box);
  b->box = NULL;
  return 0;
}

void tt_pushswift(lua_State *L, void *box, void (*release)(void *), int nup) {
  Box *b = lua_newuserdatauv(L, sizeof *b, 0);
  b->box = box;
  b->release = release;
  if (luaL_newmetatable(L, "tantan.SwiftBox")) {
    lua_pushcfunction(L, box_gc);
    lua_setfield(L, -2, "__gc");
  }
  lua_setmetatable(L, -2);
  lua_insert(L, -(nup + 1));
  lua_pushcclosure(L, trampoline, nup + 1);
}
int tt_swift_upvalue(int i) { return lua_upvalueindex(i + 1); }

static int msghandler(lua_State *L) {
  const char *msg = lua_tostring(L, 1);
  if (msg == NULL) {
    if (luaL_callmeta(L, 1, "__tostring") && lua_type(L, -1) == LUA_TSTRING) return 1;
    msg = lua_pushfstring(L, "(error object is a %s value)", luaL_typename(L, 1));
  }
  Limits *m = LIM(L);
  if (m->tripped && m->message[0] && strstr(msg, "not enough memory")) msg = m->message;
  luaL_traceback(L, L, msg, 1);
  return 1;
}

// A C frame under top-level chunks, as lua.c's pmain is, so tracebacks end in "[C]: in ?".
static int callthrough(lua_State *L) {
  lua_call(L, lua_gettop(L) - 1, LUA_MULTRET);
  return lua_gettop(L);
}
int tt_docall(lua_State *L, int nargs, int nresults) {
  lua_pushcfunction(L, callthrough);
  lua_insert(L, -(nargs + 2));
  return tt_pcall(L, nargs + 1, nresults, 1);
}

int tt_pcall(lua_State *L, int nargs, int nresults, int traceback) {
  Limits *m = LIM(L);
  int base = 0;
  if (traceback) {
    base = lua_gettop(L) - nargs;
    lua_pushcfunction(L, msghandler);
    lua_insert(L, base);
  }
  int was = m->lua_active;
  m->lua_active = 1;
  int status = lua_pcall(L, nargs, nresults, base);
  m->lua_active = was;
  if (traceback) lua_remove(L, base);
  return status;
}

static int do_loadbuffer(lua_State *L) {
  size_t len;
  const char *buf = lua_touserdata(L, 1);
  len = (size_t)lua_tointeger(L, 2);
  int st = luaL_loadbufferx(L, buf, len, lua_tostring(L, 3), lua_tostring(L, 4));
  if (st != LUA_OK) return lua_error(L);
  return 1;
}
int tt_loadbuffer(lua_State *L, const char *buf, size_t len, const char *name, const char *mode) {
  lua_pushcfunction(L, do_loadbuffer);
  lua_pushlightuserdata(L, (void *)buf);
  lua_pushinteger(L, (lua_Integer)len);
  lua_pushstring(L, name);
  if (mode) lua_pushstring(L, mode); else lua_pushnil(L);
  int was = LIM(L)->lua_active; LIM(L)->lua_active = 1;
  int st = lua_pcall(L, 4, 1, 0);
  LIM(L)->lua_active = was;
  if (st == LUA_ERRRUN) st = LUA_ERRSYNTAX;  // the load itself failed, not a call
  return st;
}

static int do_loadfile(lua_State *L) {
  const char *path = lua_tostring(L, 1);
  int st = luaL_loadfilex(L, path, lua_tostring(L, 2));
  if (st != LUA_OK) { lua_pushinteger(L, st); lua_insert(L, -2); return 2; }
  return 1;
}
int tt_loadfile(lua_State *L, const char *path, const char *mode) {
  lua_pushcfunction(L, do_loadfile);
  if (path) lua_pushstring(L, path); else lua_pushnil(L);
  if (mode) lua_pushstring(L, mode); else lua_pushnil(L);
  int st = tt_pcall(L, 2, LUA_MULTRET, 0);
  if (st != LUA_OK) return st;
  if (lua_type(L, -2) == LUA_TNUMBER && lua_gettop(L) >= 2 && !lua_isfunction(L, -1)) {
    st = (int)lua_tointeger(L, -2);
    lua_remove(L, -2);
    return st;
  }
  return LUA_OK;
}

static int do_tolstring(lua_State *L) { luaL_tolstring(L, 1, NULL); return 1; }
int tt_tolstring(lua_State *L, int idx) {
  idx = lua_absindex(L, idx);
  lua_pushcfunction(L, do_tolstring);
  lua_pushvalue(L, idx);
  return tt_pcall(L, 1, 1, 0);
}

static int do_openlibs(lua_State *L) { luaL_openlibs(L); return 0; }
int tt_openlibs(lua_State *L) { lua_pushcfunction(L, do_openlibs); return tt_pcall(L, 0, 0, 0); }

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
void tt_clear_interrupt(lua_State *L) {
  Limits *m = LIM(L);
  interrupted = 0;
  if (m->tripped == 4) { m->tripped = 0; m->message[0] = 0; }
  arm_hook(L);
}

void tt_write_stdout(const char *s, size_t len) { fwrite(s, 1, len, stdout); }
void tt_write_stderr(const char *s, size_t len) { fflush(stdout); fwrite(s, 1, len, stderr); fflush(stderr); }
void tt_flush_stdout(void) { fflush(stdout); }
const char *tt_copyright(void) { return LUA_COPYRIGHT; }
#include <unistd.h>
int tt_stdin_is_tty(void) { return isatty(0); }

static int do_getfield(lua_State *L) { lua_gettable(L, 1); return 1; }
int tt_getfield_protected(lua_State *L, int idx, const char *key) {
  idx = lua_absindex(L, idx);
  lua_pushcfunction(L, do_getfield);
  lua_pushvalue(L, idx);
  lua_pushstring(L, key);
  return tt_pcall(L, 2, 1, 0);
}

// __index for host classes: methods by a raw lookup in C (no Swift call on the hot path), then
// fields through the Swift getter (upvalue 2), called with (obj, key).
static int index_fast(lua_State *L) {
  lua_pushvalue(L, 2);
  if (lua_rawget(L, lua_upvalueindex(1)) != LUA_TNIL) return 1;
  lua_pop(L, 1);
  lua_pushvalue(L, lua_upvalueindex(2));
  lua_insert(L, 1);
  lua_call(L, lua_gettop(L) - 1, 1);
  return 1;
}
void tt_pushindex(lua_State *L) { lua_pushcclosure(L, index_fast, 2); }
