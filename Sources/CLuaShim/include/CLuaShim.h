// The Lua bridge in C (CLineEditor, the REPL's line editing, is the only other C): what Swift
// cannot import from the Lua C API (macros, variadics),
// the trampoline that calls Swift from Lua and raises errors after Swift has returned,
// and the allocator and hook that enforce limits.
#ifndef TT_CLUASHIM_H
#define TT_CLUASHIM_H
#include <stddef.h>
#include <lua.h>
#include <lualib.h>
#include <lauxlib.h>

// Swift-side results (returned by the dispatcher instead of raising):
#define TT_RAISE_VALUE (-1)    // error value on top: raise it as is
#define TT_RAISE_WHERE (-2)    // message on top: prefix luaL_where(L, 1) and raise
#define TT_RAISE_ARG (-3)      // arg index at -2, message at -1: luaL_argerror

typedef int (*tt_Dispatch)(lua_State *L, void *box);

// State with the limit-aware allocator; per-state data lives in lua_getextraspace.
lua_State *tt_newstate(void);
// Closes the state; the finalizers it runs allocate under its memory limit. Returns the limit
// that tripped during the close (its "file:line: what" copied to `message`), or TT_LIMIT_NONE.
int tt_close(lua_State *L, char *message, size_t size);
// The running thread: inside a Swift function called from a coroutine, that coroutine.
lua_State *tt_current(lua_State *L);
void tt_set_dispatcher(tt_Dispatch d);

// Pushes a C closure that calls the Swift box through the dispatcher; the box pointer is kept in a
// full userdata upvalue (upvalue 1) whose __gc calls `release(box)`; `nup` more upvalues follow.
void tt_pushswift(lua_State *L, void *box, void (*release)(void *), int nup);

// Limits. 0 means unlimited. Once a limit trips it stays tripped: every later instruction raises.
void tt_set_max_memory(lua_State *L, size_t bytes);
void tt_set_max_instructions(lua_State *L, long long count);
void tt_set_timeout(lua_State *L, double seconds);
size_t tt_memory_in_use(lua_State *L);
size_t tt_memory_peak(lua_State *L);
// Which limit tripped; a C enum so Swift names the codes instead of mirroring numbers.
typedef enum { TT_LIMIT_NONE = 0, TT_LIMIT_MEMORY = 1, TT_LIMIT_INSTRUCTIONS = 2, TT_LIMIT_TIMEOUT = 3, TT_LIMIT_INTERRUPT = 4 } tt_Limit;
tt_Limit tt_limit_tripped(lua_State *L);
const char *tt_limit_message(lua_State *L);  // "file:line: ..." for the sticky error, or NULL
const char *tt_limit_what(lua_State *L);     // the same without "file:line: "
// Where the count hook cannot run (C functions, finalizers, message handlers entered from a limit's
// error), a watchdog thread ends the process with "<prefix><limit message>" and status 1: see
// watchdog.c. `prefix` (e.g. "tantan-host: ") and the grace past the deadline, per state.
void tt_arm_watchdog(lua_State *L, const char *prefix, double grace);
// The file descriptor the watchdog writes its message to before it ends the process (default 2):
// a scenario's process hands it to the runner through a pipe.
void tt_set_watchdog_fd(int fd);
// Memory the host keeps for the state, counted against its memory limit: 0 when charged, else
// nothing is charged and the limit has tripped (the caller raises tt_limit_message).
int tt_host_alloc(lua_State *L, size_t bytes);
void tt_host_free(lua_State *L, size_t bytes);
// tt_host_alloc that also asks the system for `room` bytes in one block (tt_system_room): a host
// allocation the system cannot give (ulimit -v, overcommit refusing) is refused here, tripping
// the memory limit, instead of aborting in the Swift runtime when the host makes it.
int tt_host_reserve(lua_State *L, size_t bytes, size_t room);
// Whether the system can give `bytes` in one block now (a mapping made and unmapped at once): for
// host code that has no state to charge.
int tt_system_room(size_t bytes);
// A host loop's `steps`, counted as instructions (the clock is read every 1000): non-zero (the
// tripped limit's code) when the loop must stop and raise tt_limit_message.
int tt_host_tick(lua_State *L, long long steps);
// Ctrl-C raises "interrupted!" at the next instruction. As in lua.c it is raised once (pcall can
// catch it), unless the state has a --timeout: then every later instruction raises it too, so a
// runaway ends for sure.
void tt_install_sigint(lua_State *L);
void tt_restore_sigint(void);
void tt_clear_interrupt(lua_State *L);    // the REPL goes on after Ctrl-C stopped one line

