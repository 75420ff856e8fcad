/* Baselines for scripts/bench, compiled by the script against the same liblua5.4.
 * Each mode does what the matching tantan-host row does, but through the raw Lua C API:
 *   method N         a userdata method called from a Lua loop, methods in a plain __index table
 *   method-fields N  the same, but the userdata also has fields, so __index is a C function that
 *                    finds methods by a raw lookup and fields otherwise (the design of tantan's
 *                    classes, whose tantan.clock:settle() is the matching row)
 *   pcall N          lua_pcall of a Lua function from C with the arguments a list's
 *                    item_height(list, section, index, item) gets, each call its own item of
 *                    10,000 (tantan: list:reload() of 10,000 items),
 *                    timed in chunks of 10,000 calls: the median chunk, scaled to N
 *   deck SCRIPT N    the floor of row 3: runs bench/deck_swipes.lua itself against a C `tantan`
 *                    whose deck only makes the Lua calls a swipe makes (will_swipe, should_swipe,
 *                    did_swipe; then on settle did_swipe_right, card and did_remove), each by
 *                    lua_pcall with the same arguments, with no model, poses, timers or events
 *   fork N MB        the floor of a forked scenario: a process with MB megabytes of heap in use
 *                    (a test worker's size) forks N children that exit at once, one at a time,
 *                    each waited for; prints wall seconds
 * Prints one line: "<mode> <ops> <cpu seconds>" (deck: the script's own output). */
#include <lua.h>
#include <lualib.h>
#include <lauxlib.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
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

/* The deck floor: registry slots of the callbacks, the deck and its visible models (a ring of 5). */
enum { WILL, SHOULD, DID, DID_RIGHT, REMOVE, CARD, NCB };
static const char *cb_names[NCB] = {"will_swipe", "should_swipe", "did_swipe", "did_swipe_right", "did_remove", "card"};
typedef struct { int cb[NCB]; int self, source, right, models[5], pool; lua_Integer index; int flying; } Deck;
static Deck *the_deck;

/* Pushes callback `which` and its first argument (the deck, or the source for `card`). */
static void callee(lua_State *L, Deck *d, int which) {
  lua_rawgeti(L, LUA_REGISTRYINDEX, d->cb[which]);
  lua_rawgeti(L, LUA_REGISTRYINDEX, which == CARD ? d->source : d->self);
}

static void call(lua_State *L, int nargs, int nresults) {
  if (lua_pcall(L, nargs, nresults, 0) != LUA_OK) lua_error(L);
}

static int deck_swipe(lua_State *L) {
  Deck *d = *(Deck **)luaL_checkudata(L, 1, "bench.Deck");
  const char *dir = luaL_checkstring(L, 2);
  if (strcmp(dir, "right") != 0 && strcmp(dir, "left") != 0 && strcmp(dir, "up") != 0 && strcmp(dir, "down") != 0)
    return luaL_argerror(L, 2, "bad direction");
  callee(L, d, WILL);
  lua_pushinteger(L, d->index);
  call(L, 2, 0);
  callee(L, d, SHOULD);
  lua_pushinteger(L, d->index);
  lua_rawgeti(L, LUA_REGISTRYINDEX, d->right);
  call(L, 3, 1);
  int go = lua_toboolean(L, -1);
  lua_pop(L, 1);
  if (!go) return 0;
  callee(L, d, DID);
  lua_pushinteger(L, d->index);
  lua_rawgeti(L, LUA_REGISTRYINDEX, d->right);
  call(L, 3, 0);
  d->flying = 1;
  return 0;
}

static int deck_settle(lua_State *L) {  /* tantan.clock:settle(): the flight lands */
  luaL_checkudata(L, 1, "bench.Clock");
  Deck *d = the_deck;
  if (!d || !d->flying) { lua_pushinteger(L, 0); return 1; }
  d->flying = 0;
  callee(L, d, DID_RIGHT);
  lua_pushinteger(L, d->index);
  call(L, 2, 0);
  int removed = d->models[d->index % 5];  /* the removed card's model is reused for the next card */
  callee(L, d, CARD);
  lua_pushinteger(L, d->index + 5);
  lua_rawgeti(L, LUA_REGISTRYINDEX, removed);
  call(L, 3, 1);
  lua_rawseti(L, LUA_REGISTRYINDEX, removed);
  callee(L, d, REMOVE);
  lua_pushinteger(L, d->index);
  lua_rawgeti(L, LUA_REGISTRYINDEX, d->right);
  call(L, 3, 0);
  d->index = d->index % 1000000000 + 1;
  lua_pushinteger(L, 1);
  return 1;
}

static int deck_events(lua_State *L) { lua_newtable(L); return 1; }

static int deck_index(lua_State *L) {  /* methods by a raw lookup, then the fields */
  lua_pushvalue(L, 2);
  if (lua_rawget(L, lua_upvalueindex(1)) != LUA_TNIL) return 1;
  Deck *d = *(Deck **)luaL_checkudata(L, 1, "bench.Deck");
  const char *k = lua_tostring(L, 2);
  if (k && strcmp(k, "index") == 0) lua_pushinteger(L, d->index);
  else lua_pushnil(L);
  return 1;
}

