#include "explore_deck.h"

/* #embed is standard C23; clang accepts it in earlier modes as an extension (see scripts.c). */
#pragma clang diagnostic ignored "-Wc23-extensions"

static const char script[] = {
#embed "lua/explore_deck.lua"
};

const char *tt_script_explore_deck(size_t *size) { *size = sizeof script; return script; }
