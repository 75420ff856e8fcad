---@meta scenarios
-- Editor stubs for scenario files (`tantan-host test`): busted's blocks and luassert's assert,
-- spy, stub, mock and match as the runner provides them (Sources/TantanScripts/lua/prelude*.lua,
-- with the installed luassert). The one declaration of that surface: ScenarioStubsTests fails
-- when a global the runner defines is missing here, when something declared here is not
-- defined, or when parameter names differ.

---A group of scenarios; `#tags` in the name apply to every scenario inside. Its body runs when
---the file is collected; its scenarios then run in order, in the file's one Lua state (busted's
---semantics: what a scenario leaves, the next one sees). `insulate` restores _G and
---package.loaded when the block ends; `expose` lets what its body sets outlive the block around it.
---Without `fn`, returns a function taking it: `describe "name" (function() ... end)`.
---@param name string
---@param fn? fun()
function describe(name, fn) end
context, insulate, expose = describe, describe, describe

---A scenario. Globals it sets end with it (busted's environments); upvalues and _G stay. Without
---`fn`, returns a function taking it (`it "name" (function() ... end)`); never given one, it is pending.
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

---At block level: a pending scenario (`fn` is not run). Inside a scenario: stops it, reported as pending.
---@param name string
---@param fn? fun()
function pending(name, fn) end

---Runs when the block starts (before its first scenario that runs), once; its globals are the
---block's. A failing setup makes every scenario of the block an error. Also `strict_setup`.
---@param fn fun()
function setup(fn) end
---Runs when the block ends (after its last scenario), once, even when its setup failed.
---@param fn fun()
function teardown(fn) end
---Runs once, before the first scenario of the block that is not pending.
---@param fn fun()
function lazy_setup(fn) end
---Runs when the block ends, if its lazy_setup ran.
---@param fn fun()
function lazy_teardown(fn) end
---Runs before each scenario of the block (outer blocks' first).
---@param fn fun()
function before_each(fn) end
---Runs after each scenario of the block (inner blocks' first), even when before_each failed.
---@param fn fun()
function after_each(fn) end
strict_setup, strict_teardown = setup, teardown

---In a block's body: runs the block's scenarios and blocks in a random order, as busted does:
---randomize() with the run's `--seed`, randomize(seed) with that seed, randomize(false) not.
function randomize(...) end

---Inside a scenario: runs `fn` after it, even when it fails (the last one given).
---@param fn fun()
function finally(fn) end

---luassert's spy: a callable table that records its calls.
---@class Spy
---@field calls table[] The arguments of each call (`n` = count).
---@field returnvals table[] The results of each call.
---@field callback function What a call runs.
---@field revert fun(self: Spy): function Puts the original function back (spy.on, stub).
---@field clear fun(self: Spy): Spy Forgets the recorded calls.
---@field called fun(self: Spy, times?: integer, compare?: fun(count: integer, expected: integer): boolean): boolean, integer
---@field called_with fun(self: Spy, args: table): boolean, table?
---@field returned_with fun(self: Spy, args: table): boolean, table?

---@class SpyModule
---@field new fun(callback?: function): Spy A spy calling `callback`.
---@field on fun(target_table: table, target_key: any): Spy Replaces `target_table[target_key]` by a spy calling the original (a table's function: a component's methods cannot be replaced).
---@field is_spy fun(object: any): boolean
spy = {}

---luassert's stub: a spy that does not call the original. `stub(t, "f")`, `stub(t, "f", 5)`,
---`stub(t, "f").returns(5)`, `.invokes(fn)`, `.on_call_with(...).returns(...)`.
---@class Stub: Spy
---@field returns fun(...: any): Stub
---@field invokes fun(func: function): Stub
---@field on_call_with fun(...: any): {returns: fun(...: any): Stub, invokes: fun(func: function): Stub}

---@class StubModule
---@overload fun(object?: table, key?: any, ...: any): Stub
---@field new fun(object?: table, key?: any, ...: any): Stub
stub = {}

---luassert's mock: spies (or stubs) on every function of a table, deeply.
---@class MockModule
---@overload fun(object: table, dostub?: boolean, func?: function): table
---@field new fun(object: table, dostub?: boolean, func?: function, self?: table, key?: any): table
---@field clear fun(object: table): table
---@field revert fun(object: table): table
mock = {}

---luassert's matchers, for `same`, `called_with` and `returned_with`: `match._` (anything),
---`match.is_string()`, `match.is_table()`, `match.truthy()`, `match.same(v)`, `match.matches(p)`,
---`match.is_not.nil()`, `match.any_of(m1, m2)`, ...; each is also callable on a value.
---@class match
---@field _ table Matches any value.
---@field is_matcher fun(object: any): boolean
---@field is_ref_matcher fun(object: any): boolean
---@field state fun(): table
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
---@field called_more_than fun(n: integer): Spy
---@field called_less_than fun(n: integer): Spy

---luassert's `assert`: callable as Lua's assert (a failure when `v` is falsy), with assertions as
---fields. Modifiers `is`, `are`, `was`, `has`, `does` read naturally; `not`/`no` negate
---(`assert.is_not.equal`, `has_no.errors`). An optional last argument adds to the failure message.
---assert:register, say:set and assert:add_formatter extend it, as luassert documents.
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
---@field unique fun(list: table, deep?: boolean, message?: string)
---@field has_error fun(fn: function, expected?: any, message?: string) Message compared without its `file:line:` prefix.
---@field error_matches fun(fn: function, pattern: string, message?: string)
---@field snapshot fun(name: string, value: any) Compares with `__snapshots__/<file>/<name>.snap`; decks, grids and lists as the data of what they show; a name once per scenario. (`assert:snapshot()`, luassert's state snapshot, stays.)
---@field snapshot_svg fun(name: string, obj: tantan.SwipeDeck|tantan.ReorderGrid|tantan.List) Compares tantan.render.svg(obj) with `__snapshots__/<file>/<name>.svg`; a mismatch leaves expected.svg, actual.svg and diff.html in `--artifacts-dir`.
---@field spy fun(s: Spy): SpyAssertion
---@field stub fun(s: Spy): SpyAssertion
---@field is_not Assert
---@field are Assert
---@field is Assert
---@field has_no Assert
---@field register fun(self: Assert, nspace: "assertion"|"modifier"|"matcher", name: string, callback: function, positive_message?: string, negative_message?: string)
---@field add_formatter fun(self: Assert, callback: fun(value: any, fmtargs?: table): string?)
assert = {}
