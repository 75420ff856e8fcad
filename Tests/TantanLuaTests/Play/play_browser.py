"""Browser tests of `tantan-host play`, driven by Playwright for Python with Debian's chromium.

Run by PlayBrowserTests.swift: python3 play_browser.py CASE TANTAN_HOST CHROMIUM WORKDIR. Each case
starts the playground, drives the page like a person (mouse drags, clicks, typing), checks what
the page shows, stops the server with SIGINT and checks it stopped cleanly. Exit status 0: passed;
anything else prints why.
"""
import http.client
import json
import os
import shutil
import signal
import subprocess
import sys
import time
import urllib.parse

from playwright.sync_api import sync_playwright

CASE, HOST, CHROMIUM, WORK = sys.argv[1:5]
ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", ".."))


class Play:
    """A running `tantan-host play` and a page open on it."""

    def __init__(self, pw, args, cwd=ROOT):
        self.proc = subprocess.Popen([HOST, "play"] + args, cwd=cwd, stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE, text=True)
        self.url = self.proc.stdout.readline().strip()
        assert self.url.startswith("http://127.0.0.1:"), f"first line is not the URL: {self.url!r}"
        self.browser = pw.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        self.page = self.browser.new_page(viewport={"width": 1280, "height": 900}, accept_downloads=True)
        self.page.goto(self.url)
        self.page.wait_for_selector("body[data-ready='1']", timeout=15000)

    def events_text(self):
        return self.page.get_by_test_id("events").inner_text()

    def wait_event(self, text, timeout=10000):
        self.page.wait_for_function(
            "t => document.getElementById('events').textContent.includes(t)", arg=text, timeout=timeout)

    def drag(self, testid, dx, dy, steps=10, start=(0.5, 0.5), hold=0.0):
        box = self.page.get_by_test_id(testid).bounding_box()
        x, y = box["x"] + box["width"] * start[0], box["y"] + box["height"] * start[1]
        m = self.page.mouse
        m.move(x, y)
        m.down()
        time.sleep(hold)
        for i in range(1, steps + 1):
            m.move(x + dx * i / steps, y + dy * i / steps)
            time.sleep(0.02)
        m.up()

    def stop(self):
        self.browser.close()
        self.proc.send_signal(signal.SIGINT)
        try:
            out, err = self.proc.communicate(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            raise AssertionError("the server did not stop within 10 s of SIGINT")
        assert self.proc.returncode == 0, f"exit status {self.proc.returncode}: {err[-2000:]}"
        assert "play: stopped" in err, err[-2000:]
        return out, err


def check(cond, message):
    if not cond:
        raise AssertionError(message)


def swipe(pw):
    """A card dragged past the threshold fires did_swipe, shown in the event panel."""
    play = Play(pw, ["--seed", "1", "examples/tantan-classic.lua"])
    play.page.get_by_test_id("clear-events").click()
    play.drag("picture-deck", 200, 20)
    play.wait_event("did_swipe_right(")
    play.wait_event("did_remove(")
    check("did_drag(" in play.events_text(), play.events_text())
    # Clicking an event shows the picture at that moment.
    play.page.locator("#events li").first.click()
    check("<svg" in play.page.get_by_test_id("moment").inner_html(), "no picture for the event")
    check(play.page.get_by_test_id("error").is_hidden(), "an error is shown")
    # The picture the page built from changed lines is the one a fresh page gets whole: paused,
    # a held drag sends the moved card's lines only.
    play.page.get_by_test_id("pause").click()
    play.page.wait_for_function("() => document.getElementById('pause').classList.contains('on')")
    box = play.page.get_by_test_id("picture-deck").bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    play.page.mouse.move(x, y)
    play.page.mouse.down()
    for i in range(1, 6):
        play.page.mouse.move(x - 9 * i, y + 3 * i)
        time.sleep(0.05)
    time.sleep(0.3)
    patched = play.page.get_by_test_id("picture-deck").inner_html()
    play.page.reload()
    play.page.wait_for_selector("body[data-ready='1']", timeout=15000)
    play.page.wait_for_function("() => document.querySelector('[data-testid=picture-deck] svg') !== null")
    whole = play.page.get_by_test_id("picture-deck").inner_html()
    check(patched == whole and "<svg" in whole, f"the patched picture differs:\n{patched}\n---\n{whole}")
    play.stop()


def control(pw):
    """The threshold control: the model uses the new value; a value it refuses keeps the last good one."""
    play = Play(pw, ["--seed", "1", "examples/tantan-classic.lua"])
    box = play.page.get_by_test_id("config-threshold")
    check(box.input_value() == "120", f"threshold shows {box.input_value()}")
    box.fill("300")
    box.press("Enter")
    play.page.wait_for_function(
        "() => document.querySelector('[data-testid=config-threshold]').value === '300' &&"
        " document.querySelector('.control[data-key=threshold] label').classList.contains('set')")
    play.page.get_by_test_id("clear-events").click()
    play.drag("picture-deck", 200, 0)  # past 120, short of 300: it snaps back
    play.wait_event("did_cancel(")
    check("did_swipe" not in play.events_text(), play.events_text())
    visible = play.page.get_by_test_id("config-visible")
    visible.fill("0")
    visible.press("Enter")
    error = play.page.get_by_test_id("config-error")
    error.wait_for(timeout=10000)
    check("visible" in error.inner_text() and "bad argument #1 to 'deck'" in error.inner_text(), error.inner_text())
    play.page.wait_for_function("() => document.querySelector('[data-testid=config-visible]').value === '5'")
    check(play.page.get_by_test_id("config-threshold").input_value() == "300", "the good value was lost")
    play.stop()


def record(pw):
    """A recorded swipe and undo is a scenario that passes under tantan-host test, and fails when changed."""
    play = Play(pw, ["--seed", "7", "examples/tantan-classic.lua"])
    box = play.page.get_by_test_id("config-threshold")
    box.fill("90")
    box.press("Enter")
    play.page.wait_for_function("() => document.querySelector('[data-testid=config-threshold]').value === '90'")
    play.page.get_by_test_id("record").click()
    play.page.wait_for_selector("body[data-recording='1']")
    play.page.get_by_test_id("clear-events").click()
    play.drag("picture-deck", 150, 10)
    play.wait_event("did_remove(")
    play.page.get_by_test_id("button-deck-undo").click()
    play.wait_event("did_rewind(")
    time.sleep(0.5)
    with play.page.expect_download() as d:
        play.page.get_by_test_id("record").click()
        play.page.wait_for_function("() => document.getElementById('scenario').value.length > 0")
        play.page.get_by_test_id("download").click()
    download = d.value
    check(download.suggested_filename == "tantan-classic_play_spec.lua", download.suggested_filename)
    spec = os.path.join(WORK, "tantan-classic_play_spec.lua")
    download.save_as(spec)
    text = open(spec).read()
    check(text == play.page.get_by_test_id("scenario").input_value(), "the download differs from the text shown")
    for needed in ["deck:drag_begin()", "deck:drag_end(", "deck:undo()", '{ "threshold", 90 }', "run_script(",
                   '"did_rewind(', "assert.snapshot(", "tantan.clock.now)"]:
        check(needed in text, f"{needed} missing from the scenario:\n{text}")
    play.stop()
    for attempt in (1, 2):  # the first run writes the golden, the second compares with it
        r = subprocess.run([HOST, "test", spec], cwd=ROOT, capture_output=True, text=True, env={**os.environ, "CI": "false"})
        check(r.returncode == 0 and "1 passed" in r.stdout, f"run {attempt}: {r.stdout}{r.stderr}\n{text}")
    # With a threshold the drag does not pass, the same calls give other events: the scenario fails.
    broken = text.replace('{ "threshold", 90 }', '{ "threshold", 400 }').replace("recorded deck", "changed deck")
    open(os.path.join(WORK, "changed_spec.lua"), "w").write(broken)
    r = subprocess.run([HOST, "test", os.path.join(WORK, "changed_spec.lua")], cwd=ROOT, capture_output=True, text=True,
                       env={**os.environ, "CI": "false"})
    check(r.returncode == 1 and "1 failed" in r.stdout, f"a changed recording still passes: {r.stdout}")


def reload(pw):
    """The script changes on disk: the page follows, shows a Lua error with its line, keeps the panel's values."""
    script = os.path.join(WORK, "deck.lua")
    original = open(os.path.join(ROOT, "examples", "tantan-classic.lua")).read()
    open(script, "w").write(original)
    play = Play(pw, ["--seed", "1", "deck.lua"], cwd=WORK)
    visible = play.page.get_by_test_id("config-visible")
    visible.fill("3")
    visible.press("Enter")
    play.page.wait_for_function("() => document.querySelector('.control[data-key=visible] label').classList.contains('set')")
    time.sleep(0.3)
    open(script, "w").write(original.replace("local deck = tantan.deck{", "local deck = tantan.deck{ no_such_key = 1,"))
    play.page.get_by_test_id("error").wait_for(state="visible", timeout=10000)
    line = play.page.get_by_test_id("error-line")
    check("no_such_key" in line.inner_text(), line.inner_text())
    check("deck.lua:" in play.page.get_by_test_id("error").inner_text(), play.page.get_by_test_id("error").inner_text())
    open(script, "w").write(original.replace("width = 300, height = 400,", "width = 300, height = 400, threshold = 55,"))
    play.page.get_by_test_id("error").wait_for(state="hidden", timeout=10000)
    play.page.wait_for_function("() => document.querySelector('[data-testid=config-threshold]').value === '55'")
    check(play.page.get_by_test_id("config-visible").input_value() == "3", "the panel's value was not kept")
    play.stop()


def grid(pw):
    """A long press lifts a channel, a drag moves it, release drops it; the Edit button toggles editing."""
    play = Play(pw, ["--seed", "1", "examples/channels-grid.lua"])
    play.page.get_by_test_id("clear-events").click()
    # The first channel of the second row (the picture is 375 x 667: the bar, then 80 x 45 cells).
    play.drag("picture-grid", 0, 120, start=(0.16, 0.26), hold=0.8, steps=12)
    play.wait_event("did_drop(")
    play.page.get_by_test_id("button-grid-edit").click()
    play.wait_event("editing")
    play.stop()


def list_(pw):
    """Dragging a list scrolls it; pulling at the top refreshes it."""
    script = os.path.join(WORK, "feed.lua")
    open(script, "w").write("""
local items = {}
for i = 1, 60 do items[i] = {id = i, title = "Row " .. i} end
feed = tantan.list{height = 400, sections = {{id = 1, items = items}},
  delegate = {did_scroll = function(list, offset) end},
  refresh = {threshold = 40, on_refresh = function(list, done) tantan.after(0.3, done) end}}
""")
    play = Play(pw, ["feed.lua"], cwd=WORK)
    play.page.get_by_test_id("clear-events").click()
    play.drag("picture-list", 0, -150)
    play.wait_event("did_scroll(")
    play.drag("picture-list", 0, 150)  # back to the top
    play.drag("picture-list", 0, 120, start=(0.5, 0.2))
    play.wait_event("on_refresh(")
    play.stop()


def limits(pw):
    """A runaway callback is stopped by --timeout, its error shown, and the server goes on."""
    script = os.path.join(WORK, "runaway.lua")
    open(script, "w").write("""
deck = tantan.deck{source = {{title = "A"}, {title = "B"}, {title = "C"}},
  delegate = {did_swipe_right = function() while true do end end}}
""")
    play = Play(pw, ["--timeout", "1", "runaway.lua"], cwd=WORK)
    play.page.get_by_test_id("button-deck-like").click()
    play.page.get_by_test_id("error").wait_for(state="visible", timeout=15000)
    check("timeout" in play.page.get_by_test_id("error").inner_text(), play.page.get_by_test_id("error").inner_text())
    play.page.get_by_test_id("clear-events").click()
    play.page.get_by_test_id("button-deck-nope").click()
    play.wait_event("did_remove(")
    play.stop()


def listening_addresses(port):
    """The local addresses of the sockets listening on `port` (Linux: /proc/net/tcp, tcp6)."""
    found = []
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        if not os.path.exists(table):
            continue
        for row in open(table).read().splitlines()[1:]:
            local, state = row.split()[1], row.split()[3]
            address, hexport = local.rsplit(":", 1)
            if state == "0A" and int(hexport, 16) == port:
                found.append(address)
    return found


def interrupt(pw):
    """Ctrl-C while a callback runs away (no limit set) stops the server cleanly."""
    script = os.path.join(WORK, "stuck.lua")
    open(script, "w").write("""
deck = tantan.deck{source = {{title = "A"}, {title = "B"}, {title = "C"}},
  delegate = {did_swipe_left = function() while true do end end}}
""")
    play = Play(pw, ["stuck.lua"], cwd=WORK)
    play.page.get_by_test_id("button-deck-nope").click()
    time.sleep(1.5)  # the fly-off ends and the callback spins
    check(play.proc.poll() is None, "the server ended by itself")
    play.stop()


def hostile(pw):
    """Requests without the token or with another Host are refused; malformed messages are refused, never fatal."""
    play = Play(pw, ["--seed", "1", "examples/tantan-classic.lua"])
    u = urllib.parse.urlsplit(play.url)
    if os.path.exists("/proc/net/tcp"):  # loopback only: 127.0.0.1, little-endian in the table
        check(listening_addresses(u.port) == ["0100007F"], f"listening on {listening_addresses(u.port)}")
    for path, host in [("/?token=wrong", u.netloc), ("/", u.netloc), (u.path + "?" + u.query, "evil.example:" + str(u.port)),
                       ("/elsewhere?" + u.query, u.netloc)]:
        c = http.client.HTTPConnection("127.0.0.1", u.port, timeout=5)
        c.putrequest("GET", path, skip_host=True)
        c.putheader("Host", host)
        c.endheaders()
        status = c.getresponse().status
        check(status in (403, 404), f"GET {path} Host {host}: {status}")
        check(status == 403 or path.startswith("/elsewhere"), f"GET {path} Host {host}: {status}")
    replies = play.page.evaluate("""async () => {
      const token = new URLSearchParams(location.search).get('token');
      const open = (t) => new Promise((ok) => {
        const ws = new WebSocket(`ws://${location.host}/ws?token=${t}`);
        const got = [];
        ws.onmessage = (e) => { const m = JSON.parse(e.data); if (m.type === 'refused') got.push(m.reason); };
        ws.onopen = () => ok({ws, got, open: true});
        ws.onerror = () => ok({ws, got, open: false});
      });
      const stranger = await open('nope');
      const s = await open(token);
      for (const m of ['not json', '[]', '{"type": 5}', '{"type":"pointer","component":"deck","phase":"fly","x":1,"y":1}',
                       '{"type":"pointer","component":"deck","phase":"down","x":1e400,"y":1}',
                       '{"type":"config","component":"deck","key":"nope","value":1}',
                       '{"type":"button","component":"deck","name":"explode"}', '{"type":"speed","speed":50}',
                       '{"type":"wheel","component":"' + 'x'.repeat(100) + '","dy":1}', '[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[']) {
        s.ws.send(m);
      }
      const big = await open(token);
      big.ws.send('x'.repeat(200000));
      const closed = await new Promise((ok) => { big.ws.onclose = () => ok(true); setTimeout(() => ok(false), 5000); });
      await new Promise((ok) => setTimeout(ok, 1000));
      return {stranger: stranger.open, refused: s.got, bigClosed: closed};
    }""")
    check(not replies["stranger"], "a WebSocket without the token was opened")
    check(len(replies["refused"]) == 10, f"refusals: {replies['refused']}")
    check(replies["bigClosed"], "an oversized message did not close its socket")
    play.drag("picture-deck", 200, 20)  # still serving
    play.wait_event("did_remove(")
    play.stop()


def screenshot(pw):
    """Not a test: the README's picture (WORK is the PNG file to write)."""
    play = Play(pw, ["--seed", "3", "examples/tantan-classic.lua"])
    box = play.page.get_by_test_id("config-threshold")
    box.fill("100")
    box.press("Enter")
    play.page.wait_for_function("() => document.querySelector('[data-testid=config-threshold]').value === '100'")
    play.page.get_by_test_id("record").click()
    play.page.wait_for_selector("body[data-recording='1']")
    play.drag("picture-deck", -180, 30)
    play.wait_event("did_remove(")
    play.page.get_by_test_id("button-deck-undo").click()
    play.wait_event("did_rewind(")
    time.sleep(0.6)
    play.page.get_by_test_id("record").click()
    play.page.wait_for_function("() => document.getElementById('scenario').value.length > 0")
    b = play.page.get_by_test_id("picture-deck").bounding_box()
    x, y = b["x"] + b["width"] / 2, b["y"] + b["height"] / 2
    play.page.mouse.move(x, y)
    play.page.mouse.down()
    for i in range(1, 8):
        play.page.mouse.move(x + 12 * i, y + 2 * i)
        time.sleep(0.03)
    time.sleep(0.4)
    play.page.screenshot(path=WORK)
    play.page.mouse.up()
    play.stop()


CASES = {"screenshot": screenshot, "swipe": swipe, "control": control, "record": record, "reload": reload, "grid": grid, "list": list_,
         "limits": limits, "interrupt": interrupt, "hostile": hostile}

with sync_playwright() as pw:
    CASES[CASE](pw)
print("passed")
