#ifndef TANTAN_SCRIPTS_H
#define TANTAN_SCRIPTS_H
#include <stddef.h>

/* Lua sources of the host's own Lua code, embedded at build time from Sources/TantanScripts/lua
   (C23 #embed, so the code lives in .lua files and needs no resource bundle at run time). */

/* explore.lua: the engine of `explore(name, spec)` (generation, invariants, shrinking, printing). */
const char *tt_script_explore(size_t *size);
/* explore_actions.lua: ready-made actions, built-in invariants and coverage per component. */
const char *tt_script_explore_actions(size_t *size);

#endif
