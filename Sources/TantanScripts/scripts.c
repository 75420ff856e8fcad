#include "tantan_scripts.h"

/* #embed is standard C23; clang accepts it in earlier modes as an extension. */
#pragma clang diagnostic ignored "-Wc23-extensions"

static const char explore[] = {
#embed "lua/explore.lua"
};

static const char explore_actions[] = {
#embed "lua/explore_actions.lua"
};

const char *tt_script_explore(size_t *size) { *size = sizeof explore; return explore; }
const char *tt_script_explore_actions(size_t *size) { *size = sizeof explore_actions; return explore_actions; }
