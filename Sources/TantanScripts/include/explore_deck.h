#ifndef TANTAN_EXPLORE_DECK_H
#define TANTAN_EXPLORE_DECK_H
#include <stddef.h>

/* lua/explore_deck.lua: the deck (tantan.SwipeDeck) part of tantan.explore (its actions, coverage and
   sampling), named by its component entry. One file pair per component, so a new component adds
   files and edits none (include/ is an umbrella directory: every header here is imported). */
const char *tt_script_explore_deck(size_t *size);

#endif
