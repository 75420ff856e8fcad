// Private to CLuaShim: the per-state record every part of the bridge shares (limits, the
// running Swift call, the watchdog's bookkeeping), kept in lua_getextraspace.
#ifndef TT_STATE_H
#define TT_STATE_H
#include "CLuaShim.h"
#include <pthread.h>
#include <signal.h>

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
  // The frame of the Swift function that last passed a callback's error on (TT_RAISE_VALUE):
  // the message handler that sees that raise knows it is not a new error.
  void *reraise_ci;
  void *owner;           // the Swift owner's handle (tt_owner)
  size_t room_asked_at;  // `used` when the system was last asked for headroom (tt_host_reserve)
  struct ChunkTexts *texts;  // the loaded chunks' text, for a trace (chunktext.c); NULL: not kept
  struct Coverage *cov;      // line counts (coverage.c); NULL: coverage off
  struct LoadedName *loaded; // the `@file` chunks loaded (chunktext.c)
} Limits;

#define HOOK_STRIDE 1000
static inline Limits *LIM(lua_State *L) { return *(Limits **)lua_getextraspace(L); }

double tt_now_seconds(void);
// Records "file:line: what" at the innermost Lua function without allocating.
void tt_remember_where(lua_State *L, Limits *m, const char *what);
// Frees the block kept for the way out of an allocation failure (limits.c); once.
void tt_release_parachute(void);
// The limit hook (limits.c): counts, trips and raises the sticky limit error.
void tt_hook(lua_State *L, lua_Debug *ar);
// Sets the count hook the state's limits need (and has the watchdog watch it).
void tt_arm_hook(lua_State *L);
// The watchdog (watchdog.c): starts watching a state with limits; this thread's running state.
void tt_watch(Limits *m);
int tt_watched(Limits *m);  // by this process's watchdog (a forked child starts a new one)
extern __thread Limits *tt_running;
// The host functions' C closures (trampoline.c): a raise from their frame is a host's.
int tt_is_host_function(lua_CFunction f);
// chunktext.c: a chunk's text captured while it loads (off unless the state keeps texts and the
// name is `@name`), kept once the load succeeded.
typedef struct { char *p; size_t n, size, cap; } tt_Capture;
void tt_capture_begin(lua_State *L, tt_Capture *c, const char *name);
void tt_capture_add(tt_Capture *c, const char *s, size_t n);
void tt_capture_end(lua_State *L, tt_Capture *c, const char *name, int loaded);
void tt_free_chunk_texts(Limits *m);
void tt_free_loaded_names(Limits *m);
// loaders.c: luaL_loadfilex, keeping the text; load, loadfile, dofile and require's Lua searcher
// replaced by ones that keep it (called by tt_openlibs).
int tt_loadfilex(lua_State *L, const char *filename, const char *mode);
void tt_install_loaders(lua_State *L);
// coverage.c: a line event counted; the counts freed when the state closes.
void tt_cover_line(lua_State *L, lua_Debug *ar);
void tt_free_coverage(Limits *m);
#endif
