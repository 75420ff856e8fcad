// Limits: the counting allocator, the sticky limit tt_hook, host-side accounting, Ctrl-C.
#include "state.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>

// Room the system must still have for host structures (see tt_host_reserve).
#define HEADROOM ((size_t)16 << 20)

// A block kept from the start and given back the first time the system refuses memory, so the
// way out (the error message, the unwinding host frames, the report) finds room: the Swift
// runtime aborts on any allocation it cannot make.
static void *parachute;
void tt_release_parachute(void) {
  void *p = __atomic_exchange_n(&parachute, NULL, __ATOMIC_RELAXED);
  if (p) munmap(p, HEADROOM / 2);
}

double tt_now_seconds(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

// Records "file:line: what" at the innermost Lua function without allocating.
void tt_remember_where(lua_State *L, Limits *m, const char *what) {
  lua_Debug ar;
  m->message[0] = 0;
  m->what_at = 0;
  for (int level = 0; lua_getstack(L, level, &ar); level++) {
    if (lua_getinfo(L, "Sl", &ar) && ar.currentline > 0) {
      int n = snprintf(m->message, sizeof m->message, "%s:%d: ", ar.short_src, ar.currentline);
      m->what_at = n > 0 && n < (int)sizeof m->message ? n : 0;
      snprintf(m->message + m->what_at, sizeof m->message - m->what_at, "%s", what);
      return;
    }
  }
  snprintf(m->message, sizeof m->message, "%s", what);
}

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
      tt_remember_where(m->L, m, "not enough memory");
      lua_sethook(m->L, tt_hook, LUA_MASKCOUNT, 1);  // sticky: see hook()
    }
    return NULL;
  }
  void *p = realloc(ptr, nsize);
  if (p == NULL) {  // the system refused Lua: room for the error's way out through the host
    tt_release_parachute();
    return NULL;
  }
  m->used += nsize - osize;
  if (m->used > m->peak) m->peak = m->used;
  // Past the limit while Swift (or a finalizer a Swift-side allocation ran) cannot be refused: the
  // limit trips now, so the trampoline raises on return and the watchdog ends a state that never does.
  if (m->max && m->used > m->max && !m->tripped && m->L && __atomic_load_n(&m->running, __ATOMIC_RELAXED)) {
    __atomic_store_n(&m->tripped, TT_LIMIT_MEMORY, __ATOMIC_RELAXED);
    tt_remember_where(m->L, m, "not enough memory");
  }
  return p;
}

static volatile sig_atomic_t interrupted;