static int deck_new(lua_State *L) {  /* tantan.deck{source = {card = f, ...}, delegate = {...}} */
  luaL_checktype(L, 1, LUA_TTABLE);
  Deck *d = calloc(1, sizeof *d);
  the_deck = d;
  d->index = 1;
  lua_getfield(L, 1, "delegate");
  lua_getfield(L, 1, "source");
  for (int i = 0; i < NCB; i++) {
    lua_getfield(L, i == CARD ? -1 : -2, cb_names[i]);
    luaL_checktype(L, -1, LUA_TFUNCTION);
    d->cb[i] = luaL_ref(L, LUA_REGISTRYINDEX);
  }
  d->source = luaL_ref(L, LUA_REGISTRYINDEX);
  lua_pop(L, 1);
  lua_pushliteral(L, "right");
  d->right = luaL_ref(L, LUA_REGISTRYINDEX);
  *(Deck **)lua_newuserdatauv(L, sizeof d, 0) = d;
  luaL_setmetatable(L, "bench.Deck");
  lua_pushvalue(L, -1);
  d->self = luaL_ref(L, LUA_REGISTRYINDEX);
  for (int i = 0; i < 5; i++) {  /* the first screenful of models, made by the source */
    callee(L, d, CARD);
    lua_pushinteger(L, i + 1);
    lua_pushnil(L);
    call(L, 3, 1);
    d->models[(i + 1) % 5] = luaL_ref(L, LUA_REGISTRYINDEX);
  }
  return 1;
}

static int run_deck(lua_State *L, const char *script, const char *n) {
  luaL_newmetatable(L, "bench.Deck");
  lua_newtable(L);
  lua_pushcfunction(L, deck_swipe);
  lua_setfield(L, -2, "swipe");
  lua_pushcfunction(L, deck_events);
  lua_setfield(L, -2, "events");
  lua_pushcclosure(L, deck_index, 1);
  lua_setfield(L, -2, "__index");
  lua_pop(L, 1);
  luaL_newmetatable(L, "bench.Clock");
  lua_newtable(L);
  lua_pushcfunction(L, deck_settle);
  lua_setfield(L, -2, "settle");
  lua_pushcclosure(L, clock_index, 1);
  lua_setfield(L, -2, "__index");
  lua_pop(L, 1);
  lua_newtable(L);  /* tantan */
  lua_pushcfunction(L, deck_new);
  lua_setfield(L, -2, "deck");
  Clock *c = lua_newuserdatauv(L, sizeof *c, 0);
  c->now = 0; c->pending = 0;
  luaL_setmetatable(L, "bench.Clock");
  lua_setfield(L, -2, "clock");
  lua_setglobal(L, "tantan");
  lua_createtable(L, 1, 0);  /* arg */
  lua_pushstring(L, n);
  lua_rawseti(L, -2, 1);
  lua_setglobal(L, "arg");
  if (luaL_dofile(L, script) != LUA_OK) { fprintf(stderr, "%s\n", lua_tostring(L, -1)); return 1; }
  return 0;
}

static int by_value(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

static double cpu(void) { return (double)clock() / CLOCKS_PER_SEC; }

static double wall(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static int run_fork(long long n, long long mb) {
  size_t size = (size_t)mb << 20;
  char *heap = malloc(size);
  if (!heap) return 1;
  memset(heap, 1, size);
  double t = wall();
  for (long long i = 0; i < n; i++) {
    pid_t pid = fork();
    if (pid == 0) _exit(heap[(size_t)i % size] == 1 ? 0 : 1);
    int status;
    if (pid < 0 || waitpid(pid, &status, 0) != pid || status != 0) return 1;
  }
  printf("fork %lld %.6f\n", n, wall() - t);
  free(heap);
  return 0;
}

int main(int argc, char **argv) {
  if (argc < 3) { fprintf(stderr, "usage: baseline method|method-fields|pcall N | deck SCRIPT N | fork N MB\n"); return 2; }
  long long n = atoll(argv[2]);
  lua_State *L = luaL_newstate();
  luaL_openlibs(L);
  if (strcmp(argv[1], "fork") == 0) return argc < 4 ? 2 : run_fork(n, atoll(argv[3]));
  if (strcmp(argv[1], "deck") == 0) return argc < 4 ? 2 : run_deck(L, argv[2], argv[3]);
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
    /* Each call gets its own item, {id = i}, as each of the host's 10,000 items does. */
    enum { ITEMS = 10000 };
    int *items = malloc(ITEMS * sizeof *items);
    for (int k = 0; k < ITEMS; k++) {
      lua_createtable(L, 0, 1);
      lua_pushinteger(L, k + 1);
      lua_setfield(L, -2, "id");
      items[k] = luaL_ref(L, LUA_REGISTRYINDEX);
    }
    /* Timed in chunks of 10,000 calls; the median chunk stands for all (as the median reload of
     * 10,000 items does in bench/list_callbacks.lua both). */
    int chunks = (int)(n / 10000), done = 0;
    double *times = calloc(chunks > 0 ? chunks : 1, sizeof *times), t = cpu();
    for (long long i = 0; i < n; i++) {
      if (i % 10000 == 0 && i > 0) { double now = cpu(); times[done++] = now - t; t = now; }
      lua_rawgeti(L, LUA_REGISTRYINDEX, fn);
      lua_rawgeti(L, LUA_REGISTRYINDEX, self);
      lua_pushinteger(L, 1);
      lua_pushinteger(L, (lua_Integer)i + 1);
      lua_rawgeti(L, LUA_REGISTRYINDEX, items[i % ITEMS]);
      if (lua_pcall(L, 4, 1, 0) != LUA_OK) return 1;
      int ok;
      lua_Number h = lua_tonumberx(L, -1, &ok);
      if (!ok || h < 0) return 1;
      lua_pop(L, 1);
    }
    double last = cpu() - t;
    if (n % 10000 == 0 && done < chunks) times[done++] = last;
    qsort(times, done, sizeof *times, by_value);
    double median = done ? (times[(done - 1) / 2] + times[done / 2]) / 2 : 0;
    printf("pcall %lld %.6f\n", n, done ? median * (double)n / 10000 : last);
    free(times);
    free(items);
  }
  lua_close(L);
  return 0;
}
