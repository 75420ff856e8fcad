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
#include <pthread.h>

typedef struct Limits {
  size_t used, peak, max;
  int lua_active;          // allocations may fail only while Lua (not Swift) code runs
  long long max_instr, instr;
  double deadline, timeout;
  int tripped;
  char message[256];
  int what_at;  // where the message's "what" starts, after "file:line: "
  lua_State *L;
  lua_State *current;  // the thread whose Swift function is running (coroutines have their own stack)
  // Each Swift function call gets a serial `frame`; a method records its `self` object with the
  // serial, so a callback it makes pushes argument 1 again without checking what it is.
  unsigned long frames, frame, self_frame;
  const void *self_obj;
  // Shared with the watchdog thread (__atomic builtins): see check_state().
  unsigned long beats;  // count hook calls: the hook can run
  int running;          // protected calls in progress: Lua, C or Swift code of this state may run
  int kick;             // the watchdog's request to the running thread: KICK_HOOK or KICK_END
  pthread_t thread;     // the thread running the outermost protected call
  char prefix[128];     // printed before the message when the watchdog ends the process
  double grace;         // seconds past the deadline before a state whose hook cannot run is ended
  // Owned by the watchdog thread.
  struct Limits *next_watched;
  unsigned watch_gen;
  unsigned long seen_beats;
  double silent_since, silent_cpu_since, stage_at;
  int stage, end_reason;
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

static void hook(lua_State *L, lua_Debug *ar);
static void watch(Limits *m);
static __thread Limits *tls_running;  // this thread's innermost running state, for the watchdog's signal
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
  // Past the limit while Swift (or a finalizer a Swift-side allocation ran) cannot be refused: the
  // limit trips now, so the trampoline raises on return and the watchdog ends a state that never does.
  if (m->max && m->used > m->max && !m->tripped && m->L && __atomic_load_n(&m->running, __ATOMIC_RELAXED)) {
    __atomic_store_n(&m->tripped, TT_LIMIT_MEMORY, __ATOMIC_RELAXED);
    remember_where(m->L, m, "not enough memory");
  }
  return p;
}

static volatile sig_atomic_t interrupted;