void tt_hook(lua_State *L, lua_Debug *ar) {
  Limits *m = LIM(L);
  if (ar->event == LUA_HOOKLINE) {  // only with coverage on (or Ctrl-C's every-event hook)
    if (m->cov) tt_cover_line(L, ar);
    if (!interrupted && !m->tripped) return;
  }
  __atomic_store_n(&m->beats, m->beats + 1, __ATOMIC_RELAXED);  // one writer: a plain store
  if (interrupted) {
    interrupted = 0;
    if (!m->tripped) {  // lua.c's lstop: luaL_error from the tt_hook, so luaL_where(L, 1), the caller
      lua_Debug w;
      char msg[sizeof m->message];
      if (lua_getstack(L, 1, &w) && lua_getinfo(L, "Sl", &w) && w.currentline > 0)
        snprintf(msg, sizeof msg, "%s:%d: interrupted!", w.short_src, w.currentline);
      else
        snprintf(msg, sizeof msg, "interrupted!");
      if (m->timeout <= 0) {  // once, as lua.c: a pcall may catch it; with --timeout it sticks
        tt_arm_hook(L);
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
      tt_remember_where(L, m, what);
    } else if (m->timeout > 0 && tt_now_seconds() > m->deadline) {
      m->tripped = TT_LIMIT_TIMEOUT;
      char what[64]; snprintf(what, sizeof what, "timeout (%g s) exceeded", m->timeout);
      tt_remember_where(L, m, what);
    }
  }
  if (m->tripped) {
    // Sticky: keep firing every instruction so pcall cannot swallow the limit.
    lua_sethook(L, tt_hook, LUA_MASKCOUNT, 1);
    int was = m->lua_active;
    m->lua_active = 0;  // room for the message even past the memory limit
    lua_pushstring(L, m->message);
    m->lua_active = was;
    lua_error(L);
  }
}

// With any limit the count hook runs in every thread (coroutines inherit it when created), so
// a tripped limit reaches a coroutine that catches errors in a loop: the allocator cannot raise.
// Coverage adds line events (tt_cover_line), except once a limit tripped.
void tt_arm_hook(lua_State *L) {
  Limits *m = LIM(L);
  if (m->max_instr || m->timeout > 0 || m->max) tt_watch(m);
  int line = m->cov && !m->tripped ? LUA_MASKLINE : 0;
  if (m->max_instr || m->timeout > 0 || m->max || m->tripped) lua_sethook(L, tt_hook, LUA_MASKCOUNT | line, m->tripped ? 1 : HOOK_STRIDE);
  else lua_sethook(L, line ? tt_hook : NULL, line, 0);
}

lua_State *tt_newstate(void) {
  if (!parachute) {  // mapped, not malloc'd: see tt_system_room
    void *p = mmap(NULL, HEADROOM / 2, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    parachute = p == MAP_FAILED ? NULL : p;
  }
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

void tt_set_max_memory(lua_State *L, size_t bytes) { LIM(L)->max = bytes; tt_arm_hook(L); }
void tt_set_max_instructions(lua_State *L, long long n) { LIM(L)->max_instr = n; LIM(L)->instr = 0; tt_arm_hook(L); }
void tt_set_timeout(lua_State *L, double s) { LIM(L)->timeout = s; LIM(L)->deadline = tt_now_seconds() + s; tt_arm_hook(L); }
size_t tt_memory_in_use(lua_State *L) { return LIM(L)->used; }
size_t tt_memory_peak(lua_State *L) { return LIM(L)->peak; }
tt_Limit tt_limit_tripped(lua_State *L) { return (tt_Limit)LIM(L)->tripped; }
void tt_set_owner(lua_State *L, void *owner) { LIM(L)->owner = owner; }
void *tt_owner(lua_State *L) { return LIM(L)->owner; }
const char *tt_limit_what(lua_State *L) { return LIM(L)->tripped ? LIM(L)->message + LIM(L)->what_at : NULL; }
const char *tt_limit_message(lua_State *L) { return LIM(L)->tripped ? LIM(L)->message : NULL; }

// What the system can give: a private mapping of that size, as malloc makes for a large block
// (the address-space limit and the overcommit check both apply), unmapped at once. Not malloc and
// free themselves: freeing a mapped block raises glibc's mmap threshold to its size, and later
// blocks below it then come from the heap and stay resident after they are freed (measured: 34 MB
// more at the peak of a 50 MB layout).
int tt_system_room(size_t bytes) {
  void *p = mmap(NULL, bytes ? bytes : 1, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (p == MAP_FAILED) {
    tt_release_parachute();
    return 0;
  }
  munmap(p, bytes ? bytes : 1);
  return 1;
}

// Host-held memory counts as Lua's own: a charge that would pass --max-memory is refused and trips
// the limit (sticky, "file:line: not enough memory" at the calling Lua line). The system is asked
// too: for `room` bytes in one block when the caller names a size it is about to allocate, and
// for HEADROOM whenever the state has grown by a megabyte since it was last asked, so host
// structures made of many small allocations stop while the host can still report it.
int tt_host_alloc(lua_State *L, size_t bytes) { return tt_host_reserve(L, bytes, 0); }

int tt_host_reserve(lua_State *L, size_t bytes, size_t room) {
  Limits *m = LIM(L);
  int ask = m->used > m->room_asked_at + ((size_t)1 << 20) || m->used + ((size_t)1 << 20) < m->room_asked_at;
  if (ask) m->room_asked_at = m->used;
  if (m->tripped == TT_LIMIT_MEMORY || (m->max && (bytes > m->max || m->used > m->max - bytes))
      || (room && !tt_system_room(room)) || (ask && !tt_system_room(HEADROOM))) {
    if (!m->tripped) {
      __atomic_store_n(&m->tripped, TT_LIMIT_MEMORY, __ATOMIC_RELAXED);
      tt_remember_where(L, m, "not enough memory");
      tt_arm_hook(L);
    }
    return 1;
  }
  m->used += bytes;
  if (m->used > m->peak) m->peak = m->used;
  return 0;
}
void tt_host_free(lua_State *L, size_t bytes) {
  Limits *m = LIM(L);
  m->used -= bytes < m->used ? bytes : m->used;
}

// Host loops count their steps as instructions and read the clock every HOOK_STRIDE of them, as
// the count hook does; a tripped limit stops the loop (the caller raises tt_limit_message).
int tt_host_tick(lua_State *L, long long steps) {
  Limits *m = LIM(L);
  if (m->tripped) return m->tripped;  // no beat: a tripped state looping through the host is stuck
  __atomic_store_n(&m->beats, m->beats + 1, __ATOMIC_RELAXED);  // the loop checks limits itself
  long long before = m->instr;
  m->instr += steps;
  if (m->max_instr && m->instr > m->max_instr) {
    m->tripped = TT_LIMIT_INSTRUCTIONS;
    char what[64]; snprintf(what, sizeof what, "instruction limit (%lld) exceeded", m->max_instr);
    tt_remember_where(L, m, what);
  } else if (m->timeout > 0 && before / HOOK_STRIDE != m->instr / HOOK_STRIDE && tt_now_seconds() > m->deadline) {
    m->tripped = TT_LIMIT_TIMEOUT;
    char what[64]; snprintf(what, sizeof what, "timeout (%g s) exceeded", m->timeout);
    tt_remember_where(L, m, what);
  }
  if (m->tripped) tt_arm_hook(L);
  return m->tripped;
}

static lua_State *sigint_state;
static void on_sigint(int sig) {
  signal(sig, SIG_DFL);  // a second Ctrl-C kills the process, as in lua.c
  interrupted = 1;
  if (sigint_state) lua_sethook(sigint_state, tt_hook, LUA_MASKCALL | LUA_MASKRET | LUA_MASKLINE | LUA_MASKCOUNT, 1);
}
void tt_install_sigint(lua_State *L) {
  sigint_state = L;
  signal(SIGINT, on_sigint);
}
void tt_restore_sigint(void) { signal(SIGINT, SIG_DFL); sigint_state = NULL; }

void tt_clear_interrupt(lua_State *L) {
  Limits *m = LIM(L);
  interrupted = 0;
  if (m->tripped == TT_LIMIT_INTERRUPT) { m->tripped = TT_LIMIT_NONE; m->message[0] = 0; }
  tt_arm_hook(L);
}

