/* Baselines for scripts/bench, compiled by the script against the same liblua5.4.
 * Each mode does what the matching tantan-host row does, but through the raw Lua C API:
 *   method N         a userdata method called from a Lua loop, methods in a plain __index table
 *   method-fields N  the same, but the userdata also has fields, so __index is a C function that
 *                    finds methods by a raw lookup and fields otherwise (the design of tantan's
 *                    classes, whose tantan.clock:settle() is the matching row)
 *   pcall N          lua_pcall of a Lua function from C with the arguments a list's
 *                    item_height(list, section, index, item) gets (tantan: list:reload())
 * Prints one line: "<mode> <ops> <cpu seconds>". */
#include <lua.h>
#include <lualib.h>
#include <lauxlib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct { double now; int pending; } Clock;

static int clock_settle(lua_State *L) {  /* same work as tantan.Clock:settle on an idle clock */
  Clock *c = luaL_checkudata(L, 1, "bench.Clock");
  int fired = 0;
  while (c->pending > 0) { c->pending--; fired++; }
  lua_pushinteger(L, fired);
  return 1;
}

static int clock_index(lua_State *L) {  /* methods by a raw lookup, then the fields */
  lua_pushvalue(L, 2);
  if (lua_rawget(L, lua_upvalueindex(1)) != LUA_TNIL) return 1;
  Clock *c = luaL_checkudata(L, 1, "bench.Clock");
  const char *k = lua_tostring(L, 2);
  if (k && strcmp(k, "now") == 0) lua_pushnumber(L, c->now);
  else if (k && strcmp(k, "pending") == 0) lua_pushinteger(L, c->pending);
  else lua_pushnil(L);
  return 1;
}

static double cpu(void) { return (double)clock() / CLOCKS_PER_SEC; }

int main(int argc, char **argv) {
  if (argc < 3) { fprintf(stderr, "usage: baseline method|method-fields|pcall N\n"); return 2; }
  long long n = atoll(argv[2]);
  lua_State *L = luaL_newstate();
  luaL_openlibs(L);
  if (strcmp(argv[1], "method") == 0 || strcmp(argv[1], "method-fields") == 0) {
    Clock *c = lua_newuserdatauv(L, sizeof *c, 0);
    c->now = 0; c->pending = 0;
    luaL_newmetatable(L, "bench.Clock");
    lua_newtable(L);
    lua_pushcfunction(L, clock_settle);
    lua_setfield(L, -2, "settle");
    if (strcmp(argv[1], "method-fields") == 0) lua_pushcclosure(L, clock_index, 1);
    lua_setfield(L, -2, "__index");
    lua_setmetatable(L, -2);
    lua_setglobal(L, "clock");
    lua_pushinteger(L, n);
    lua_setglobal(L, "N");
    const char *loop = "local c = clock local t = os.clock() for i = 1, N do c:settle() end return os.clock() - t";
    if (luaL_dostring(L, loop) != LUA_OK) { fprintf(stderr, "%s\n", lua_tostring(L, -1)); return 1; }
    printf("%s %lld %.6f\n", argv[1], n, lua_tonumber(L, -1));
  } else {
    if (luaL_dostring(L, "return function(list, section, index, item) return 44 end") != LUA_OK) return 1;
    int fn = luaL_ref(L, LUA_REGISTRYINDEX);
    lua_newuserdatauv(L, sizeof(void *), 0);  /* the list */
    int self = luaL_ref(L, LUA_REGISTRYINDEX);
    lua_newtable(L);  /* the item */
    int item = luaL_ref(L, LUA_REGISTRYINDEX);
    double t = cpu();
    for (long long i = 0; i < n; i++) {
      lua_rawgeti(L, LUA_REGISTRYINDEX, fn);
      lua_rawgeti(L, LUA_REGISTRYINDEX, self);
      lua_pushinteger(L, 1);
      lua_pushinteger(L, (lua_Integer)i + 1);
      lua_rawgeti(L, LUA_REGISTRYINDEX, item);
      if (lua_pcall(L, 4, 1, 0) != LUA_OK) return 1;
      int ok;
      lua_Number h = lua_tonumberx(L, -1, &ok);
      if (!ok || h < 0) return 1;
      lua_pop(L, 1);
    }
    printf("pcall %lld %.6f\n", n, cpu() - t);
  }
  lua_close(L);
  return 0;
}
