---@meta scenarios
-- Editor stubs for scenario files (`tantan-host test`): busted's blocks and luassert's assertions
-- as the runner provides them (Sources/TantanScripts/lua/prelude*.lua). The one declaration of
-- that surface: ScenarioStubsTests fails when a global the runner defines is missing here, when
-- something declared here is not defined, or when parameter names differ.

---A group of scenarios; `#tags` in the name apply to every scenario inside.
---@param name string
---@param fn fun()
function describe(name, fn) end
context, insulate, expose = describe, describe, describe

---A scenario: runs in a fresh Lua state with its own virtual clock. Without `fn` it is pending.
---@param name string
---@param fn? fun()
function it(name, fn) end
spec, test = it, it

---What an explore action draws its arguments from (its second parameter): each draw is
---recorded, so shrinking can simplify it and a replay repeats it. (The actions' signatures in
---lua/tantan.d.lua name this class.)
---@class ExploreGen
---@field int fun(a: integer, b: integer): integer An integer in [a, b] (shrinks toward the one nearest 0, then round numbers).
---@field number fun(a: number, b: number): number A number in [a, b] (shrinks toward whole and round numbers nearest 0).
---@field pick fun(list: any[]): any One element of a non-empty array (shrinks toward the first; recorded as its position).
---@field bool fun(): boolean true or false (shrinks toward false).
---@field note fun(fmt: string, ...: any) Says what the step did (string.format), printed next to the step in a failure; formatted only for the final replay.

---An explore spec: random sequences of `actions` against the invariants, shrunk when one fails.
---@class ExploreSpec
---@field setup fun(sched: {hold: fun(fn: fun(ok: boolean)), pending: function[]}): any Builds the component(s) with your data source and delegate, fresh for every run (the clock is reset before it); returns a component or a table of them. `sched.hold(fn)` keeps a completion for the ready-made `deliver` action.
---@field actions table<string, (fun(obj: any, gen: ExploreGen): any)|{weight?: number, run: fun(obj: any, gen: ExploreGen): any}> By name; tantan.explore.deck_actions(), grid_actions(), list_actions() are ready-made sets.
---@field invariant? fun(obj: any): boolean? Checked after setup and after every step: raising or returning false is a failure.
---@field model? {init: fun(obj: any): any, next: fun(state: any, action: string, result: any, obj: any): any, check: fun(state: any, obj: any): boolean?} A model of what should be, advanced and checked after every step.
---@field runs? integer Runs (default 100; --explore-runs N or TANTAN_EXPLORE_RUNS=N replace it).
---@field steps? integer Steps per run (default 50).
---@field teardown? fun(obj: any) After each run.
---@field builtin? boolean false turns the built-in component invariants off.

---A scenario that explores: seeded runs of random actions (tantan.explore), shrunk to a shortest
---failing sequence printed as a scenario to paste; passing, it prints its coverage.
---@param name string
---@param spec ExploreSpec
function explore(name, spec) end

---At block level: a pending scenario. Inside a scenario: stops it, reported as pending.
---@param name string
function pending(name) end

---Runs before the scenario, for each scenario of the block (every scenario has a fresh state).
---@param fn fun()
function setup(fn) end
---@param fn fun()
function teardown(fn) end
---@param fn fun()
function before_each(fn) end
---@param fn fun()
function after_each(fn) end
lazy_setup, strict_setup, lazy_teardown, strict_teardown = setup, setup, teardown, teardown

---busted's randomize(): accepted and ignored (the order is the file's, or `tantan-host test --shuffle`'s seeded one).
function randomize() end

---Inside a scenario: runs `fn` after it, even when it fails.
---@param fn fun()
function finally(fn) end

---A spy: a callable table that records its calls.
---@class Spy
---@field calls table[] The arguments of each call (`n` = count).
---@field returnvals table[] The results of each call.
---@field revert fun(self: Spy): Spy Puts the original function back (spy.on, stub).
---@field clear fun(self: Spy): Spy Forgets the recorded calls.

---@class SpyModule
---@field new fun(fn?: function): Spy A spy calling `fn`.
---@field on fun(t: table, key: string): Spy Replaces `t[key]` by a spy calling the original.
---@field is_spy fun(x: any): boolean
spy = {}

---Replaces `t[key]` by a spy returning the given values.
---@type fun(t: table, key: string, ...: any): Spy
stub = nil

---@class match
---@field _ any Matches any value in `same`, `called_with` and `returned_with`.
match = {}

---A spy assertion chain: `assert.spy(s).was.called(2)`, `.was_not.called_with(...)`.
---@class SpyAssertion
---@field was SpyAssertion
---@field was_not SpyAssertion
---@field called fun(n?: integer): Spy
---@field called_with fun(...: any): Spy
---@field returned_with fun(...: any): Spy
---@field called_at_least fun(n: integer): Spy
---@field called_at_most fun(n: integer): Spy

---luassert's `assert`: callable as Lua's assert, with assertions as fields. Modifiers `is`, `are`,
---`was`, `has`, `does` read naturally; `not`/`no` negate (`assert.is_not.equal`, `has_no.errors`).
---An optional last argument replaces the failure message.
---@class Assert
---@overload fun(v: any, message?: any, ...: any): any
---@field equal fun(expected: any, actual: any, message?: string) `==`
---@field same fun(expected: any, actual: any, message?: string) Deep comparison.
---@field truthy fun(v: any, message?: string)
---@field falsy fun(v: any, message?: string)
---@field is_true fun(v: any, message?: string)
---@field is_false fun(v: any, message?: string)
---@field is_nil fun(v: any, message?: string)
---@field near fun(expected: number, actual: number, tolerance: number, message?: string)
---@field matches fun(pattern: string, actual: string, message?: string)
---@field has_error fun(fn: function, expected?: any, message?: string) Message compared without its `file:line:` prefix.
---@field error_matches fun(fn: function, pattern: string, message?: string)
---@field snapshot fun(name: string, value: any) Compares with `__snapshots__/<file>/<name>.snap`; decks, grids and lists as the data of what they show; a name once per scenario.
---@field snapshot_svg fun(name: string, obj: tantan.SwipeDeck|tantan.ReorderGrid|tantan.List) Compares tantan.render.svg(obj) with `__snapshots__/<file>/<name>.svg`; a mismatch leaves expected.svg, actual.svg and diff.html in `--artifacts-dir`.
---@field spy fun(s: Spy): SpyAssertion
---@field is_not Assert
---@field are Assert
---@field is Assert
---@field has_no Assert
assert = {}