// The message handler of a protected call from Swift.
typedef enum {
  TT_HANDLER_NONE = 0,
  // lua.c's msghandler: the error becomes "message\nstack traceback:..." (honours __tostring).
  TT_HANDLER_TRACEBACK = 1,
  // The error value is kept unchanged (the caller re-raises it) and the traceback of the failing
  // code, taken where it failed, is remembered: TT_HANDLER_TRACEBACK, reporting that same value
  // later, prints it instead of the shorter traceback left after the stack unwound.
  TT_HANDLER_KEEP = 2,
} tt_Handler;
// The one protected call from Swift: status as lua_pcall, the error value on top on failure.
int tt_pcall(lua_State *L, int nargs, int nresults, tt_Handler handler);
// The same call with TT_HANDLER_KEEP's handler already on the stack at `handler` (pushed by
// tt_push_keep_handler before the function, so nothing is inserted under it: the hot callbacks'
// form, about 170 instructions less per call, bench row 2). `remove`: the handler was pushed for
// this call alone and goes (the stack then as after tt_pcall); else it stays for more calls.
int tt_pcall_at(lua_State *L, int nargs, int nresults, int handler, int remove);
void tt_push_keep_handler(lua_State *L);
// The traceback remembered for the error value on top (TT_HANDLER_KEEP), pushed; 0 if none.
int tt_push_remembered_traceback(lua_State *L);
// A lua_CFunction for a message handler written in Lua (the scenario runner's): called by the
// handler with the error value, it returns what TT_HANDLER_TRACEBACK would print for a
// callback's error a host function passed on (the callback's own frames), or nothing.
int tt_callback_traceback(lua_State *L);
void tt_gc_generational(lua_State *L);  // lua.c's lua_gc(L, LUA_GCGEN, 0, 0)
// Protected luaL_loadbufferx / luaL_loadfilex: the status lua_load reports (LUA_ERRSYNTAX,
// LUA_ERRMEM, LUA_ERRFILE), the chunk or the message on top.
int tt_loadbuffer(lua_State *L, const char *buf, size_t len, const char *name, const char *mode);
int tt_loadfile(lua_State *L, const char *path, const char *mode);
// `load` for a sandbox: Lua 5.4.4's, with every 'b' dropped from its mode, so bytecode fails with
// lua's own "attempt to load a binary chunk (mode is 't')" and text loads as in lua (loaders.c).
int tt_load_text(lua_State *L);
// From now on the text of every `@name` chunk the state loads (the loaders above, and load,
// loadfile, dofile and require inside it) is kept for a trace: the first chunk of each name, its
// first `per_chunk` bytes, `total` bytes in all (chunktext.c). tt_chunk_text: that text, or NULL.
void tt_keep_chunk_texts(lua_State *L, size_t per_chunk, size_t total);
const char *tt_chunk_text(lua_State *L, const char *name, size_t *len);
// The name (without '@') of the `i`-th distinct `@file` chunk the state loaded (0-based, in load
// order), or NULL past the last: the files a spec file's state read (`test --watch`).
const char *tt_loaded_chunk(lua_State *L, int i);
// Protected operations that may run metamethods (and so raise): status as lua_pcall, the error
// value on top on failure. tostring pushes the string; get* push the value; set* pop the value.
int tt_tolstring(lua_State *L, int idx);
int tt_getfield(lua_State *L, int idx, const char *key);
int tt_setfield(lua_State *L, int idx, const char *key);
int tt_getglobal(lua_State *L, const char *name);
int tt_setglobal(lua_State *L, const char *name);
int tt_len(lua_State *L, int idx, lua_Integer *len);  // luaL_len: __len, an integer result
// Protected luaL_openlibs.
int tt_openlibs(lua_State *L);
// An opaque pointer kept with the state for its Swift owner (the handle references share).
void tt_set_owner(lua_State *L, void *owner);

