// The trampoline through which Lua calls Swift (Swift returns a status; only this C frame raises),
// the boxes that keep Swift closures alive, host classes' __index, and the running call's self.
#include "state.h"

static tt_Dispatch dispatcher;
void tt_set_dispatcher(tt_Dispatch d) { dispatcher = d; }

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
    if (!m->tripped) { m->tripped = TT_LIMIT_MEMORY; tt_remember_where(L, m, "not enough memory"); }
    tt_arm_hook(L);
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

int tt_is_host_function(lua_CFunction f) { return f == trampoline || f == index_fast; }
