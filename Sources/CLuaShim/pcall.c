// Protected calls from Swift and their message handlers (lua.c's traceback, or the error kept as
// raised with its traceback remembered), and protected loads.
#include "state.h"
#include <string.h>

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
  // A host function's error that carries a tripped limit's words (`items[3]: not enough memory`,
  // from a refused charge or a host loop's count) is the limit's own `file:line: message`.
  if (m->tripped && m->message[0] && strstr(msg, m->message + m->what_at)) msg = m->message;
  return msg;
}

// Whether the error being handled (at index 1) is a callback's error that a host function passed
// on (raised by the trampoline's frame recorded in reraise_ci, `level` frames below the caller)
// and equal to the remembered one; either way the record is used up.
static int reraised_remembered_at(lua_State *L, int level) {
  Limits *m = LIM(L);
  lua_Debug ar;
  // CallInfo records are reused: the raising frame must also be a host function's.
  int reraised = m->reraise_ci && lua_getstack(L, level, &ar) && (void *)ar.i_ci == m->reraise_ci
                 && lua_getinfo(L, "f", &ar);
  if (reraised) {
    lua_CFunction f = lua_tocfunction(L, -1);
    lua_pop(L, 1);
    reraised = tt_is_host_function(f);
  }
  m->reraise_ci = NULL;
  if (!reraised) return 0;
  lua_rawgetp(L, LUA_REGISTRYINDEX, &remembered_value_key);
  int same = lua_rawequal(L, 1, -1);
  lua_pop(L, 1);
  return same;
}

// In a message handler: the raising frame is the one below it.
static int reraised_remembered(lua_State *L) { return reraised_remembered_at(L, 1); }

// The remembered traceback, taken off the registry (nil left when it is not a string).
static void take_remembered_traceback(lua_State *L) {
  lua_rawgetp(L, LUA_REGISTRYINDEX, &remembered_trace_key);
  lua_pushnil(L);
  lua_rawsetp(L, LUA_REGISTRYINDEX, &remembered_value_key);
  lua_pushnil(L);
  lua_rawsetp(L, LUA_REGISTRYINDEX, &remembered_trace_key);
}

int tt_callback_traceback(lua_State *L) {
  lua_settop(L, 1);
  // Called by a Lua message handler: the handler is level 1, the raising frame level 2.
  if (!reraised_remembered_at(L, 2)) return 0;
  take_remembered_traceback(L);
  return lua_type(L, -1) == LUA_TSTRING ? 1 : 0;
}

static int msghandler(lua_State *L) {
  // A callback's error passed on unchanged to its caller: the traceback taken where it failed.
  if (reraised_remembered(L)) {
    take_remembered_traceback(L);
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

// The hot callbacks' call. It skips tt_pcall's watchdog bookkeeping (running count, thread): a
// callback runs inside a host method, itself called from Lua under an outer tt_pcall that keeps it.
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
  Limits *outer = tt_running;
  tt_running = m;
  if (!tt_watched(m) && (m->max_instr || m->timeout > 0 || m->max)) tt_watch(m);  // after a fork
  if (__atomic_add_fetch(&m->running, 1, __ATOMIC_RELAXED) == 1) m->thread = pthread_self();
  int status = lua_pcall(L, nargs, nresults, base);
  __atomic_sub_fetch(&m->running, 1, __ATOMIC_RELAXED);
  tt_running = outer;
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
  const char *name = lua_tostring(L, 3);
  tt_Capture capture;
  tt_capture_begin(L, &capture, name);
  tt_capture_add(&capture, buf, len);
  int status = luaL_loadbufferx(L, buf, len, name, lua_tostring(L, 4));
  tt_capture_end(L, &capture, name, status == LUA_OK);
  return load_result(L, status);
}
int tt_loadbuffer(lua_State *L, const char *buf, size_t len, const char *name, const char *mode) {
  lua_pushlightuserdata(L, (void *)buf);
  lua_pushinteger(L, (lua_Integer)len);
  lua_pushstring(L, name);
  if (mode) lua_pushstring(L, mode); else lua_pushnil(L);
  return protected_load(L, do_loadbuffer, 4);
}
static int do_loadfile(lua_State *L) {
  return load_result(L, tt_loadfilex(L, lua_tostring(L, 1), lua_tostring(L, 2)));
}
int tt_loadfile(lua_State *L, const char *path, const char *mode) {
  if (path) lua_pushstring(L, path); else lua_pushnil(L);
  if (mode) lua_pushstring(L, mode); else lua_pushnil(L);
  return protected_load(L, do_loadfile, 2);
}