static void hook(lua_State *L, lua_Debug *ar) {
  (void)ar;
  Limits *m = LIM(L);
  __atomic_store_n(&m->beats, m->beats + 1, __ATOMIC_RELAXED);  // one writer: a plain store
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
  if (m->max_instr || m->timeout > 0 || m->max) watch(m);
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

// The watchdog: a thread that checks every watched state (any limit set) each WATCH_PERIOD. The count
// hook cannot run inside a C function (a runaway pattern, a blocking read), a finalizer, a message
// handler Lua entered from the hook's own error, or after debug.sethook(): hooks are off there. A
// state whose hook has been silent while it runs is ended: a tripped limit after STUCK seconds; a
// passed deadline once the hook, made to run at once, has not run for the grace period; an
// instruction limit once the silence is worth the instructions left at SILENT_RATE per CPU second
// of the state's thread. The state's own thread gets a signal and ends the process (the scenario
// worker in the runner) with "<prefix>file:line: <limit message>" and status 1: no Lua error can
// unwind from where it is stuck.
#define WATCH_PERIOD 0.05
#define STUCK 0.5
#define SILENT_RATE 1e7  // instructions per silent CPU second (this debug build runs ~2e8 a second)
enum { KICK_HOOK = 1, KICK_END = 2 };

static pthread_mutex_t watch_lock = PTHREAD_MUTEX_INITIALIZER;
static Limits *watched;
static unsigned watch_gen = 1;  // a forked child starts a new generation: its own thread and list
static int watchdog_started;

static void end_message(Limits *m, int read_stack) {
  if (!__atomic_load_n(&m->tripped, __ATOMIC_RELAXED)) {
    char what[96];
    if (m->end_reason == TT_LIMIT_INSTRUCTIONS) snprintf(what, sizeof what, "instruction limit (%lld) exceeded", m->max_instr);
    else snprintf(what, sizeof what, "timeout (%g s) exceeded", m->timeout);
    if (read_stack) remember_where(m->current ? m->current : m->L, m, what);
    else snprintf(m->message, sizeof m->message, "%s", what);
  }
}

static int watchdog_fd = 2;  // where the last words go: stderr, or the runner's pipe
void tt_set_watchdog_fd(int fd) { watchdog_fd = fd; }

static void end_process(Limits *m) {
  char line[sizeof m->prefix + sizeof m->message + 2];
  int n = snprintf(line, sizeof line, "%s%s\n", m->prefix, m->message);
  if (write(watchdog_fd, line, (size_t)n) < 0) _exit(1);
  _exit(1);
}

// Runs on the state's own thread, so reading its stack races with nothing but the stuck code.
static void on_watchdog_signal(int sig) {
  (void)sig;
  Limits *m = tls_running;
  if (!m) return;
  int kick = __atomic_exchange_n(&m->kick, 0, __ATOMIC_RELAXED);
  if (kick == KICK_HOOK) {  // as lua.c's SIGINT handler: every event calls the hook from now on
    lua_sethook(m->current ? m->current : m->L, hook, LUA_MASKCALL | LUA_MASKRET | LUA_MASKLINE | LUA_MASKCOUNT, 1);
  } else if (kick == KICK_END) {
    end_message(m, 1);
    end_process(m);
  }
}

static void kick(Limits *m, int what, double now) {
  if (what == KICK_END) m->stage = 2;
  m->stage_at = now;
  __atomic_store_n(&m->kick, what, __ATOMIC_RELAXED);
  if (pthread_kill(m->thread, SIGALRM) != 0 && what == KICK_END) {  // no such thread: end from here
    end_message(m, 0);
    end_process(m);
  }
}

// CPU seconds the state's thread has run: a silence only counts as instructions while it computes
// (not while it waits for input or for a busy machine's cores).
static double thread_cpu_seconds(Limits *m) {
  clockid_t clock;
  struct timespec ts;
  if (pthread_getcpuclockid(m->thread, &clock) != 0 || clock_gettime(clock, &ts) != 0) return 0;
  return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

static void check_state(Limits *m, double now) {
  unsigned long beats = __atomic_load_n(&m->beats, __ATOMIC_RELAXED);
  if (!__atomic_load_n(&m->running, __ATOMIC_RELAXED) || beats != m->seen_beats) {
    m->seen_beats = beats;
    m->silent_since = now;
    m->silent_cpu_since = -1;  // read on the first silent check: the thread may just have started
    if (m->stage != 2) m->stage = 0;
    return;
  }
  double silent = now - m->silent_since;
  if (m->stage == 2) {  // the signal did not end it (blocked, or another state on that thread)
    if (now - m->stage_at > 1) { end_message(m, 0); end_process(m); }
    return;
  }
  int tripped = __atomic_load_n(&m->tripped, __ATOMIC_RELAXED);
  if (tripped == TT_LIMIT_MEMORY || tripped == TT_LIMIT_INSTRUCTIONS || tripped == TT_LIMIT_TIMEOUT) {
    if (silent >= STUCK) kick(m, KICK_END, now);
    return;
  }
  double grace = m->grace > 0 ? m->grace : 1 + m->timeout / 10;
  if (m->timeout > 0 && now > m->deadline) {
    m->end_reason = TT_LIMIT_TIMEOUT;
    if (m->stage == 0) { m->stage = 1; kick(m, KICK_HOOK, now); }
    else if (now - m->stage_at >= grace) kick(m, KICK_END, now);
    return;
  }
  long long left = m->max_instr - __atomic_load_n(&m->instr, __ATOMIC_RELAXED);
  double cpu = m->max_instr ? thread_cpu_seconds(m) : 0;
  if (m->silent_cpu_since < 0) m->silent_cpu_since = cpu;
  double silent_cpu = cpu - m->silent_cpu_since;
  if (m->max_instr && silent_cpu >= 1 && silent_cpu * SILENT_RATE >= (double)left) {
    m->end_reason = TT_LIMIT_INSTRUCTIONS;
    kick(m, KICK_END, now);
  }
}

static void *watchdog(void *arg) {
  (void)arg;
  struct timespec period = { 0, (long)(WATCH_PERIOD * 1e9) };
  for (;;) {
    nanosleep(&period, NULL);
    pthread_mutex_lock(&watch_lock);
    double now = now_seconds();
    for (Limits *m = watched; m; m = m->next_watched) check_state(m, now);
    pthread_mutex_unlock(&watch_lock);
  }
  return NULL;
}

// fork keeps only the forking thread: the child watches its own states with its own watchdog.
static void watch_after_fork(void) {
  pthread_mutex_init(&watch_lock, NULL);
  watched = NULL;
  watch_gen++;
  watchdog_started = 0;
}

static void watch(Limits *m) {
  pthread_mutex_lock(&watch_lock);
  if (m->watch_gen != watch_gen) {
    m->watch_gen = watch_gen;
    m->seen_beats = m->beats;
    m->silent_since = now_seconds();
    m->silent_cpu_since = -1;
    m->stage = 0;
    m->next_watched = watched;
    watched = m;
  }
  if (!watchdog_started) {
    static int once;
    if (!once) {
      once = 1;
      pthread_atfork(NULL, NULL, watch_after_fork);
      struct sigaction sa;
      memset(&sa, 0, sizeof sa);
      sa.sa_handler = on_watchdog_signal;
      sigemptyset(&sa.sa_mask);
      sigaction(SIGALRM, &sa, NULL);
    }
    pthread_t tid;
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
    pthread_attr_setstacksize(&attr, 64 << 10);
    if (pthread_create(&tid, &attr, watchdog, NULL) == 0) watchdog_started = 1;
    pthread_attr_destroy(&attr);
  }
  pthread_mutex_unlock(&watch_lock);
}

static void unwatch(Limits *m) {
  pthread_mutex_lock(&watch_lock);
  if (m->watch_gen == watch_gen)
    for (Limits **p = &watched; *p; p = &(*p)->next_watched)
      if (*p == m) { *p = m->next_watched; break; }
  m->watch_gen = 0;
  pthread_mutex_unlock(&watch_lock);
}

void tt_arm_watchdog(lua_State *L, const char *prefix, double grace) {
  Limits *m = LIM(L);
  snprintf(m->prefix, sizeof m->prefix, "%s", prefix);
  m->grace = grace;
}

void tt_close(lua_State *L) {
  Limits *m = LIM(L);
  m->lua_active = 0;
  Limits *outer = tls_running;
  tls_running = m;
  // lua_close runs the pending finalizers: the watchdog keeps watching until it returns.
  if (__atomic_add_fetch(&m->running, 1, __ATOMIC_RELAXED) == 1) m->thread = pthread_self();
  lua_close(L);
  tls_running = outer;
  unwatch(m);
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
const char *tt_limit_what(lua_State *L) { return LIM(L)->tripped ? LIM(L)->message + LIM(L)->what_at : NULL; }
const char *tt_limit_message(lua_State *L) { return LIM(L)->tripped ? LIM(L)->message : NULL; }

// Host-held memory counts as Lua's own: a charge that would pass --max-memory is refused and trips
// the limit (sticky, "file:line: not enough memory" at the calling Lua line).
int tt_host_alloc(lua_State *L, size_t bytes) {
  Limits *m = LIM(L);
  if (m->tripped == TT_LIMIT_MEMORY || (m->max && (bytes > m->max || m->used > m->max - bytes))) {
    if (!m->tripped) {
      __atomic_store_n(&m->tripped, TT_LIMIT_MEMORY, __ATOMIC_RELAXED);
      remember_where(L, m, "not enough memory");
      arm_hook(L);
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
    remember_where(L, m, what);
  } else if (m->timeout > 0 && before / HOOK_STRIDE != m->instr / HOOK_STRIDE && now_seconds() > m->deadline) {
    m->tripped = TT_LIMIT_TIMEOUT;
    char what[64]; snprintf(what, sizeof what, "timeout (%g s) exceeded", m->timeout);
    remember_where(L, m, what);
  }
  if (m->tripped) arm_hook(L);
  return m->tripped;
}

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
  Limits *outer = tls_running;
  tls_running = m;
  if (m->watch_gen != watch_gen && (m->max_instr || m->timeout > 0 || m->max)) watch(m);  // after a fork
  if (__atomic_add_fetch(&m->running, 1, __ATOMIC_RELAXED) == 1) m->thread = pthread_self();
  int status = lua_pcall(L, nargs, nresults, base);
  __atomic_sub_fetch(&m->running, 1, __ATOMIC_RELAXED);
  tls_running = outer;
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
