// The --timeout/limit watchdog thread: ends a state whose hook cannot run (see below).
#include "state.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

__thread Limits *tt_running;  // this thread's innermost running state, for the watchdog's signal

// The watchdog: a thread that checks every watched state (any limit set) each WATCH_PERIOD. The count
// hook cannot run inside a C function (a runaway pattern, a blocking read), a finalizer, a message
// handler Lua entered from the hook's own error, or after debug.sethook(): hooks are off there. A
// state whose hook has been silent while it runs is ended: a tripped limit after STUCK seconds; a
// passed deadline once the tt_hook, made to run at once, has not run for the grace period; an
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
    if (read_stack) tt_remember_where(m->current ? m->current : m->L, m, what);
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
  Limits *m = tt_running;
  if (!m) return;
  int kick = __atomic_exchange_n(&m->kick, 0, __ATOMIC_RELAXED);
  if (kick == KICK_HOOK) {  // as lua.c's SIGINT handler: every event calls the hook from now on
    lua_sethook(m->current ? m->current : m->L, tt_hook, LUA_MASKCALL | LUA_MASKRET | LUA_MASKLINE | LUA_MASKCOUNT, 1);
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
    double now = tt_now_seconds();
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

int tt_watched(Limits *m) { return m->watch_gen == watch_gen; }

void tt_watch(Limits *m) {
  pthread_mutex_lock(&watch_lock);
  if (m->watch_gen != watch_gen) {
    m->watch_gen = watch_gen;
    m->seen_beats = m->beats;
    m->silent_since = tt_now_seconds();
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

int tt_close(lua_State *L, char *message, size_t size) {
  Limits *m = LIM(L);
  int before = m->tripped;
  // The finalizers lua_close runs are Lua code: past the memory limit their allocations are
  // refused (an error in a finalizer, which Lua passes over), as while the script ran. Host
  // __gc functions allocate nothing through Lua (the trampoline clears this around Swift).
  m->lua_active = 1;
  Limits *outer = tt_running;
  tt_running = m;
  // lua_close runs the pending finalizers: the watchdog keeps watching until it returns.
  if (__atomic_add_fetch(&m->running, 1, __ATOMIC_RELAXED) == 1) m->thread = pthread_self();
  lua_close(L);
  tt_running = outer;
  unwatch(m);
  int during = before ? TT_LIMIT_NONE : m->tripped;
  if (during && message && size) snprintf(message, size, "%s", m->message);
  tt_free_chunk_texts(m);
  tt_free_coverage(m);
  tt_free_loaded_names(m);
  free(m);
  return during;
}

