// The core of the bridge: the trampoline that raises after Swift returns, the limit-aware allocator,
// the sticky limit hook, Ctrl-C and the --timeout watchdog, and protected calls. (api.c: the rest.)
#include "CLuaShim.h"
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/time.h>
#include <unistd.h>
#include <errno.h>

typedef struct {
  size_t used, peak, max;
  int lua_active;          // allocations may fail only while Lua (not Swift) code runs
  long long max_instr, instr;
  double deadline, timeout;
  int tripped;
  char message[256];
  lua_State *L;
  lua_State *current;  // the thread whose Swift function is running (coroutines have their own stack)
  // Each Swift function call gets a serial `frame`; a method records its `self` object with the
  // serial, so a callback it makes pushes argument 1 again without checking what it is.
  unsigned long frames, frame, self_frame;
  const void *self_obj;
  int sticky_interrupt;  // Ctrl-C raises at every instruction (--timeout), not once (lua.c)
  // The frame of the Swift function that last passed a callback's error on (TT_RAISE_VALUE):
  // the message handler that sees that raise knows it is not a new error.
  void *reraise_ci;
  void *owner;           // the Swift owner's handle (tt_owner)
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
static void arm_hook(lua_State *L);
static int trampoline(lua_State *L);
static int index_fast(lua_State *L);

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
      m->tripped = TT_LIMIT_MEMORY;
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

static volatile sig_atomic_t watchdog_stage;  // 1: the deadline passed; 2: the hook ran since

static void hook(lua_State *L, lua_Debug *ar) {
  (void)ar;
  Limits *m = LIM(L);
  if (watchdog_stage == 1) watchdog_stage = 2;
  if (interrupted) {
    interrupted = 0;
    if (!m->tripped) {  // lua.c's lstop: luaL_error from the hook, so luaL_where(L, 1), the caller
      lua_Debug w;
      char msg[sizeof m->message];
      if (lua_getstack(L, 1, &w) && lua_getinfo(L, "Sl", &w) && w.currentline > 0)
        snprintf(msg, sizeof msg, "%s:%d: interrupted!", w.short_src, w.currentline);
      else
        snprintf(msg, sizeof msg, "interrupted!");
      if (!m->sticky_interrupt) {  // once, as lua.c: a pcall may catch it and the script goes on
        arm_hook(L);
        int was = m->lua_active;
        m->lua_active = 0;
        lua_pushstring(L, msg);
        m->lua_active = was;
        lua_error(L);
      }
      m->tripped = TT_LIMIT_INTERRUPT;
      memcpy(m->message, msg, sizeof msg);
    }
  }
  if (!m->tripped) {
    m->instr += HOOK_STRIDE;
    if (m->max_instr && m->instr > m->max_instr) {
      m->tripped = TT_LIMIT_INSTRUCTIONS;
      char what[64]; snprintf(what, sizeof what, "instruction limit (%lld) exceeded", m->max_instr);
      remember_where(L, m, what);
    } else if (m->timeout > 0 && now_seconds() > m->deadline) {
      m->tripped = TT_LIMIT_TIMEOUT;
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

// With any limit the count hook runs in every thread (coroutines inherit it when created), so
// a tripped limit reaches a coroutine that catches errors in a loop: the allocator cannot raise.
static void arm_hook(lua_State *L) {
  Limits *m = LIM(L);
  if (m->max_instr || m->timeout > 0 || m->max || m->tripped) lua_sethook(L, hook, LUA_MASKCOUNT, m->tripped ? 1 : HOOK_STRIDE);
  else lua_sethook(L, NULL, 0, 0);
}

lua_State *tt_newstate(void) {
  Limits *m = calloc(1, sizeof *m);
  if (!m) return NULL;
  // luaL_newstate installs lauxlib's panic and warning functions (so -W and warn() print, as in
  // lua.c); then the counting allocator takes over. Both allocators are realloc/free, and what is
  // already allocated is exactly Lua's own count.
  lua_State *L = luaL_newstate();
  if (!L) { free(m); return NULL; }
  m->used = m->peak = (size_t)lua_gc(L, LUA_GCCOUNT, 0) * 1024 + (size_t)lua_gc(L, LUA_GCCOUNTB, 0);
  lua_setallocf(L, l_alloc, m);
  m->L = L;
  *(Limits **)lua_getextraspace(L) = m;
  return L;
}

static lua_State *watchdog_state;
static char watchdog_prefix[128];
static double watchdog_grace;

static void set_alarm(double seconds) {
  if (seconds > 1e8) seconds = 1e8;  // (time_t)1e300 would be undefined; 3 years is "never"
  struct itimerval t = { { 0, 0 }, { (time_t)seconds, (suseconds_t)((seconds - (double)(time_t)seconds) * 1e6) } };
  if (t.it_value.tv_sec == 0 && t.it_value.tv_usec == 0) t.it_value.tv_usec = 1;
  setitimer(ITIMER_REAL, &t, NULL);
}

// --timeout when no hook can run (a C function that never returns, a blocking read): at the
// deadline the hook is made to run at once; if it has not run when the grace period ends, the
// script is stuck in C. Nothing can unwind it then, so the process reports and exits. The stack
// is read only when the hook never ran: no Lua call or instruction happened during the grace.
static void on_alarm(int sig) {
  (void)sig;
  if (watchdog_stage == 0) {
    watchdog_stage = 1;
    lua_sethook(watchdog_state, hook, LUA_MASKCALL | LUA_MASKRET | LUA_MASKLINE | LUA_MASKCOUNT, 1);
    set_alarm(watchdog_grace);
    return;
  }
  Limits *m = LIM(watchdog_state);
  char what[96];
  snprintf(what, sizeof what, "timeout (%g s) exceeded inside a C function", m->timeout);
  if (watchdog_stage == 1) remember_where(watchdog_state, m, what);
  else snprintf(m->message, sizeof m->message, "%s", what);
  char line[sizeof watchdog_prefix + sizeof m->message + 2];
  int n = snprintf(line, sizeof line, "%s%s\n", watchdog_prefix, m->message);
  if (write(2, line, (size_t)n) < 0) _exit(1);
  _exit(1);
}

void tt_arm_watchdog(lua_State *L, const char *prefix, double grace) {
  Limits *m = LIM(L);
  if (m->timeout <= 0) return;
  watchdog_state = L;
  watchdog_stage = 0;
  watchdog_grace = grace;
  snprintf(watchdog_prefix, sizeof watchdog_prefix, "%s", prefix);
  signal(SIGALRM, on_alarm);
  double left = m->deadline - now_seconds();
  set_alarm(left > 0 ? left : 0);
}

void tt_close(lua_State *L) {
  Limits *m = LIM(L);
  if (watchdog_state == L) {
    struct itimerval off = { { 0, 0 }, { 0, 0 } };
    setitimer(ITIMER_REAL, &off, NULL);
    watchdog_state = NULL;
  }
  m->lua_active = 0;
  lua_close(L);
  free(m);
}

void tt_set_dispatcher(tt_Dispatch d) { dispatcher = d; }
void tt_set_max_memory(lua_State *L, size_t bytes) { LIM(L)->max = bytes; arm_hook(L); }
void tt_set_max_instructions(lua_State *L, long long n) { LIM(L)->max_instr = n; LIM(L)->instr = 0; arm_hook(L); }
void tt_set_timeout(lua_State *L, double s) { LIM(L)->timeout = s; LIM(L)->deadline = now_seconds() + s; arm_hook(L); }
size_t tt_memory_in_use(lua_State *L) { return LIM(L)->used; }
size_t tt_memory_peak(lua_State *L) { return LIM(L)->peak; }
tt_Limit tt_limit_tripped(lua_State *L) { return (tt_Limit)LIM(L)->tripped; }
void tt_set_owner(lua_State *L, void *owner) { LIM(L)->owner = owner; }
void *tt_owner(lua_State *L) { return LIM(L)->owner; }
const char *tt_limit_message(lua_State *L) { return LIM(L)->tripped ? LIM(L)->message : NULL; }

static lua_State *sigint_state;
static void on_sigint(int sig) {
  signal(sig, SIG_DFL);  // a second Ctrl-C kills the process, as in lua.c
  interrupted = 1;
  if (sigint_state) lua_sethook(sigint_state, hook, LUA_MASKCALL | LUA_MASKRET | LUA_MASKLINE | LUA_MASKCOUNT, 1);
}
void tt_install_sigint(lua_State *L, int sticky) {
  LIM(L)->sticky_interrupt = sticky;
  sigint_state = L;
  signal(SIGINT, on_sigint);
}
void tt_restore_sigint(void) { signal(SIGINT, SIG_DFL); sigint_state = NULL; }

// Trampoline: Swift returns a status instead of raising; only this C frame long-jumps.
static int trampoline(lua_State *L) {
  void *box = *(void **)lua_touserdata(L, lua_upvalueindex(1));
  Limits *m = LIM(L);
  int was = m->lua_active;
  lua_State *caller = m->current;
  unsigned long caller_frame = m->frame, caller_self_frame = m->self_frame;
  const void *caller_self = m->self_obj;
  m->lua_active = 0;
  m->current = L;
  m->frame = ++m->frames;
  int n = dispatcher(L, box);
  m->current = caller;
  m->frame = caller_frame;
  m->self_frame = caller_self_frame;
  m->self_obj = caller_self;
  m->lua_active = was;
  if (was && m->max && m->used > m->max) {  // Swift overshot the limit: fail now that it has returned
    if (!m->tripped) { m->tripped = TT_LIMIT_MEMORY; remember_where(L, m, "not enough memory"); }
    arm_hook(L);
    lua_pushstring(L, m->message);
    return lua_error(L);
  }
  if (n >= 0) return n;
  if (n == TT_RAISE_VALUE) {
    lua_Debug ar;
    m->reraise_ci = lua_getstack(L, 0, &ar) ? (void *)ar.i_ci : NULL;
  }
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

// The traceback of the last error a TT_HANDLER_KEEP call caught, with that error value, under
// these registry keys (light userdata: no string is made per call).
static char remembered_value_key, remembered_trace_key;

// lua.c's msghandler: the message (or __tostring, or the type) with a traceback.
static const char *error_text(lua_State *L) {
  const char *msg = lua_tostring(L, 1);
  if (msg == NULL) {
    if (luaL_callmeta(L, 1, "__tostring") && lua_type(L, -1) == LUA_TSTRING) return NULL;  // on top
    msg = lua_pushfstring(L, "(error object is a %s value)", luaL_typename(L, 1));
  }
  Limits *m = LIM(L);
  if (m->tripped && m->message[0] && strstr(msg, "not enough memory")) msg = m->message;
  return msg;
}

// Whether the error being handled is a callback's error that a host function passed on (raised
// by the trampoline's frame recorded in reraise_ci) and equal to the remembered one; either way
// the record is used up.
static int reraised_remembered(lua_State *L) {
  Limits *m = LIM(L);
  lua_Debug ar;
  // CallInfo records are reused: the raising frame must also be a host function's.
  int reraised = m->reraise_ci && lua_getstack(L, 1, &ar) && (void *)ar.i_ci == m->reraise_ci
                 && lua_getinfo(L, "f", &ar);
  if (reraised) {
    lua_CFunction f = lua_tocfunction(L, -1);
    lua_pop(L, 1);
    reraised = f == trampoline || f == index_fast;
  }
  m->reraise_ci = NULL;
  if (!reraised) return 0;
  lua_rawgetp(L, LUA_REGISTRYINDEX, &remembered_value_key);
  int same = lua_rawequal(L, 1, -1);
  lua_pop(L, 1);
  return same;
}

static int msghandler(lua_State *L) {
  // A callback's error passed on unchanged to its caller: the traceback taken where it failed.
  if (reraised_remembered(L)) {
    lua_rawgetp(L, LUA_REGISTRYINDEX, &remembered_trace_key);
    lua_pushnil(L);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &remembered_value_key);
    lua_pushnil(L);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &remembered_trace_key);
    if (lua_type(L, -1) == LUA_TSTRING) return 1;
    lua_pop(L, 1);
  }
  const char *msg = error_text(L);
  if (msg == NULL) return 1;  // __tostring's result, as lua.c
  luaL_traceback(L, L, msg, 1);
  return 1;
}

// TT_HANDLER_KEEP: the value stays what the callback raised; its traceback is remembered.
static int keephandler(lua_State *L) {
  if (!reraised_remembered(L)) {  // a nested host call passing it on: keep the deeper trace
    const char *msg = error_text(L);
    if (msg == NULL) msg = lua_tostring(L, -1);
    luaL_traceback(L, L, msg, 1);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &remembered_trace_key);
    lua_pushvalue(L, 1);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &remembered_value_key);
  }
  lua_settop(L, 1);
  return 1;
}

void tt_push_keep_handler(lua_State *L) { lua_pushcfunction(L, keephandler); }

int tt_pcall_at(lua_State *L, int nargs, int nresults, int handler, int remove) {
  Limits *m = LIM(L);
  int was = m->lua_active;
  m->lua_active = 1;
  int status = lua_pcall(L, nargs, nresults, handler);
  m->lua_active = was;
  if (remove) {
    if (status != LUA_OK || nresults == 1) {  // the value on top moves down over the handler
      lua_copy(L, -1, handler);
      lua_pop(L, 1);
    } else if (nresults == 0) {
      lua_pop(L, 1);
    } else {
      lua_remove(L, handler);
    }
  }
  return status;
}

int tt_push_remembered_traceback(lua_State *L) {
  lua_rawgetp(L, LUA_REGISTRYINDEX, &remembered_value_key);
  int same = lua_rawequal(L, -2, -1);
  lua_pop(L, 1);
  if (!same) return 0;
  lua_rawgetp(L, LUA_REGISTRYINDEX, &remembered_trace_key);
  if (lua_type(L, -1) == LUA_TSTRING) return 1;
  lua_pop(L, 1);
  return 0;
}

void tt_gc_generational(lua_State *L) { lua_gc(L, LUA_GCGEN, 0, 0); }

int tt_pcall(lua_State *L, int nargs, int nresults, tt_Handler handler) {
  Limits *m = LIM(L);
  int base = 0;
  if (handler != TT_HANDLER_NONE) {
    base = lua_gettop(L) - nargs;
    lua_pushcfunction(L, handler == TT_HANDLER_KEEP ? keephandler : msghandler);
    lua_insert(L, base);
  }
  int was = m->lua_active;
  m->lua_active = 1;
  int status = lua_pcall(L, nargs, nresults, base);
  m->lua_active = was;
  if (base) lua_remove(L, base);
  return status;
}

// Loads run under a protected C function that returns (status, chunk or message), so the status
// is the one lua_load reported, and an error outside the load itself (memory) is reported too.
static int load_result(lua_State *L, int st) {
  lua_pushinteger(L, st);
  lua_insert(L, -2);
  return 2;
}
static int protected_load(lua_State *L, lua_CFunction f, int nargs) {
  lua_pushcfunction(L, f);
  lua_insert(L, -(nargs + 1));
  int st = tt_pcall(L, nargs, 2, TT_HANDLER_NONE);
  if (st != LUA_OK) return st;
  st = (int)lua_tointeger(L, -2);
  lua_remove(L, -2);
  return st;
}
static int do_loadbuffer(lua_State *L) {
  const char *buf = lua_touserdata(L, 1);
  size_t len = (size_t)lua_tointeger(L, 2);
  return load_result(L, luaL_loadbufferx(L, buf, len, lua_tostring(L, 3), lua_tostring(L, 4)));
}
int tt_loadbuffer(lua_State *L, const char *buf, size_t len, const char *name, const char *mode) {
  lua_pushlightuserdata(L, (void *)buf);
  lua_pushinteger(L, (lua_Integer)len);
  lua_pushstring(L, name);
  if (mode) lua_pushstring(L, mode); else lua_pushnil(L);
  return protected_load(L, do_loadbuffer, 4);
}
static int do_loadfile(lua_State *L) {
  return load_result(L, luaL_loadfilex(L, lua_tostring(L, 1), lua_tostring(L, 2)));
}
int tt_loadfile(lua_State *L, const char *path, const char *mode) {
  if (path) lua_pushstring(L, path); else lua_pushnil(L);
  if (mode) lua_pushstring(L, mode); else lua_pushnil(L);
  return protected_load(L, do_loadfile, 2);
}

void tt_clear_interrupt(lua_State *L) {
  Limits *m = LIM(L);
  interrupted = 0;
  if (m->tripped == TT_LIMIT_INTERRUPT) { m->tripped = TT_LIMIT_NONE; m->message[0] = 0; }
  arm_hook(L);
}

// __index for host classes: methods by a raw lookup in C (no Swift call on the hot path), then
// fields through the Swift getter in the same frame, so field errors point at the indexing line.
static int index_fast(lua_State *L) {
  lua_pushvalue(L, 2);
  if (lua_rawget(L, lua_upvalueindex(2)) != LUA_TNIL) return 1;
  lua_pop(L, 1);
  return trampoline(L);
}
void tt_pushswiftindex(lua_State *L, void *box, void (*release)(void *)) {
  tt_pushswift(L, box, release, 1);  // a trampoline closure whose upvalues are (box, methods) ...
  lua_getupvalue(L, -1, 1);
  lua_getupvalue(L, -2, 2);
  lua_remove(L, -3);
  lua_pushcclosure(L, index_fast, 2);  // ... re-closed over index_fast
}

lua_State *tt_current(lua_State *L) { Limits *m = LIM(L); return m->current ? m->current : m->L; }

void *tt_self_mt(lua_State *L, int mt) {
  void **block = tt_testudata_mt(L, 1, mt);
  if (block && *block) {
    Limits *m = LIM(L);
    m->self_obj = *block;
    m->self_frame = m->frame;
  }
  return block;
}

int tt_push_self(lua_State *L, const void *object) {
  Limits *m = LIM(L);
  if (m->self_frame != m->frame || m->self_obj != object || m->current != L) return 0;
  lua_pushvalue(L, 1);
  return 1;
}