// Line coverage (coverage.c): from now on the line hook counts every line run in a chunk named
// `@file` (a cached closure-to-file lookup, then one increment). 0 on success.
int tt_coverage_start(lua_State *L);
// The files counted so far, in the order first run: file `i`'s name (without '@'), its counts
// (`hits[line]`, `count` entries, valid until the next line runs), or NULL past the end.
int tt_coverage_file_count(lua_State *L);
const char *tt_coverage_file(lua_State *L, int i, const unsigned **hits, int *count);
void tt_coverage_reset(lua_State *L);  // every count back to 0 (the files stay)
// The lines of a chunk's text that hold code the compiler emitted, sorted (protolines.c): a
// malloc'd array of `count` lines to free with tt_free, or NULL with the load error in `err`.
int *tt_executable_lines(const char *text, size_t len, const char *name, size_t *count, char *err, size_t errsize);
void tt_free(void *p);
void *tt_owner(lua_State *L);

// Pops a methods table; pushes an __index that finds methods in C, else runs the Swift box.
void tt_pushswiftindex(lua_State *L, void *box, void (*release)(void *));

// Macros and constants Swift cannot import.
int tt_registryindex(void);
// The same value as a compile-time constant (Swift imports anonymous enum members as constants),
// so reading `Lua.registryIndex` runs no lazy global initialiser.
enum { TT_REGISTRYINDEX = LUA_REGISTRYINDEX };
int tt_upvalueindex(int i);
void tt_pop(lua_State *L, int n);
void tt_newtable(lua_State *L);
void tt_insert(lua_State *L, int idx);
void tt_remove(lua_State *L, int idx);
void tt_replace(lua_State *L, int idx);
const char *tt_tostring(lua_State *L, int idx, size_t *len);
int tt_isnoneornil(lua_State *L, int idx);
void tt_pushglobaltable(lua_State *L);
void tt_pushlightuserdata(lua_State *L, void *p);
int tt_ref(lua_State *L);
void tt_unref(lua_State *L, int ref);
int tt_getref(lua_State *L, int ref);
void *tt_newuserdata(lua_State *L, size_t size);
// luaL_testudata against the metatable at index `mt` (an upvalue) instead of a registry name.
void *tt_testudata_mt(lua_State *L, int arg, int mt);
// Pushes argument 1 of the running function and returns 1 when it is a host object's userdata
// (a full userdata of one pointer) holding `object`; else pushes nothing and returns 0.
int tt_push_arg1_object(lua_State *L, const void *object);
// tt_testudata_mt for argument 1 of a method, remembering its object as the running call's `self`.
void *tt_self_mt(lua_State *L, int mt);
// Pushes argument 1 and returns 1 when the running Swift function is a method whose `self`
// (checked by tt_self_mt) holds `object`; else pushes nothing and returns 0. O(1), no Lua reads.
int tt_push_self(lua_State *L, const void *object);
const char *tt_typename_at(lua_State *L, int idx);  // luaL_typename, honouring __name


// stdio for Swift 6 (C globals such as stdout are rejected as shared mutable state).
void tt_write_stdout(const char *s, size_t len);
void tt_write_stderr(const char *s, size_t len);
void tt_flush_stdout(void);
const char *tt_copyright(void);
int tt_stdin_is_tty(void);
const char *tt_read_line(size_t *len);  // a line of stdin with its '\n'; NULL at end of input
#endif
