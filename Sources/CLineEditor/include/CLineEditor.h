// Line editing for the REPL on a terminal: libedit's readline interface, loaded with dlopen when
// the REPL starts. Linked instead, libedit and its libraries would load with every run:
// `tantan-host -e ''` measured 4.11 M instructions, 4.65 M with libedit preloaded (bench/ir,
// debug build), where lua5.4's whole start-up is 0.99 M. Why libedit: line_editor.c.
#ifndef TT_CLINEEDITOR_H
#define TT_CLINEEDITOR_H
#include <lua.h>

// Loads libedit and sets it up for `L`'s REPL: Tab completes global names and fields (read raw,
// in a protected call), history holds 1000 lines, read from and saved to `history_file` unless it
// is NULL. Returns 0 when libedit cannot be loaded (the REPL then reads plain lines).
int tt_edit_begin(lua_State *L, const char *history_file);
// One edited line without its '\n' (malloc'd: free it), NULL at end of input.
char *tt_edit_read(const char *prompt);
// Adds a statement to the history and saves the history file, so `os.exit` loses nothing.
void tt_edit_remember(const char *line);
// Forgets the state (no completion after the REPL ended) and the history file name.
void tt_edit_end(void);
#endif
